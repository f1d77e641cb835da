/** Placeholder until its owner builds it. */
export function CreditsPage() {
  return (
    <section className="container">
      <h1>Credits</h1>
    </section>
  );
}
