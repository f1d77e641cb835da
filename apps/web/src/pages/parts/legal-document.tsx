import type { ReactNode } from 'react';

export interface DocumentSection {
  id: string;
  title: string;
  body: ReactNode;
}

/** Long-form page body: an "On this page" index beside the sections, each with a linkable id. */
export function LegalDocument({ sections, intro }: { sections: DocumentSection[]; intro?: ReactNode }) {
  return (
    <div className="container doc-layout">
      <nav className="doc-toc" aria-label="On this page">
        <p className="doc-toc__title">On this page</p>
        <ol>
          {sections.map((section) => (
            <li key={section.id}>
              <a href={`#${section.id}`}>{section.title}</a>
            </li>
          ))}
        </ol>
      </nav>
      <div className="prose doc-body">
        {intro}
        {sections.map((section) => (
          <section key={section.id} id={section.id} aria-labelledby={`${section.id}-title`} className="doc-section">
            <h2 id={`${section.id}-title`}>{section.title}</h2>
            {section.body}
          </section>
        ))}
      </div>
    </div>
  );
}
