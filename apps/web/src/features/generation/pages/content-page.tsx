/** Placeholder until its owner builds it. */
export function ContentPage() {
  return (
    <section className="container">
      <h1>Content</h1>
    </section>
  );
}
