/** Placeholder until its owner builds it. */
export function HelpCenterPage() {
  return (
    <section className="container">
      <h1>Help center</h1>
    </section>
  );
}
