import type { ModelInfo } from '@atelier/shared';

interface ModelPickerProps {
  models: ModelInfo[];
  value: string;
  onChange: (modelId: string) => void;
  /** The balance, and how many candidates are asked for: each card says whether the balance covers it. */
  credits?: number;
  count?: number;
}

/** One card per model: name, cost in credits, speed and quality, and whether the balance covers it. */
export function ModelPicker({ models, value, onChange, credits, count = 1 }: ModelPickerProps) {
  return (
    <fieldset className="gen-models">
      <legend className="gen-label">Model</legend>
      <div className="gen-model-list">
        {models.map((model) => (
          <label key={model.id} className="gen-model-card" data-selected={model.id === value || undefined}>
            <input
              type="radio"
              name="gen-model"
              value={model.id}
              checked={model.id === value}
              onChange={() => onChange(model.id)}
              className="visually-hidden"
            />
            <span className="gen-model-head">
              <span className="gen-model-name">{model.name}</span>
              <span className="gen-model-cost">{model.cost} credits</span>
            </span>
            <span className="gen-model-meta">
              <span>Speed: {model.speed}</span>
              <span>Quality: {model.quality}</span>
            </span>
            <span className="gen-model-description">{model.description}</span>
            {credits !== undefined && (
              <span className="gen-model-afford" data-covered={model.cost * count <= credits}>
                {model.cost * count <= credits
                  ? 'Your credits cover it'
                  : `${model.cost * count - credits} more credits needed`}
              </span>
            )}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
