import { CONTENT_TYPE_NAMES, EXAMPLE_PROMPTS, LIMITS, type ContentType } from '@atelier/shared';

interface ExamplePromptsProps {
  contentType: ContentType;
  onPick: (prompt: string) => void;
}

/**
 * Four examples for the type, each with a picture of what the prompt makes: small WebP files
 * (240×135, a few KB each) rendered from these prompts by the local renderer and shipped in
 * public/examples (apps/server/src/render-examples.ts), loaded lazily. Picking one copies its prompt.
 */
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
              <img
                className="gen-example-swatch"
                src={`${import.meta.env.BASE_URL}examples/${contentType}-${index + 1}.webp`}
                width={240}
                height={135}
                loading="lazy"
                decoding="async"
                alt=""
                style={{ background: `var(--gradient-tile-${(index % 4) + 1}, var(--color-surface-2, #eee))` }}
              />
              <span className="gen-example-text">{prompt}</span>
            </button>
          </li>
        ))}
      </ul>
      <p className="gen-examples-note">Example pictures made by Atelier's local renderer.</p>
    </section>
  );
}
