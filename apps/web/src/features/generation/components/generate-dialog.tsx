import { lazy, Suspense, useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import {
  CONTENT_TYPES,
  CONTENT_TYPE_NAMES,
  LIMITS,
  MODELS_BY_TYPE,
  MSG,
  defaultAspectRatio,
  defaultContentName,
  promptPlaceholder,
  modelSettings,
  settingRefusal,
  type AspectRatio,
  type ContentType,
} from '@atelier/shared';
import { Button, Dialog, Field, Spinner, Tabs, TextArea, type TabItem } from '../../../components/ui';
import { formatCount } from '../../../components/format';
import { useAppDispatch, useAppSelector } from '../../../lib/hooks';
import { errorMessage } from '../../../lib/errors';
import { uiActions } from '../../ui';
import { creditsUpdated } from '../../../lib/session';
import { creditBalanceApi } from '../../../lib/credit-balance';
import { useGetPublicConfigQuery } from '../../../lib/public-config';
import { useGenerateContentMutation } from '../generation-api';
import { ModelPicker } from './model-picker';
import { ExamplePrompts } from './example-prompts';
import { AdvancedSettings } from './advanced-settings';
import { CountAndShape, MoreSettings, parseSeed, parseTags } from './creator-controls';
import { useReferenceImage } from './use-reference-image';
import { useRetryKey } from '../../../lib/use-retry-key';
import '../generation.css';

// The buy step's packs and checkout, fetched only when someone runs short in the dialog.
const BuyCredits = lazy(() => import('../../billing').then((m) => ({ default: m.BuyCredits })));

const TYPE_TABS: TabItem<ContentType>[] = CONTENT_TYPES.map((type) => ({ id: type, label: CONTENT_TYPE_NAMES[type] }));

/**
 * The global Generate dialog. It shows only for a signed-in person; the panel below unmounts on
 * close, which is what resets the name, image, strength, error, privacy and settings panel.
 */
export function GenerateDialog() {
  const dispatch = useAppDispatch();
  const isOpen = useAppSelector((s) => s.ui.modelDialog.isOpen);
  const isAuthenticated = useAppSelector((s) => s.auth.isAuthenticated && s.auth.user !== null);

  useEffect(() => {
    // Signed out while it was open, or opened by something that did not check: ask to sign in instead.
    if (isOpen && !isAuthenticated) {
      dispatch(uiActions.modelDialogClosed());
      dispatch(uiActions.authModalOpened('login'));
    }
  }, [isOpen, isAuthenticated, dispatch]);

  if (!isOpen || !isAuthenticated) return null;
  return <GenerateDialogPanel />;
}

function GenerateDialogPanel() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const formId = useId();
  const counterId = useId();
  const promptRef = useRef<HTMLTextAreaElement>(null);

  const { contentType: storedType, selectedModel, prompt, preset } = useAppSelector((s) => s.ui.modelDialog);
  const credits = useAppSelector((s) => s.auth.user?.credits ?? 0);
  const { data: config } = useGetPublicConfigQuery();
  // The integrator adds this field to GET /config; without it the note stays hidden.
  const isLocalRenderer = config?.generationProvider === 'local';

  const [name, setName] = useState('');
  const [strength, setStrength] = useState<number>(preset?.strength ?? LIMITS.variationStrengthDefault);
  const [isPrivate, setIsPrivate] = useState(false);
  // Settings taken from an item open the panel, so the person sees what was copied.
  const [isSettingsOpen, setIsSettingsOpen] = useState(preset !== undefined && preset !== null);
  const [count, setCount] = useState(1);
  const [chosenShape, setChosenShape] = useState<AspectRatio | null>(preset?.aspectRatio ?? null);
  const [negativePrompt, setNegativePrompt] = useState(preset?.negativePrompt ?? '');
  const [seedText, setSeedText] = useState(preset?.seed !== undefined ? String(preset.seed) : '');
  const [tagsText, setTagsText] = useState('');
  const remixOf = preset?.remixOf;
  const [error, setError] = useState<string | null>(null);
  const reference = useReferenceImage();
  const retryKey = useRetryKey();
  const copiedReference = preset?.referenceImageUrl ?? null;
  const chooseReference = reference.choose;
  useEffect(() => {
    // "Use these settings" on one's own item brings its reference image along.
    if (!copiedReference) return;
    let isCurrent = true;
    void fetch(copiedReference)
      .then(async (res) => {
        if (!res.ok || !isCurrent) return;
        const blob = await res.blob();
        const ext = blob.type.split('/')[1] ?? 'png';
        if (isCurrent) chooseReference(new File([blob], `reference.${ext}`, { type: blob.type }));
      })
      .catch(() => undefined);
    return () => {
      isCurrent = false;
    };
  }, [copiedReference, chooseReference]);
  const [generate, { isLoading: isBusy }] = useGenerateContentMutation();

  const contentType: ContentType = storedType ?? CONTENT_TYPES[0];
  const models = MODELS_BY_TYPE[contentType];
  const model = models.find((m) => m.id === selectedModel) ?? models[0]!;
  const typeName = CONTENT_TYPE_NAMES[contentType];
  const trimmedPrompt = prompt.trim();
  const takes = modelSettings(contentType, model.id);
  // The shape chosen (or copied) while the model makes it; none, the server gives the type's usual one.
  const aspectRatio: AspectRatio | null = chosenShape && takes.aspectRatios.includes(chosenShape) ? chosenShape : null;
  const totalCost = model.cost * count;
  const isShort = credits < totalCost;
  const missing = Math.max(0, totalCost - credits);
  const canGenerate = !isBusy && trimmedPrompt.length > 0 && !isShort;
  // Short of credits, the Generate button opens this step: the packs and checkout, in the dialog.
  const [isBuying, setIsBuying] = useState(false);
  useEffect(() => {
    // Bought enough (or chose fewer candidates): back to the prompt, ready to generate.
    if (!isShort) setIsBuying(false);
  }, [isShort]);
  // A server refusal for credits reads the same as the local check, so both share one notice.
  const isShortNoticeShown = isShort || error === MSG.validation.insufficientCredits;
  const otherError = error === MSG.validation.insufficientCredits ? null : error;

  const close = () => dispatch(uiActions.modelDialogClosed());

  useEffect(() => {
    if (!storedType) dispatch(uiActions.modelDialogTypeChosen(CONTENT_TYPES[0]));
  }, [storedType, dispatch]);

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (isBusy) return;
    if (!storedType || !trimmedPrompt) {
      setError(storedType ? MSG.validation.promptRequired : MSG.validation.contentTypeAndPromptRequired);
      return;
    }
    if (isShort) {
      setError(MSG.validation.insufficientCredits);
      return;
    }
    const file = takes.referenceImage ? (reference.image?.file ?? null) : null;
    const negative = takes.negativePrompt ? negativePrompt.trim() : '';
    const refusal = settingRefusal(storedType, model, {
      referenceImage: file !== null,
      negativePrompt: negative,
      aspectRatio,
    });
    if (refusal) {
      setError(refusal);
      return;
    }
    const tags = parseTags(tagsText);
    const request = {
      prompt: trimmedPrompt,
      contentType: storedType,
      model: model.id,
      name: name.trim() || undefined,
      isPrivate,
      strength,
      ...(count > 1 ? { count } : {}),
      ...(aspectRatio ? { aspectRatio } : {}),
      ...(negative ? { negativePrompt: negative } : {}),
      ...(parseSeed(seedText) !== undefined ? { seed: parseSeed(seedText) } : {}),
      ...(tags.length > 0 ? { tags } : {}),
      ...(remixOf ? { remixOf: remixOf.id } : {}),
    };
    const signature = JSON.stringify({ ...request, file: file ? [file.name, file.size, file.lastModified] : null });

    setError(null);
    try {
      const content = await generate({
        ...request,
        referenceImage: file,
        idempotencyKey: retryKey.keyFor(signature),
      }).unwrap();
      retryKey.settle();
      dispatch(
        creditsUpdated(Math.max(0, credits - (content.charged ?? content.cost) * (content.batch?.itemIds.length ?? 1))),
      );
      close();
      navigate(`/content/${content.id}`);
    } catch (err) {
      retryKey.settle(err);
      if ((err as FetchBaseQueryError | undefined)?.status === 402) {
        dispatch(
          creditBalanceApi.endpoints.getCreditBalance.initiate(undefined, { subscribe: false, forceRefetch: true }),
        );
      }
      setError(errorMessage(err, MSG.generation.failed));
    }
  };

  const onPromptKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      void submit();
    }
  };

  const footer = isBuying ? (
    <div className="gen-footer">
      <Button variant="secondary" size="lg" isFullWidth onClick={() => setIsBuying(false)}>
        Back to your prompt
      </Button>
    </div>
  ) : (
    <div className="gen-footer">
      {otherError && (
        <p role="alert" className="gen-error-text">
          {otherError}
        </p>
      )}
      {/* Right by the button, so a phone shows it where the person looks. */}
      {isShortNoticeShown && (
        <p role="status" className="gen-warning gen-warning--footer">
          {MSG.validation.insufficientCredits}: this costs {formatCount(totalCost)} credits and you have{' '}
          {formatCount(credits)}.
        </p>
      )}
      {isShort && !isBusy ? (
        <Button size="lg" isFullWidth onClick={() => setIsBuying(true)}>
          Get {missing} more credits
        </Button>
      ) : (
        <Button type="submit" form={formId} size="lg" isFullWidth disabled={!canGenerate} isLoading={isBusy}>
          {isBusy
            ? 'Generating...'
            : count > 1
              ? `Generate ${count} × ${typeName} · ${totalCost} credits`
              : `Generate ${typeName} · ${model.cost} credits`}
        </Button>
      )}
      {isLocalRenderer && (
        <p className="gen-footnote">
          Running locally? Atelier's built-in renderer is a stand-in that draws procedural art, not an AI model.
        </p>
      )}
    </div>
  );

  return (
    <Dialog
      isOpen
      onClose={close}
      title={`Generate ${typeName}`}
      size="xl"
      initialFocusRef={promptRef}
      footer={footer}
      className="gen-dialog"
    >
      {isBuying ? (
        <section className="gen-buy" aria-labelledby="gen-buy-title">
          <h2 id="gen-buy-title" className="gen-buy__title">
            Get {missing} more credits
          </h2>
          <p className="gen-buy__lead">
            {count > 1 ? `${count} × ${typeName}` : typeName} with {model.name} costs {totalCost} credits; you have{' '}
            {formatCount(credits)}. Once you have bought enough, you are back at your prompt, ready to generate.
          </p>
          <Suspense fallback={<Spinner label="Loading credit packs" />}>
            <BuyCredits headingLevel="h3" />
          </Suspense>
        </section>
      ) : (
        <Tabs
          label="Content type"
          tabs={TYPE_TABS}
          selected={contentType}
          onSelect={(type) => dispatch(uiActions.modelDialogTypeChosen(type))}
        >
          <form id={formId} className="gen-body" onSubmit={submit} noValidate>
            <div className="gen-main">
              {remixOf && (
                <p className="gen-remix-note" role="note">
                  Remix of “{remixOf.title}” by {remixOf.ownerName}: your item will credit it.
                </p>
              )}
              <ModelPicker
                models={models}
                value={model.id}
                onChange={(id) => dispatch(uiActions.modelSelected(id))}
                credits={credits}
                count={count}
              />

              <Field
                label="Prompt"
                aside={
                  <span id={counterId} className="gen-counter" aria-live="polite">
                    {prompt.length}/{LIMITS.promptMaxLength}
                  </span>
                }
              >
                <TextArea
                  ref={promptRef}
                  className="gen-prompt"
                  rows={4}
                  maxLength={LIMITS.promptMaxLength}
                  placeholder={promptPlaceholder(contentType)}
                  aria-describedby={counterId}
                  value={prompt}
                  onChange={(e) => {
                    dispatch(uiActions.promptSet(e.target.value.slice(0, LIMITS.promptMaxLength)));
                    if (error) setError(null);
                  }}
                  onKeyDown={onPromptKeyDown}
                />
              </Field>

              <CountAndShape
                count={count}
                onCountChange={setCount}
                aspectRatio={aspectRatio}
                usualShape={defaultAspectRatio(contentType)}
                onAspectRatioChange={setChosenShape}
                takes={takes}
                model={model}
              />

              <AdvancedSettings
                takesReference={takes.referenceImage}
                referenceHint={
                  takes.referenceImage ? undefined : `${model.name} does not take a reference image for ${typeName}`
                }
                strengthHint={
                  takes.strength === 'reference'
                    ? 'How far to move from the reference image'
                    : `Hosted ${model.name} ignores strength; the local renderer uses it`
                }
                isOpen={isSettingsOpen}
                onToggle={() => setIsSettingsOpen((open) => !open)}
                namePlaceholder={defaultContentName(contentType)}
                name={name}
                onNameChange={setName}
                strength={strength}
                onStrengthChange={setStrength}
                image={reference.image}
                imageError={reference.error}
                onImageChosen={reference.choose}
                onImageRemoved={reference.remove}
                isPrivate={isPrivate}
                onPrivateChange={setIsPrivate}
              >
                <MoreSettings
                  takes={takes}
                  model={model}
                  negativePrompt={negativePrompt}
                  onNegativePromptChange={setNegativePrompt}
                  seed={seedText}
                  onSeedChange={setSeedText}
                  tags={tagsText}
                  onTagsChange={setTagsText}
                />
              </AdvancedSettings>
            </div>

            <aside className="gen-side">
              <ExamplePrompts contentType={contentType} onPick={(example) => dispatch(uiActions.promptSet(example))} />

              <section className="gen-credits" aria-label="Credits">
                <p className="gen-credits-line">Your credits: {formatCount(credits)}</p>
                <p className="gen-credits-line">
                  Cost: {count > 1 ? `${count} × ${model.cost} = ${totalCost}` : model.cost} credits
                </p>
                <p className="gen-tip">
                  Tip: specific prompts work best. Name the subject, the setting, the style and the light — “a red fox
                  in fresh snow at dawn, telephoto” beats “a fox”.
                </p>
              </section>
            </aside>
          </form>
        </Tabs>
      )}
    </Dialog>
  );
}
