export function NotFoundPage() {
  return (
    <section className="container">
      <h1>Page not found</h1>
    </section>
  );
}
