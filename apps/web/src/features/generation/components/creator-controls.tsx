import { useId } from 'react';
import {
  GENERATION_COUNT_MAX,
  GENERATION_COUNT_MIN,
  GENERATION_TAGS_MAX,
  NEGATIVE_PROMPT_MAX_LENGTH,
  SEED_MAX,
  type AspectRatio,
  type ModelInfo,
  type ModelSettings,
} from '@atelier/shared';
import { Field, Input, Select, TextArea } from '../../../components/ui';

const COUNTS = Array.from(
  { length: GENERATION_COUNT_MAX - GENERATION_COUNT_MIN + 1 },
  (_, i) => GENERATION_COUNT_MIN + i,
);

const SHAPE_NAMES: Record<AspectRatio, string> = {
  '1:1': 'Square 1:1',
  '4:3': 'Landscape 4:3',
  '3:4': 'Portrait 3:4',
  '3:2': 'Landscape 3:2',
  '2:3': 'Portrait 2:3',
  '16:9': 'Wide 16:9',
  '9:16': 'Tall 9:16',
};

interface CountAndShapeProps {
  count: number;
  onCountChange: (count: number) => void;
  /** Null: the type's usual shape (`usualShape`), which the server gives a request without one. */
  aspectRatio: AspectRatio | null;
  usualShape: AspectRatio;
  onAspectRatioChange: (ratio: AspectRatio | null) => void;
  takes: ModelSettings;
  model: ModelInfo;
}

/** How many candidates (each its own item, charged the model's cost) and their shape. */
export function CountAndShape(props: CountAndShapeProps) {
  const shapeHint = `${props.model.name} makes ${props.takes.aspectRatios.join(', ')}`;
  return (
    <div className="gen-count-shape">
      <fieldset className="gen-count">
        <legend className="gen-label">Candidates</legend>
        <div className="gen-count-list">
          {COUNTS.map((n) => (
            <label key={n} className="gen-count-option" data-selected={n === props.count || undefined}>
              <input
                type="radio"
                name="gen-count"
                value={n}
                checked={n === props.count}
                onChange={() => props.onCountChange(n)}
                className="visually-hidden"
              />
              <span aria-hidden="true">{n}</span>
              <span className="visually-hidden">{n === 1 ? '1 candidate' : `${n} candidates`}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <Field label="Shape" hint={shapeHint}>
        <Select
          value={props.aspectRatio ?? ''}
          onChange={(e) => props.onAspectRatioChange(e.target.value === '' ? null : (e.target.value as AspectRatio))}
        >
          <option value="">Usual ({SHAPE_NAMES[props.usualShape]})</option>
          {props.takes.aspectRatios.map((ratio) => (
            <option key={ratio} value={ratio}>
              {SHAPE_NAMES[ratio]}
            </option>
          ))}
        </Select>
      </Field>
    </div>
  );
}

interface MoreSettingsProps {
  takes: ModelSettings;
  model: ModelInfo;
  negativePrompt: string;
  onNegativePromptChange: (text: string) => void;
  seed: string;
  onSeedChange: (seed: string) => void;
  tags: string;
  onTagsChange: (tags: string) => void;
}

/** Negative prompt (greyed out with the reason when the model takes none), seed and tags. */
export function MoreSettings(props: MoreSettingsProps) {
  const seedId = useId();
  const negativeHint = props.takes.negativePrompt
    ? 'What to keep out of the picture'
    : `${props.model.name} does not take a negative prompt`;
  return (
    <>
      <Field label={<Optional text="Negative prompt" />} hint={negativeHint}>
        <TextArea
          rows={2}
          maxLength={NEGATIVE_PROMPT_MAX_LENGTH}
          disabled={!props.takes.negativePrompt}
          placeholder={props.takes.negativePrompt ? 'text, watermark, blur' : undefined}
          value={props.takes.negativePrompt ? props.negativePrompt : ''}
          onChange={(e) => props.onNegativePromptChange(e.target.value)}
        />
      </Field>
      <Field id={seedId} label="Seed" hint="Empty for a random seed; the same seed and settings make the same picture">
        <Input
          inputMode="numeric"
          placeholder="random"
          value={props.seed}
          onChange={(e) => props.onSeedChange(e.target.value.replace(/[^0-9]/g, '').slice(0, String(SEED_MAX).length))}
        />
      </Field>
      <Field label={<Optional text="Tags" />} hint={`Comma-separated, at most ${GENERATION_TAGS_MAX}`}>
        <Input placeholder="harbour, night" value={props.tags} onChange={(e) => props.onTagsChange(e.target.value)} />
      </Field>
    </>
  );
}

/** Tags as the person typed them: comma-separated, trimmed, empty ones dropped. */
export function parseTags(text: string): string[] {
  return text
    .split(',')
    .map((t) => t.trim())
    .filter((t) => t !== '');
}

/** A seed field's value: empty (random) or a whole number up to SEED_MAX. */
export function parseSeed(text: string): number | undefined {
  if (text.trim() === '') return undefined;
  const n = Number(text);
  return Number.isInteger(n) && n >= 0 && n <= SEED_MAX ? n : undefined;
}

function Optional({ text }: { text: string }) {
  return (
    <>
      {text} <span className="gen-optional">(optional)</span>
    </>
  );
}
