/** Placeholder until its owner builds it. */
export function AboutPage() {
  return (
    <section className="container">
      <h1>About Atelier</h1>
    </section>
  );
}
