import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '../../../components/ui/toast';
import { EDIT_OPERATIONS, LIMITS, MSG, editCost, type EditOperation } from '@atelier/shared';
import { Button, Card, Checkbox, Field, Input, Select, TextArea } from '../../../components/ui';
import { useAppSelector } from '../../../lib/hooks';
import { errorMessage } from '../../../lib/errors';
import {
  type Content,
  useDeleteContentItemMutation,
  useEditContentMutation,
  useUpdateContentItemMutation,
} from '../../generation';
import { useRetryKey } from '../../../lib/use-retry-key';
import { useListCategoriesQuery } from '../content-api';

/** The title as a heading, or for the owner an inline editor behind a Rename button. */
export function ContentTitle({ content, isOwner }: { content: Content; isOwner: boolean }) {
  const [draft, setDraft] = useState<string | null>(null);
  const [update, { isLoading }] = useUpdateContentItemMutation();

  if (draft === null) {
    return (
      <div className="content-title-row">
        <h1 className="content-title">{content.title}</h1>
        {isOwner && (
          <Button variant="ghost" size="sm" onClick={() => setDraft(content.title)}>
            Rename
          </Button>
        )}
      </div>
    );
  }

  const title = draft.trim();
  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (!title || title === content.title) {
      setDraft(null);
      return;
    }
    try {
      await update({ id: content.id, title }).unwrap();
      setDraft(null);
    } catch (err) {
      toast.error(errorMessage(err, MSG.content.updateFailed));
    }
  };

  return (
    <form className="content-title-row" onSubmit={save}>
      <Input
        aria-label="Title"
        className="content-title-input"
        value={draft}
        maxLength={LIMITS.contentNameMaxLength}
        autoFocus
        onChange={(e) => setDraft(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Escape') setDraft(null);
        }}
      />
      <Button type="submit" size="sm" disabled={!title} isLoading={isLoading}>
        Save
      </Button>
      <Button variant="ghost" size="sm" onClick={() => setDraft(null)}>
        Cancel
      </Button>
    </form>
  );
}

