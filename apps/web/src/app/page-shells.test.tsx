import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { mockServer, renderWithStore } from '../testing/render-with-store';
import { galleryShell, type CategoryTreeNode, type Content } from '@atelier/shared';
import { renderGalleryTemplates, renderPageShells, CONTENT_SHELL_SLOTS } from './page-shells';
import { makeContent, renderGeneration } from '../testing/generation-test-utils';
import { GalleryPage } from '../pages/gallery-page';
import { jsonResponse } from '../testing/mock-server';
import { HomePage } from '../pages/home-page';
import { PricingPage } from '../pages/pricing-page';

/** The markup of the first element matching `selector`, as the server would send it. */
function markupOf(container: HTMLElement, selector: string): string {
  const element = container.querySelector(selector);
  if (!element) throw new Error(`${selector} is not on the page`);
  return element.outerHTML;
}

/** The element `html` parses to, with inline styles written one way (attribute order does not matter to isEqualNode). */
function parsed(html: string): Element {
  const holder = document.createElement('div');
  holder.innerHTML = html;
  holder.querySelectorAll<HTMLElement>('[style]').forEach((e) => e.setAttribute('style', e.style.cssText));
  return holder.firstElementChild!;
}

describe("the first screens in the pages' HTML", () => {
  const shells = renderPageShells();

  it('are the markup the home page draws for its hero, so nothing moves when the app takes over', async () => {
    mockServer({});
    const { container } = renderWithStore(<HomePage />);
    expect(await screen.findByRole('heading', { level: 1, name: /Turn a sentence into/ })).toBeInTheDocument();
    expect(shells['/']).toBe(markupOf(container, 'section.hero'));
    expect(shells['/']).toContain('Start creating');
  });

  it('are the markup the pricing page draws for its band', async () => {
    mockServer({});
    const { container } = renderWithStore(<PricingPage />, { route: '/pricing' });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Pay for what you make, nothing more' }),
    ).toBeInTheDocument();
    expect(shells['/pricing']).toBe(markupOf(container, '.page-header'));
  });
  it("are the content page's loading frame, with the item's shape and picture the server fills in", async () => {
    const head = document.head;
    // The server's page has one canonical link and no other preload: drop what earlier pages' PageMeta left.
    head.querySelectorAll('link[rel="canonical"], meta[name="media-aspect-ratio"]').forEach((e) => e.remove());
    head.insertAdjacentHTML(
      'beforeend',
      '<link rel="canonical" href="https://atelier.example/content/c-1" data-test>' +
        '<meta name="media-aspect-ratio" content="1536/1024" data-test>' +
        '<link rel="preload" as="image" href="/media/c-1/preview.webp" fetchpriority="high" data-test>',
    );
    try {
      // The item never arrives: the page stays on its loading frame.
      mockServer({ 'GET /content/c-1': () => new Promise<Response>(() => undefined) });
      const { container } = renderGeneration({ path: '/content/c-1', user: null }).view;
      expect(await screen.findByRole('status')).toHaveTextContent('Loading content');
      const filled = shells['/content/:id']!.replace(CONTENT_SHELL_SLOTS.aspect, '1536 / 1024').replace(
        CONTENT_SHELL_SLOTS.picture,
        '/media/c-1/preview.webp',
      );
      const drawn = parsed(markupOf(container, 'section.content-page'));
      expect(parsed(filled).isEqualNode(drawn), `${filled}\n${drawn.outerHTML}`).toBe(true);
      expect(filled).toContain('<img src="/media/c-1/preview.webp"');
    } finally {
      head.querySelectorAll('[data-test]').forEach((e) => e.remove());
    }
  });

  it('are the gallery as it draws its first list and categories, from the templates the server fills', async () => {
    const owner = { id: 'u-2', username: 'grace', fullName: '', avatar: null };
    const items: Content[] = [
      makeContent({ id: 'g-1', title: 'Tom & Jerry\'s "best" <harbour>', likeCount: 3, width: 1536, height: 1024 }),
      makeContent({
        id: 'g-2',
        title: 'Photo',
        prompt: 'A very long prompt about a lighthouse on a stormy night at sea',
        owner,
      }),
      makeContent({
        id: 'g-3',
        contentType: 'video',
        posterUrl: '/media/g-3/poster.jpg',
        thumbnailUrl: null,
        previewUrl: null,
        width: 1920,
        height: 1080,
      }),
      makeContent({
        id: 'g-4',
        contentType: 'vector',
        thumbnailUrl: null,
        previewUrl: null,
        mediaUrl: '/media/g-4/art.svg',
        width: 4000,
        height: 1000,
      }),
      makeContent({ id: 'g-5', contentType: 'gif', width: 300, height: 900, likeCount: 12 }),
      makeContent({ id: 'g-6', thumbnailUrl: null, previewUrl: null, mediaUrl: null, width: null, height: null }),
      makeContent({ id: 'g-7', contentType: 'loops', likeCount: 1234 }),
      makeContent({ id: 'g-8', contentType: 'illustration', width: 800, height: 800 }),
    ];
    const tree = [
      {
        id: 'cat-1',
        name: 'Nature & <places>',
        slug: 'nature',
        description: null,
        parentId: null,
        children: [{ id: 'cat-2', name: 'Sea', slug: 'sea', description: null, parentId: 'cat-1', children: [] }],
      },
      { id: 'cat-3', name: 'People', slug: 'people', description: null, parentId: null, children: [] },
    ] as unknown as CategoryTreeNode[];
    mockServer({
      'GET /category/tree': () => jsonResponse(200, { data: tree }),
      'GET /content': () =>
        jsonResponse(200, {
          data: items,
          nextCursor: 'next',
          pagination: { page: 1, pageSize: 24, total: 30, totalPages: 2 },
        }),
    });
    const { container } = renderWithStore(<GalleryPage />, { route: '/gallery' });
    expect(await screen.findByRole('button', { name: 'Sea' })).toBeInTheDocument();
    // The tiles (not the skeleton's placeholders): the wall draws a page of tiles as a deferred render.
    expect(await screen.findAllByRole('button', { name: /^Like / })).toHaveLength(items.length);
    // The tabs' ids come from React's useId, which counts differently in each render, and the markup
    // marks the chosen sort with an attribute where the app sets the select's value: neither is drawn.
    const sameIds = (html: string) => html.replace(/_r_[0-9a-z]+_/gi, '_r_').replace(' selected=""', '');
    const filled = galleryShell(renderGalleryTemplates(), { data: items, nextCursor: 'next' }, tree)!;
    const drawn = parsed(sameIds(markupOf(container, 'section.gallery-page')));
    expect(parsed(sameIds(filled)).isEqualNode(drawn), `${filled}\n${drawn.outerHTML}`).toBe(true);
    expect(filled).toContain('<img src="/media/c-1/thumb.webp"');
    expect(filled).toContain('Tom &amp; Jerry&#x27;s &quot;best&quot; &lt;harbour&gt;');

    // Without a next page there is no "Load more"; without items or categories, no first screen.
    expect(galleryShell(renderGalleryTemplates(), { data: items, nextCursor: null }, tree)).not.toContain('Load more');
    expect(galleryShell(renderGalleryTemplates(), { data: [], nextCursor: null }, tree)).toBeNull();
    expect(galleryShell(renderGalleryTemplates(), { data: items, nextCursor: null }, [])).toBeNull();
  });
});
