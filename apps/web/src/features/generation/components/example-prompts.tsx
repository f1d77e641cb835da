import { CONTENT_TYPE_NAMES, EXAMPLE_PROMPTS, LIMITS, type ContentType } from '@atelier/shared';

interface ExamplePromptsProps {
  contentType: ContentType;
  onPick: (prompt: string) => void;
}

/** Four examples for the type, each on one of the theme's tile gradients; picking one copies its prompt. */
export function ExamplePrompts({ contentType, onPick }: ExamplePromptsProps) {
  const prompts = EXAMPLE_PROMPTS[contentType].slice(0, LIMITS.examplePromptsPerType);
  return (
    <section className="gen-examples" aria-labelledby="gen-examples-title">
      <h3 id="gen-examples-title" className="gen-label">
        {CONTENT_TYPE_NAMES[contentType]} examples
      </h3>
      <ul className="gen-example-list">
        {prompts.map((prompt, index) => (
          <li key={prompt}>
            <button type="button" className="gen-example" onClick={() => onPick(prompt)} title="Use this prompt">
              <span
                className="gen-example-swatch"
                style={{ background: `var(--gradient-tile-${(index % 4) + 1}, var(--color-surface-2, #eee))` }}
                aria-hidden="true"
              />
              <span className="gen-example-text">{prompt}</span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