/** Category and tags, for the owner: where the item shows up in the gallery. */
export function ContentClassification({ content }: { content: Content }) {
  const [update, { isLoading }] = useUpdateContentItemMutation();
  const { data: categories } = useListCategoriesQuery({ page: 1, pageSize: 100 });
  const [categoryId, setCategoryId] = useState(content.categoryId ?? '');
  const [tags, setTags] = useState((content.tags ?? []).join(', '));
  const save = async (event: FormEvent) => {
    event.preventDefault();
    const list = tags
      .split(',')
      .map((t) => t.trim())
      .filter((t) => t !== '');
    try {
      await update({ id: content.id, categoryId: categoryId || null, tags: list }).unwrap();
      toast.success('Category and tags saved');
    } catch (err) {
      toast.error(errorMessage(err, MSG.content.updateFailed));
    }
  };
  return (
    <form className="content-classification" onSubmit={save} aria-label="Category and tags">
      <Field label="Category">
        <Select value={categoryId} onChange={(e) => setCategoryId(e.target.value)}>
          <option value="">No category</option>
          {(categories?.data ?? []).map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </Select>
      </Field>
      <Field label="Tags" hint="Comma-separated">
        <Input value={tags} onChange={(e) => setTags(e.target.value)} />
      </Field>
      <Button type="submit" size="sm" variant="secondary" isLoading={isLoading}>
        Save category and tags
      </Button>
    </form>
  );
}

/** Privacy and deletion, for the owner only. */
export function ContentOwnerControls({ content }: { content: Content }) {
  const navigate = useNavigate();
  const [update, { isLoading: isSaving }] = useUpdateContentItemMutation();
  const [remove, { isLoading: isDeleting }] = useDeleteContentItemMutation();
  const [isConfirming, setIsConfirming] = useState(false);

  const togglePrivacy = async (isPrivate: boolean) => {
    try {
      await update({ id: content.id, isPrivate }).unwrap();
    } catch (err) {
      toast.error(errorMessage(err, MSG.content.updateFailed));
    }
  };
  const toggleMature = async (isMature: boolean) => {
    try {
      await update({ id: content.id, rating: isMature ? 'mature' : 'general' }).unwrap();
    } catch (err) {
      toast.error(errorMessage(err, MSG.content.updateFailed));
    }
  };

  const confirmDelete = async () => {
    try {
      const { message } = await remove(content.id).unwrap();
      toast.success(message ?? 'Content deleted');
      navigate('/');
    } catch (err) {
      toast.error(errorMessage(err, MSG.content.deleteFailed));
      setIsConfirming(false);
    }
  };

  return (
    <div className="content-owner-controls">
      <Checkbox
        label="Private"
        hint="Only you can see it"
        checked={content.isPrivate}
        disabled={isSaving}
        onChange={(e) => void togglePrivacy(e.target.checked)}
      />
      {/* A rating the generator's safety check fixed is shown as it is, with the reason. */}
      <Checkbox
        label="Mature"
        hint={content.isRatingLocked ? MSG.content.ratingLocked : 'Shown only to signed-in adults who choose to see mature content'}
        checked={content.rating === 'mature'}
        disabled={isSaving || content.isRatingLocked === true}
        onChange={(e) => void toggleMature(e.target.checked)}
      />
      {isConfirming ? (
        <div className="content-confirm" role="group" aria-label="Confirm delete">
          <span>Delete this content? This cannot be undone.</span>
          <Button variant="danger" size="sm" onClick={confirmDelete} isLoading={isDeleting}>
            Yes, delete
          </Button>
          <Button variant="ghost" size="sm" onClick={() => setIsConfirming(false)}>
            Keep it
          </Button>
        </div>
      ) : (
        <Button variant="secondary" size="sm" onClick={() => setIsConfirming(true)}>
          Delete
        </Button>
      )}
    </div>
  );
}

const OPERATION_TEXT: Record<EditOperation, { label: string; hint: string }> = {
  upscale: { label: 'Upscale', hint: 'A larger copy at a higher resolution.' },
  crop: { label: 'Crop', hint: 'Cut to a new aspect ratio.' },
  recolour: { label: 'Recolour', hint: 'Shift the palette towards one colour.' },
  variation: { label: 'Variation', hint: 'A new take on the same idea.' },
};

const ASPECTS = ['1:1', '4:3', '3:4', '16:9', '9:16'];

const plural = (n: number) => `${n} ${n === 1 ? 'credit' : 'credits'}`;

/** Edit operations make a new piece from this one; the page then moves to it. */
export function ContentEditPanel({ content }: { content: Content }) {
  const id = useId();
  const navigate = useNavigate();
  const credits = useAppSelector((s) => s.auth.user?.credits ?? 0);
  const [edit, { isLoading }] = useEditContentMutation();
  const retryKey = useRetryKey();
  const [operation, setOperation] = useState<EditOperation>('upscale');
  const [aspect, setAspect] = useState(ASPECTS[0]!);
  const [colour, setColour] = useState('#6d28d9');
  const [prompt, setPrompt] = useState(content.prompt);
  const [strength, setStrength] = useState<number>(LIMITS.variationStrengthDefault);
  const [error, setError] = useState<string | null>(null);
  const cost = editCost(operation, content.contentType, content.model);
  const isShort = credits < cost;

  const apply = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const extra =
      operation === 'crop'
        ? { aspect }
        : operation === 'recolour'
          ? { colour }
          : operation === 'variation'
            ? { prompt: prompt.trim() || undefined, strength }
            : {};
    const request = { contentId: content.id, operation, ...extra };
    try {
      const result = await edit({ ...request, idempotencyKey: retryKey.keyFor(JSON.stringify(request)) }).unwrap();
      retryKey.settle();
      navigate(result.url.startsWith('/') ? result.url : `/content/${result.id}`);
    } catch (err) {
      retryKey.settle(err);
      const message = errorMessage(err, MSG.generation.failed);
      setError(message);
      toast.error(message);
    }
  };

  return (
    <Card as="section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="content-card-title">
        Edit
      </h2>
      <form className="content-edit" onSubmit={apply}>
        <fieldset className="content-edit-operations">
          <legend className="visually-hidden">Operation</legend>
          {EDIT_OPERATIONS.map((op) => (
            <label key={op} className="content-radio">
              <input
                type="radio"
                name={`${id}-operation`}
                value={op}
                checked={operation === op}
                onChange={() => setOperation(op)}
              />
              {OPERATION_TEXT[op].label}
            </label>
          ))}
        </fieldset>
        <p className="content-muted">
          {OPERATION_TEXT[operation].hint} Costs {plural(cost)}; the result is a new item and this one stays as it is.
        </p>

        {operation === 'crop' && (
          <Field label="Aspect ratio">
            <Select value={aspect} onChange={(e) => setAspect(e.target.value)}>
              {ASPECTS.map((value) => (
                <option key={value} value={value}>
                  {value}
                </option>
              ))}
            </Select>
          </Field>
        )}
        {operation === 'recolour' && (
          <Field label="Colour">
            <input type="color" className="content-colour" value={colour} onChange={(e) => setColour(e.target.value)} />
          </Field>
        )}
        {operation === 'variation' && (
          <>
            <Field label="Prompt" aside={`${prompt.length}/${LIMITS.promptMaxLength}`}>
              <TextArea
                rows={3}
                maxLength={LIMITS.promptMaxLength}
                value={prompt}
                onChange={(e) => setPrompt(e.target.value)}
              />
            </Field>
            <Field
              id={`${id}-strength`}
              label="Variation strength"
              aside={<output htmlFor={`${id}-strength`}>{strength}</output>}
            >
              <input
                type="range"
                className="content-range"
                min={LIMITS.variationStrengthMin}
                max={LIMITS.variationStrengthMax}
                value={strength}
                onChange={(e) => setStrength(Number(e.target.value))}
              />
            </Field>
          </>
        )}

        {error && (
          <p role="alert" className="content-error-text">
            {error}
          </p>
        )}
        {isShort && !error && <p className="content-warning">{MSG.validation.insufficientCredits}</p>}
        <Button type="submit" disabled={isShort} isLoading={isLoading}>
          {isLoading ? 'Starting...' : `Apply ${OPERATION_TEXT[operation].label.toLowerCase()} · ${plural(cost)}`}
        </Button>
      </form>
    </Card>
  );
}
