import { useId, type ReactNode } from 'react';
import { LIMITS, REFERENCE_IMAGE_MIME_TYPES } from '@atelier/shared';
import { Button, Checkbox, Field, Input } from '../../../components/ui';
import type { ReferenceImage } from './use-reference-image';

interface AdvancedSettingsProps {
  isOpen: boolean;
  onToggle: () => void;
  namePlaceholder: string;
  name: string;
  onNameChange: (name: string) => void;
  strength: number;
  onStrengthChange: (strength: number) => void;
  image: ReferenceImage | null;
  imageError: string | null;
  onImageChosen: (file: File | null | undefined) => void;
  onImageRemoved: () => void;
  isPrivate: boolean;
  onPrivateChange: (isPrivate: boolean) => void;
  /** Whether the chosen model takes a reference image, and what it does with strength. */
  takesReference?: boolean;
  strengthHint?: string;
  referenceHint?: string;
  /** More settings (negative prompt, seed, tags), after the name. */
  children?: ReactNode;
}

const IMAGE_HINT = 'PNG, JPG up to 10MB';

/** Name, variation strength, reference image and privacy, folded away until asked for. */
export function AdvancedSettings(props: AdvancedSettingsProps) {
  const id = useId();
  const panelId = `${id}-panel`;
  const strengthId = `${id}-strength`;

  return (
    <section className="gen-advanced">
      <button
        type="button"
        className="gen-advanced-toggle"
        aria-expanded={props.isOpen}
        aria-controls={panelId}
        onClick={props.onToggle}
      >
        <span aria-hidden="true" className="gen-chevron" data-open={props.isOpen || undefined}>
          ▸
        </span>
        Advanced settings
      </button>
      {props.isOpen && (
        <div id={panelId} className="gen-advanced-panel">
          <Field label={<OptionalLabel text="Name" />}>
            <Input
              maxLength={LIMITS.contentNameMaxLength}
              placeholder={props.namePlaceholder}
              value={props.name}
              onChange={(e) => props.onNameChange(e.target.value)}
            />
          </Field>

          {props.children}

          <Field
            id={strengthId}
            label="Variation strength"
            hint={props.strengthHint}
            aside={
              <output htmlFor={strengthId} className="gen-range-value">
                {props.strength}
              </output>
            }
          >
            <input
              type="range"
              className="gen-range"
              min={LIMITS.variationStrengthMin}
              max={LIMITS.variationStrengthMax}
              step={1}
              value={props.strength}
              onChange={(e) => props.onStrengthChange(Number(e.target.value))}
            />
          </Field>

          {props.takesReference === false ? (
            <p className="gen-note">{props.referenceHint}</p>
          ) : props.image ? (
            <div className="gen-image-preview">
              <img src={props.image.previewUrl} alt="Reference image preview" />
              <span className="gen-image-name">{props.image.file.name}</span>
              <Button variant="ghost" size="sm" onClick={props.onImageRemoved}>
                Remove image
              </Button>
            </div>
          ) : (
            <Field
              label={<OptionalLabel text="Reference image" />}
              hint={props.referenceHint ? `${IMAGE_HINT}. ${props.referenceHint}` : IMAGE_HINT}
              error={props.imageError ?? undefined}
            >
              <input
                type="file"
                accept={REFERENCE_IMAGE_MIME_TYPES.join(',')}
                className="gen-file"
                onChange={(e) => {
                  props.onImageChosen(e.target.files?.[0]);
                  // Choosing the same file again after an error must fire a change again.
                  e.target.value = '';
                }}
              />
            </Field>
          )}

          <Checkbox
            label="Make this content private"
            checked={props.isPrivate}
            onChange={(e) => props.onPrivateChange(e.target.checked)}
          />
        </div>
      )}
    </section>
  );
}

function OptionalLabel({ text }: { text: string }) {
  return (
    <>
      {text} <span className="gen-optional">(optional)</span>
    </>
  );
}
