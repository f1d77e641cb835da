export function HomePage() {
  return (
    <section className="container">
      <h1>Atelier</h1>
      <p>Generate photos, videos, loops, illustrations, GIFs and vectors from a prompt.</p>
    </section>
  );
}
