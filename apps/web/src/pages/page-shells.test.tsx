import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { mockServer, renderWithStore } from '../testing/render-with-store';
import { renderPageShells, CONTENT_SHELL_SLOTS } from './page-shells';
import { renderGeneration } from '../testing/generation-test-utils';
import { HomePage } from './home-page';
import { PricingPage } from './pricing-page';

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
});
