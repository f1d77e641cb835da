/** The product's name in every title, and the words a page without a title of its own is given. */
export const SITE_NAME = 'Atelier';

/**
 * "/some-thing" → "Some Thing": the title of a page without a known route (spec §2). The server
 * puts it in the HTML it sends; the app sets it again after it runs, so both must agree.
 */
export function titleFromPath(pathname: string): string {
  const segment = pathname.split('/').filter(Boolean).pop();
  if (!segment) return 'Home';
  let decoded = segment;
  try {
    decoded = decodeURIComponent(segment);
  } catch {
    // A malformed escape is shown as typed rather than breaking the page.
  }
  const words = decoded
    .split(/[-_\s.+]+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1));
  return words.length ? words.join(' ') : 'Home';
}

/** The band at the top of a page (its eyebrow, h1 and lead), where the words are fixed. */
export interface PageIntro {
  eyebrow?: string;
  title: string;
  lead?: string;
}

/**
 * Pages whose top band is known before any data: the app draws it (PageHeader), and the server
 * puts the same markup in the page's HTML, so a phone shows the words before the app has run.
 */
export const PAGE_INTROS: Readonly<Record<string, PageIntro>> = {
  '/pricing': {
    eyebrow: 'Pricing',
    title: 'Pay for what you make, nothing more',
    lead: 'Every generation costs a fixed number of credits, shown before you press Generate. Failed generations are refunded automatically.',
  },
};

const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** PageHeader's markup for an intro, as the server sends it (the web app's test holds the two equal). */
export function pageIntroHtml(intro: PageIntro): string {
  return [
    '<div class="page-header"><div class="container"><div class="page-header__content">',
    intro.eyebrow ? `<p class="eyebrow">${escapeText(intro.eyebrow)}</p>` : '',
    `<h1>${escapeText(intro.title)}</h1>`,
    intro.lead ? `<p class="lead">${escapeText(intro.lead)}</p>` : '',
    '</div></div></div>',
  ].join('');
}
