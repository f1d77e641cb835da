import { SitePageMeta } from '../components/site-page-meta';
import { CheckIcon } from '../components/ui';
import { PageHeader } from './parts/page-header';
import { PRICING_INTRO } from './parts/page-intros';
import { ModelCostTable } from './parts/model-cost-table';
import { GenerateCta } from './parts/generate-cta';
import { PlanGrid } from '../features/billing/components/plan-grid';
import { BuyCredits } from '../features/billing/components/buy-credits';
import '../features/billing/billing.css';
import './pages.css';

export function PricingPage() {
  return (
    <>
      <SitePageMeta
        path="/pricing"
        description="Atelier pricing: a monthly or yearly plan that adds credits every period, or credit packs and custom amounts when you need them. Every model's cost is shown up front."
      />
      {/* The page's HTML carries the same band (app/page-shells.tsx), so it shows before the app runs. */}
      <PageHeader {...PRICING_INTRO} />

      <section className="section section--tight">
        <div className="container stack">
          <PlanGrid />
          <BuyCredits />
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
                'A plan adds its credits at the start of every paid period',
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
