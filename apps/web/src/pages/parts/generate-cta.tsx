import type { ReactNode } from 'react';
import { Button, SparklesIcon } from '../../components/ui';
import { useOpenGenerate } from '../../lib/use-open-generate';

/** The closing band of a page: one sentence and the same Generate action as the header. */
export function GenerateCta({
  title,
  text,
  actionLabel = 'Start creating',
  className,
}: {
  title: ReactNode;
  text: ReactNode;
  actionLabel?: string;
  /** An extra class on the band's section, for a page's own spacing. */
  className?: string;
}) {
  const openGenerate = useOpenGenerate();
  return (
    <section className={className ? `section section--tight ${className}` : 'section section--tight'}>
      <div className="container">
        <div className="cta-band">
          <div className="cta-band__text">
            <h2>{title}</h2>
            <p>{text}</p>
          </div>
          <Button
            size="lg"
            className="cta-band__button"
            iconStart={<SparklesIcon size={18} />}
            onClick={() => openGenerate()}
          >
            {actionLabel}
          </Button>
        </div>
      </div>
    </section>
  );
}
