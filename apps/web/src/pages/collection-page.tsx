/** Placeholder until its owner builds it. */
export function CollectionPage() {
  return (
    <section className="container">
      <h1>Collections</h1>
    </section>
  );
}
