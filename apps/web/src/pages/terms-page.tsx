/** Placeholder until its owner builds it. */
export function TermsPage() {
  return (
    <section className="container">
      <h1>Terms of service</h1>
    </section>
  );
}
