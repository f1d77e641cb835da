import { EXAMPLE_PROMPTS, MODELS_BY_TYPE } from '@atelier/shared';
import { Badge, Button, ButtonLink, CheckIcon, SparklesIcon } from '../../components/ui';

const HERO_MODEL = MODELS_BY_TYPE.photo[0]!;

/**
 * The home page's first screen. It depends on nothing loaded at run time, so the web build also
 * renders it into the page's HTML (app/page-shells.tsx): a phone shows it before the app has run, and
 * the app then draws the very same markup.
 */
export function HomeHero({ onStart }: { onStart?: () => void }) {
  return (
    <section className="hero" aria-labelledby="hero-title">
      <div className="container hero__grid">
        <div className="hero__content">
          <p className="eyebrow">Photo · Video · Loops · Illustration · GIF · Vector</p>
          <h1 id="hero-title" className="hero__title">
            Turn a sentence into <span className="hero__title-accent">something you can use.</span>
          </h1>
          <p className="lead">
            Describe what you have in mind and Atelier makes it: a photo for the landing page, a loop for the stage
            screen, a vector logo for the shop window. Every model shows its price up front, and you pay with credits
            only for what you generate.
          </p>
          <div className="hero__actions">
            <Button size="lg" iconStart={<SparklesIcon size={18} />} onClick={onStart}>
              Start creating
            </Button>
            <ButtonLink to="/gallery" size="lg" variant="secondary">
              Explore the gallery
            </ButtonLink>
          </div>
          <p className="hero__note">
            <span>
              <CheckIcon size={16} /> Cost shown before you generate
            </span>
            <span>
              <CheckIcon size={16} /> Failed runs refunded automatically
            </span>
            <span>
              <CheckIcon size={16} /> Private or public, your choice
            </span>
          </p>
        </div>

        <div className="hero__visual" aria-hidden="true">
          <div className="hero-card">
            <div className="hero-card__bar">
              <span />
              <span />
              <span />
            </div>
            <p className="hero-card__label">Prompt</p>
            <p className="hero-card__prompt">{EXAMPLE_PROMPTS.photo[0]}</p>
            <div className="hero-card__meta">
              <Badge tone="accent">Photo</Badge>
              <Badge>{HERO_MODEL.name}</Badge>
              <Badge tone="success">{HERO_MODEL.cost} credits</Badge>
            </div>
            <div className="hero-card__grid">
              <div className="art-tile art-tile--1" />
              <div className="art-tile art-tile--2" />
              <div className="art-tile art-tile--3" />
              <div className="art-tile art-tile--4" />
            </div>
          </div>
        </div>
      </div>
    </section>
  );
}
