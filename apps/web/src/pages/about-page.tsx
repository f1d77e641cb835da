import { SitePageMeta } from '../components/site-page-meta';
import { ButtonLink, Card, CheckIcon, CoinsIcon, CompassIcon, ShieldIcon, UsersIcon } from '../components/ui';
import { PageHeader } from './parts/page-header';
import { GenerateCta } from './parts/generate-cta';
import './pages.css';

const VALUES = [
  {
    Icon: CoinsIcon,
    title: 'Honest pricing',
    text: 'Every model shows its cost before you generate. Credits are counted to the unit, and a failed run is refunded without you having to ask.',
  },
  {
    Icon: ShieldIcon,
    title: 'Responsible by default',
    text: 'Prompts are screened, generated files carry their provenance, and private work stays private. Our AI ethics page explains exactly how.',
  },
  {
    Icon: UsersIcon,
    title: 'Made with a community',
    text: 'The gallery, collections, jobs board and messages exist so that work made here gets seen, kept and paid for.',
  },
  {
    Icon: CompassIcon,
    title: 'Files you can use anywhere',
    text: 'What you make downloads as ordinary PNG, JPEG, WebP, SVG, GIF or MP4 files, ready for any tool, site or print shop.',
  },
];

export function AboutPage() {
  return (
    <>
      <SitePageMeta
        path="/about-us"
        description="Atelier is a studio for generated media: photos, video, loops, illustrations, GIFs and vectors from a prompt, with honest credit pricing and a community to share with."
      />
      <PageHeader
        eyebrow="About Atelier"
        title="A studio for ideas that start as a sentence"
        lead="Atelier brings six kinds of generated media into one place, prices each one openly, and gives the results somewhere to live: a gallery, collections, a jobs board and direct messages."
      />

      <section className="section">
        <div className="container split">
          <div className="prose">
            <h2>Why we built it</h2>
            <p>
              Generative tools are powerful but scattered. A designer who needs a hero photo, a looping background and a
              vector icon on the same afternoon ends up juggling three subscriptions, three sets of credits and three
              places where the work gets lost.
            </p>
            <p>
              Atelier puts them behind one prompt box. You choose the format, compare models by speed, quality and
              price, and pay from a single credit balance. What you make can stay private, go into a collection, or be
              shared with everyone in the gallery.
            </p>
            <p>
              Around that sits what creative people actually need next: a jobs board to find or offer work, and messages
              to talk to the people you meet here.
            </p>
          </div>
          <Card padding="lg">
            <h2 className="small eyebrow">What you can do today</h2>
            <ul className="fact-list mt-6">
              {[
                'Generate photos, video, loops, illustrations, GIFs and vectors from a prompt',
                'Compare models by cost, speed and quality before you spend a credit',
                'Keep work private or publish it to the community gallery',
                'Like, comment on and collect what others make',
                'Post jobs and apply to them, and track every application',
                'Message other creators and our support team in real time',
              ].map((fact) => (
                <li key={fact}>
                  <CheckIcon size={18} />
                  <span>{fact}</span>
                </li>
              ))}
            </ul>
          </Card>
        </div>
      </section>

      <section className="section section--muted" aria-labelledby="values-title">
        <div className="container">
          <div className="section-heading">
            <p className="eyebrow">What we hold to</p>
            <h2 id="values-title">Four promises</h2>
          </div>
          <div className="grid value-grid">
            {VALUES.map(({ Icon, title, text }) => (
              <Card key={title} className="value-card">
                <span className="type-card__icon">
                  <Icon size={22} />
                </span>
                <h3>{title}</h3>
                <p>{text}</p>
              </Card>
            ))}
          </div>
          <div className="cluster mt-10">
            <ButtonLink to="/ai-ethics" variant="secondary">
              Read our AI ethics
            </ButtonLink>
            <ButtonLink to="/contact-us" variant="ghost">
              Get in touch
            </ButtonLink>
          </div>
        </div>
      </section>

      <GenerateCta
        title="See it for yourself"
        text="Pick a format, write a prompt and see the price before you generate."
      />
    </>
  );
}
