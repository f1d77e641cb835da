/** Placeholder until its owner builds it. */
export function GalleryPage() {
  return (
    <section className="container">
      <h1>Gallery</h1>
    </section>
  );
}
