/** Placeholder until its owner builds it. */
export function PricingPage() {
  return (
    <section className="container">
      <h1>Pricing</h1>
    </section>
  );
}
