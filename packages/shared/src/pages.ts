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

