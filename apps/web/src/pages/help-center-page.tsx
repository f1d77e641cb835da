import { useDeferredValue, useId, useState } from 'react';
import { SitePageMeta } from '../components/site-page-meta';
import { ButtonLink, ChevronDownIcon, EmptyState, Input, SearchIcon } from '../components/ui';
import { PageHeader } from './parts/page-header';
import { FAQ_GROUPS, searchFaqs } from './help-center-faqs';
import './pages.css';

const TOTAL = FAQ_GROUPS.reduce((n, g) => n + g.faqs.length, 0);

export function HelpCenterPage() {
  const [query, setQuery] = useState('');
  const deferredQuery = useDeferredValue(query);
  const searchId = useId();
  const trimmed = deferredQuery.trim();
  const groups = searchFaqs(FAQ_GROUPS, trimmed);
  const count = groups.reduce((n, g) => n + g.faqs.length, 0);

  return (
    <>
      <SitePageMeta
        path="/help-center"
        description="Answers about generating content, credits and billing, the gallery and collections, your account and security, jobs and messages on Atelier."
      />
      <PageHeader
        eyebrow="Help center"
        title="How can we help?"
        lead="Search the questions people ask most, or browse them by topic."
      >
        <form className="faq-search" role="search" onSubmit={(e) => e.preventDefault()}>
          <label htmlFor={searchId} className="visually-hidden">
            Search help articles
          </label>
          <SearchIcon size={20} />
          <Input
            id={searchId}
            type="search"
            placeholder="Search, e.g. refund, reference image, password"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            autoComplete="off"
          />
        </form>
      </PageHeader>

      <section className="section section--tight">
        <div className="container faq-layout">
          <nav className="doc-toc" aria-label="Topics">
            <p className="doc-toc__title">Topics</p>
            <ol>
              {FAQ_GROUPS.map((group) => (
                <li key={group.id}>
                  <a href={`#${group.id}`}>{group.topic}</a>
                </li>
              ))}
            </ol>
          </nav>

          <div>
            <p className="faq-status" role="status" aria-live="polite">
              {trimmed
                ? count > 0
                  ? `${count} of ${TOTAL} answers match “${trimmed}”.`
                  : `No answers match “${trimmed}”.`
                : `${TOTAL} answers in ${FAQ_GROUPS.length} topics.`}
            </p>

            {count === 0 ? (
              <EmptyState
                icon={<SearchIcon size={24} />}
                title={`No results for “${trimmed}”`}
                description="Try fewer or different words, or ask us directly: we answer every message."
                action={
                  <ButtonLink to="/contact-us" variant="secondary">
                    Contact us
                  </ButtonLink>
                }
              />
            ) : (
              groups.map((group) => (
                <section key={group.id} id={group.id} className="faq-group" aria-labelledby={`${group.id}-title`}>
                  <h2 id={`${group.id}-title`}>{group.topic}</h2>
                  <div className="faq-list">
                    {group.faqs.map((faq) => (
                      <details key={faq.question} className="faq-item">
                        <summary>
                          <span>{faq.question}</span>
                          <ChevronDownIcon size={18} />
                        </summary>
                        <div className="faq-item__answer">
                          {faq.answer.map((paragraph) => (
                            <p key={paragraph.slice(0, 40)}>{paragraph}</p>
                          ))}
                        </div>
                      </details>
                    ))}
                  </div>
                </section>
              ))
            )}

            <div className="cta-band mt-10">
              <div className="cta-band__text">
                <h2>Still stuck?</h2>
                <p>Send us a message and a person from our team will reply by email.</p>
              </div>
              <ButtonLink to="/contact-us" size="lg" className="cta-band__button">
                Contact support
              </ButtonLink>
            </div>
          </div>
        </div>
      </section>
    </>
  );
}
