/** Placeholder until its owner builds it. */
export function VerifyEmailPage() {
  return (
    <section className="container">
      <h1>Verify your email</h1>
    </section>
  );
}
