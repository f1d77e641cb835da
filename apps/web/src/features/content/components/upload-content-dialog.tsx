import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '../../../components/ui/toast';
import {
  CONTENT_TYPES,
  CONTENT_TYPE_NAMES,
  LIMITS,
  MSG,
  UPLOAD_IMAGE_MAX_BYTES,
  UPLOAD_VIDEO_MAX_BYTES,
  uploadContentFields,
  type CategoryTreeNode,
  type ContentType,
} from '@atelier/shared';
import { errorMessage } from '../../../lib/errors';
import { Button, Checkbox, Dialog, Field, Input, ProgressBar, Select, TextArea } from '../../../components/ui';
import { useCategoryTreeQuery, useUploadContentMutation } from '../content-api';
import { guessContentType, isContentType, titleFromFileName } from '../content-upload';

const ACCEPT = 'image/png,image/jpeg,image/webp,image/gif,image/svg+xml,video/mp4,video/webm';

function flatten(nodes: CategoryTreeNode[] | undefined, depth = 0): { id: string; label: string }[] {
  return (nodes ?? []).flatMap((n) => [
    { id: n.id, label: `${'\u2003'.repeat(depth)}${n.name}` },
    ...flatten(n.children, depth + 1),
  ]);
}

function sizeError(file: File): string | null {
  const isVideo = file.type.startsWith('video/');
  if (isVideo && file.size > UPLOAD_VIDEO_MAX_BYTES) return 'Videos can be at most 100 MB';
  if (!isVideo && file.size > UPLOAD_IMAGE_MAX_BYTES) return 'Images can be at most 10 MB';
  return null;
}

interface FormState {
  title: string;
  description: string;
  contentType: ContentType;
  categoryId: string;
  tags: string;
  isPrivate: boolean;
  isMature: boolean;
}

const EMPTY: FormState = {
  title: '',
  description: '',
  contentType: 'photo',
  categoryId: '',
  tags: '',
  isPrivate: false,
  isMature: false,
};

/** Upload your own image or video as content (POST /content); on success it opens the new item. */
export function UploadContentDialog({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const formId = useId();
  const navigate = useNavigate();
  const [upload, { isLoading }] = useUploadContentMutation();
  const { data: tree } = useCategoryTreeQuery(undefined, { skip: !isOpen });
  const [file, setFile] = useState<File | null>(null);
  const [fields, setFields] = useState<FormState>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [progress, setProgress] = useState<number | undefined>(undefined);

  const close = () => {
    if (isLoading) return;
    setFile(null);
    setFields(EMPTY);
    setErrors({});
    setProgress(undefined);
    onClose();
  };

  const pick = (picked: File | undefined) => {
    setFile(picked ?? null);
    setErrors((e) => ({ ...e, file: picked ? (sizeError(picked) ?? '') : '' }));
    if (!picked) return;
    // The file suggests a type and a title; both stay editable.
    setFields((f) => ({
      ...f,
      contentType: guessContentType(picked),
      title: f.title || titleFromFileName(picked.name),
    }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    if (!file) found.file = 'Please choose a file to upload';
    else if (sizeError(file)) found.file = sizeError(file) as string;
    const parsed = uploadContentFields.safeParse({ ...fields, isPrivate: String(fields.isPrivate) });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) found[String(issue.path[0])] ??= issue.message;
    }
    setErrors(found);
    if (Object.keys(found).length > 0 || !file) return;
    setProgress(0);
    try {
      const created = await upload({
        file,
        fields: {
          title: fields.title.trim(),
          description: fields.description.trim() || undefined,
          contentType: fields.contentType,
          categoryId: fields.categoryId || undefined,
          tags: fields.tags.trim() || undefined,
          isPrivate: fields.isPrivate,
          isMature: fields.isMature,
        },
        onProgress: setProgress,
      }).unwrap();
      toast.success('Your upload is ready');
      setFile(null);
      setFields(EMPTY);
      setProgress(undefined);
      onClose();
      navigate(`/content/${created.id}`);
    } catch (err) {
      setProgress(undefined);
      toast.error(errorMessage(err, MSG.content.createFailed));
    }
  };

  const set = (key: keyof FormState) => (e: { target: { value: string } }) =>
    setFields((f) => ({ ...f, [key]: e.target.value }));

  return (
    <Dialog
      isOpen={isOpen}
      onClose={close}
      title="Upload your own work"
      description="PNG, JPEG, WebP, GIF or SVG images up to 10 MB, MP4 or WebM videos up to 100 MB."
      size="md"
      footer={
        <>
          <Button variant="secondary" onClick={close} disabled={isLoading}>
            Cancel
          </Button>
          <Button type="submit" form={formId} isLoading={isLoading} disabled={isLoading}>
            {isLoading ? 'Uploading...' : 'Upload'}
          </Button>
        </>
      }
    >
      <form id={formId} className="stack" onSubmit={submit} aria-label="Upload content" noValidate>
        <Field label="File" isRequired error={errors.file || undefined}>
          <input type="file" accept={ACCEPT} disabled={isLoading} onChange={(e) => pick(e.target.files?.[0])} />
        </Field>
        <Field label="Title" isRequired error={errors.title}>
          <Input
            value={fields.title}
            maxLength={LIMITS.contentNameMaxLength}
            disabled={isLoading}
            onChange={set('title')}
          />
        </Field>
        <Field label="Description" error={errors.description}>
          <TextArea value={fields.description} rows={3} disabled={isLoading} onChange={set('description')} />
        </Field>
        <Field
          label="Type"
          hint="Suggested from the file; the server checks it against the file's contents."
          error={errors.contentType}
        >
          <Select
            value={fields.contentType}
            disabled={isLoading}
            onChange={(e) =>
              isContentType(e.target.value) && setFields((f) => ({ ...f, contentType: e.target.value as ContentType }))
            }
          >
            {CONTENT_TYPES.map((t) => (
              <option key={t} value={t}>
                {CONTENT_TYPE_NAMES[t]}
              </option>
            ))}
          </Select>
        </Field>
        <Field label="Category" error={errors.categoryId}>
          <Select value={fields.categoryId} disabled={isLoading} onChange={set('categoryId')}>
            <option value="">No category</option>
            {flatten(tree).map((c) => (
              <option key={c.id} value={c.id}>
                {c.label}
              </option>
            ))}
          </Select>
        </Field>
        <Field label="Tags" hint="Separate tags with commas" error={errors.tags}>
          <Input value={fields.tags} placeholder="sea, dusk, harbour" disabled={isLoading} onChange={set('tags')} />
        </Field>
        <Checkbox
          label="Make this content private"
          hint="Only you will see it."
          checked={fields.isPrivate}
          disabled={isLoading}
          onChange={(e) => setFields((f) => ({ ...f, isPrivate: e.target.checked }))}
        />
        <Checkbox
          label="Mature content"
          hint="Shown only to signed-in adults who choose to see mature content."
          checked={fields.isMature}
          disabled={isLoading}
          onChange={(e) => setFields((f) => ({ ...f, isMature: e.target.checked }))}
        />
        {progress !== undefined && (
          <ProgressBar value={progress >= 100 ? undefined : progress} label="Upload progress" />
        )}
      </form>
    </Dialog>
  );
}
