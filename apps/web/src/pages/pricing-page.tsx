import { PageMeta } from '../components/page-meta';
import { Badge, Card, CheckIcon, CoinsIcon, EmptyState, LoopIcon, UsersIcon } from '../components/ui';
import { PageHeader } from './parts/page-header';
import { ModelCostTable } from './parts/model-cost-table';
import { GenerateCta } from './parts/generate-cta';
import './pages.css';

const WAYS = [
  {
    Icon: CoinsIcon,
    title: 'Credit packs',
    badge: 'Pay once',
    text: 'Buy a pack of credits when you need them and use them whenever you like. Larger packs include bonus credits.',
  },
  {
    Icon: LoopIcon,
    title: 'Plans',
    badge: 'Monthly or yearly',
    text: 'A subscription adds a fixed number of credits every billing period, monthly or yearly. Cancel any time and keep the plan until the period ends.',
  },
  {
    Icon: UsersIcon,
    title: 'Referrals',
    badge: 'Free',
    text: 'Share your referral code. When a friend signs up with it and verifies their email, you both receive bonus credits.',
  },
];

export function PricingPage() {
  return (
    <>
      <PageMeta
        title="Pricing"
        description="How Atelier pricing works: pay per generation with credits, see every model's cost up front, and top up with credit packs, a monthly or yearly plan, or referrals."
      />
      <PageHeader
        eyebrow="Pricing"
        title="Pay for what you make, nothing more"
        lead="Every generation costs a fixed number of credits, shown before you press Generate. Failed generations are refunded automatically."
      />

      <section className="section section--tight">
        <div className="container">
          <div className="section-heading">
            <h2>Three ways to get credits</h2>
          </div>
          <div className="grid">
            {WAYS.map(({ Icon, title, badge, text }) => (
              <Card key={title} className="type-card">
                <span className="type-card__icon">
                  <Icon size={22} />
                </span>
                <div className="cluster">
                  <h3>{title}</h3>
                  <Badge tone="accent">{badge}</Badge>
                </div>
                <p className="type-card__blurb">{text}</p>
              </Card>
            ))}
          </div>
          <div className="mt-10">
            <EmptyState
              headingLevel="h3"
              icon={<CoinsIcon size={24} />}
              title="Credit packs and plans are on their way"
              description="We are finalising the packs and plans for this site. When they go live, their prices and the credits each includes will be listed right here, and you'll be able to buy them with a card in a few clicks."
            />
          </div>
        </div>
      </section>

      <section className="section section--muted" aria-labelledby="costs-title">
        <div className="container credits-layout">
          <div className="section-heading">
            <p className="eyebrow">What things cost</p>
            <h2 id="costs-title">Credits per generation</h2>
            <p className="lead">
              Costs come from the same catalogue the server charges by, so what you see here is what you pay.
            </p>
            <ul className="fact-list mt-6">
              {[
                'The cost is taken when your generation is queued',
                'A failed or timed-out generation is refunded in full, once',
                'The Generate button stays disabled until your balance covers the cost',
                'Credits never expire while your account is open',
              ].map((fact) => (
                <li key={fact}>
                  <CheckIcon size={18} />
                  <span>{fact}</span>
                </li>
              ))}
            </ul>
          </div>
          <ModelCostTable />
        </div>
      </section>

      <GenerateCta title="Try it now" text="Pick a format and a model, and see the exact cost before you generate." />
    </>
  );
}
