/** Placeholder until its owner builds it. */
export function PrivacyPage() {
  return (
    <section className="container">
      <h1>Privacy policy</h1>
    </section>
  );
}
