/** Placeholder until its owner builds it. */
export function ContactPage() {
  return (
    <section className="container">
      <h1>Contact us</h1>
    </section>
  );
}
