import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { LIMITS, SITE_NAME, titleFromPath } from '@atelier/shared';

export { SITE_NAME, titleFromPath };

export const DEFAULT_DESCRIPTION =
  'Generate photos, videos, loops, illustrations, GIFs and vectors from a prompt, pay only for what you make with credits, and share it with a community of creators.';
export const OG_IMAGE_PATH = '/og-image.png';

export function formatTitle(title: string): string {
  return title === SITE_NAME ? SITE_NAME : `${title} · ${SITE_NAME}`;
}

function upsertMeta(attribute: 'name' | 'property', key: string, content: string) {
  let element = document.head.querySelector<HTMLMetaElement>(`meta[${attribute}="${key}"]`);
  if (!element) {
    element = document.createElement('meta');
    element.setAttribute(attribute, key);
    document.head.appendChild(element);
  }
  element.setAttribute('content', content);
}

function upsertCanonical(href: string) {
  let element = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
  if (!element) {
    element = document.createElement('link');
    element.rel = 'canonical';
    document.head.appendChild(element);
  }
  element.href = href;
}

export interface PageMetaProps {
  /** The page's own title; " · Atelier" is appended. Without it the last path segment is used. */
  title?: string;
  description?: string;
  /** A 1200×630 image path or URL; defaults to the site's Open Graph image. */
  image?: string;
  type?: 'website' | 'article';
}

/**
 * Sets the document title, the meta description and the Open Graph / Twitter tags of the current
 * page. Crawlers that run scripts and link previews read these; the static ones in index.html are
 * the fallback for those that do not.
 */
export function PageMeta({
  title,
  description = DEFAULT_DESCRIPTION,
  image = OG_IMAGE_PATH,
  type = 'website',
}: PageMetaProps) {
  const { pathname } = useLocation();

  useEffect(() => {
    const fullTitle = formatTitle(title ?? titleFromPath(pathname));
    const origin = window.location.origin;
    const url = new URL(pathname, origin).toString();
    const imageUrl = new URL(image, origin).toString();

    document.title = fullTitle;
    upsertMeta('name', 'description', description);
    upsertMeta('property', 'og:site_name', SITE_NAME);
    upsertMeta('property', 'og:type', type);
    upsertMeta('property', 'og:title', fullTitle);
    upsertMeta('property', 'og:description', description);
    upsertMeta('property', 'og:url', url);
    upsertMeta('property', 'og:image', imageUrl);
    upsertMeta('property', 'og:image:width', String(LIMITS.ogImageWidth));
    upsertMeta('property', 'og:image:height', String(LIMITS.ogImageHeight));
    upsertMeta('name', 'twitter:card', 'summary_large_image');
    upsertMeta('name', 'twitter:title', fullTitle);
    upsertMeta('name', 'twitter:description', description);
    upsertMeta('name', 'twitter:image', imageUrl);
    upsertCanonical(url);
  }, [title, description, image, type, pathname]);

  return null;
}
