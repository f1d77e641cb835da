/** Placeholder until its owner builds it. */
export function SettingsPage() {
  return (
    <section className="container">
      <h1>Settings</h1>
    </section>
  );
}
