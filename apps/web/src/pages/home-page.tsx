import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { PageMeta } from '../components/page-meta';
import {
  ArrowRightIcon,
  Badge,
  BookmarkIcon,
  BriefcaseIcon,
  Button,
  Card,
  GridIcon,
  MessageIcon,
} from '../components/ui';
import { useOpenGenerate } from '../lib/use-open-generate';
import { orNewVersion } from '../lib/stale-chunk';
import { CONTENT_TYPE_DETAILS, lowestCost } from './parts/content-types';
import { HomeHero } from './parts/home-hero';
import { ModelCostTable } from './parts/model-cost-table';
import { GenerateCta } from './parts/generate-cta';
import { HomeRowsLoading } from '../features/content/components/home-row-frame';
import './pages.css';

// The parts that ask the server, each with the server API, come after the first screen has drawn.
const HomeContentRows = lazy(() =>
  orNewVersion(
    import('../features/content/components/home-content-rows').then((m) => ({ default: m.HomeContentRows })),
  ),
);
const SignupCreditsNote = lazy(() =>
  import('./parts/signup-credits-note').then((m) => ({ default: m.SignupCreditsNote })),
);

const COMMUNITY = [
  {
    to: '/gallery',
    Icon: GridIcon,
    title: 'Community gallery',
    text: 'Public creations from everyone on Atelier. Like them, comment, and see the prompt behind each one.',
    link: 'Browse the gallery',
  },
  {
    to: '/collection',
    Icon: BookmarkIcon,
    title: 'Collections',
    text: 'Save what inspires you into named collections: mood boards, references, client picks.',
    link: 'Start a collection',
  },
  {
    to: '/careers',
    Icon: BriefcaseIcon,
    title: 'Jobs board',
    text: 'Post creative work or find it. Applicants apply in a few clicks; posters track every application.',
    link: 'See open roles',
  },
  {
    to: '/help-center',
    Icon: MessageIcon,
    title: 'Real-time messages',
    text: 'Talk to collaborators directly, and reach our support team from the chat in the corner.',
    link: 'How messaging works',
  },
] as const;

export function HomePage() {
  const openGenerate = useOpenGenerate();

  return (
    <>
      <PageMeta
        title="Create photos, video and more from a prompt"
        description="Atelier turns a prompt into photos, video, seamless loops, illustrations, GIFs and vectors. See the cost before you generate, pay with credits, and share with the community."
      />

      <HomeHero onStart={() => openGenerate('photo')} />

      <Suspense fallback={<HomeRowsLoading />}>
        <HomeContentRows />
      </Suspense>

      <section className="section home-types" aria-labelledby="types-title">
        <div className="container">
          <div className="section-heading">
            <p className="eyebrow">Six ways to create</p>
            <h2 id="types-title">One prompt box, six kinds of result</h2>
            <p className="lead">
              Pick the format first; Atelier offers the models that suit it, with their speed, quality and cost side by
              side.
            </p>
          </div>
          <ul className="grid type-grid list-reset">
            {CONTENT_TYPE_DETAILS.map(({ type, name, Icon, blurb, actionLabel }) => (
              <Card as="li" key={type} className="type-card" isInteractive>
                <span className="type-card__icon">
                  <Icon size={24} />
                </span>
                <h3>{name}</h3>
                <p className="type-card__blurb">{blurb}</p>
                <div className="type-card__footer">
                  <Badge tone="accent">From {lowestCost(type)} credits</Badge>
                  <Button
                    size="sm"
                    variant="secondary"
                    iconEnd={<ArrowRightIcon size={14} />}
                    onClick={() => openGenerate(type)}
                  >
                    {actionLabel}
                  </Button>
                </div>
              </Card>
            ))}
          </ul>
        </div>
      </section>

      <section className="section section--muted home-credits" aria-labelledby="credits-title">
        <div className="container credits-layout">
          <div>
            <div className="section-heading">
              <p className="eyebrow">How credits work</p>
              <h2 id="credits-title">Know the price before you press Generate</h2>
            </div>
            <ol className="steps">
              <li>
                <h3>Create your account</h3>
                <p>
                  Sign up with your email in under a minute.
                  <Suspense fallback={null}>
                    <SignupCreditsNote />
                  </Suspense>
                </p>
              </li>
              <li>
                <h3>Choose a format and a model</h3>
                <p>Each model lists its cost per generation. Faster models cost less; the finest ones cost more.</p>
              </li>
              <li>
                <h3>Generate</h3>
                <p>
                  The cost is taken when your request is queued. If a generation fails or times out, the credits go back
                  to your balance automatically, exactly once.
                </p>
              </li>
              <li>
                <h3>Top up when you need to</h3>
                <p>
                  Buy a credit pack, or choose a plan that adds credits every billing period. Invite a friend and you
                  both earn bonus credits when they verify their email. <Link to="/pricing">See pricing</Link>.
                </p>
              </li>
            </ol>
          </div>
          <ModelCostTable />
        </div>
      </section>

      <section className="section home-community" aria-labelledby="community-title">
        <div className="container">
          <div className="section-heading">
            <p className="eyebrow">More than a generator</p>
            <h2 id="community-title">A place to show, keep and find creative work</h2>
          </div>
          <div className="grid feature-grid">
            {COMMUNITY.map(({ to, Icon, title, text, link }) => (
              <Card key={to} padding="md" isInteractive>
                <Link to={to} className="feature-card">
                  <span className="type-card__icon">
                    <Icon size={22} />
                  </span>
                  <h3>{title}</h3>
                  <p>{text}</p>
                  <span className="feature-card__link">
                    {link} <ArrowRightIcon size={14} />
                  </span>
                </Link>
              </Card>
            ))}
          </div>
        </div>
      </section>

      <GenerateCta
        className="home-cta"
        title="Your next idea is one prompt away"
        text="Write a sentence, pick a model, and watch it take shape. You'll see the cost before anything is charged."
      />
    </>
  );
}
