/** Placeholder until its owner builds it. */
export function AiEthicsPage() {
  return (
    <section className="container">
      <h1>AI ethics</h1>
    </section>
  );
}
