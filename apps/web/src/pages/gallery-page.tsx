import { PageMeta } from '../components/page-meta';
import { ArrowRightIcon, Button, EmptyState, GridIcon, SparklesIcon } from '../components/ui';
import { useOpenGenerate } from '../app/layout/use-open-generate';
import { PageHeader } from './parts/page-header';
import { CONTENT_TYPE_DETAILS } from './parts/content-types';
import './pages.css';

export function GalleryPage() {
  const openGenerate = useOpenGenerate();
  return (
    <>
      <PageMeta
        title="Gallery"
        description="The Atelier community gallery: photos, video, loops, illustrations, GIFs and vectors made by members, with the prompts behind them."
      />
      <PageHeader
        eyebrow="Community gallery"
        title="Made by the Atelier community"
        lead="Every public generation lands here: photos, video, loops, illustrations, GIFs and vectors, newest first. Like what you see, leave a comment, or save it to a collection."
      />

      <section className="section section--tight">
        <div className="container">
          <EmptyState
            icon={<GridIcon size={24} />}
            title="The gallery fills as people generate"
            description="Nothing has been shared publicly on this site yet. Each public generation appears here the moment it's ready, so the first pieces could be yours."
            action={
              <Button size="lg" iconStart={<SparklesIcon size={18} />} onClick={() => openGenerate()}>
                Generate something
              </Button>
            }
          />

          <h2 className="h4 mt-10">Or start with a format</h2>
          <ul className="mosaic list-reset mt-4">
            {CONTENT_TYPE_DETAILS.map(({ type, name, Icon, actionLabel }, i) => (
              <li key={type}>
                <button
                  type="button"
                  className={`mosaic__tile art-bg--${(i % 4) + 1}`}
                  onClick={() => openGenerate(type)}
                >
                  <span className="mosaic__icon">
                    <Icon size={20} />
                  </span>
                  <strong>{name}</strong>
                  <span className="mosaic__action">
                    {actionLabel} <ArrowRightIcon size={14} />
                  </span>
                </button>
              </li>
            ))}
          </ul>
        </div>
      </section>
    </>
  );
}
