/** Placeholder until its owner builds it. */
export function CareersPage() {
  return (
    <section className="container">
      <h1>Careers</h1>
    </section>
  );
}
