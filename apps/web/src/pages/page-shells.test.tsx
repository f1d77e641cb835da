import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { mockServer, renderWithStore } from '../testing/render-with-store';
import { renderPageShells } from './page-shells';
import { HomePage } from './home-page';
import { PricingPage } from './pricing-page';

/** The markup of the first element matching `selector`, as the server would send it. */
function markupOf(container: HTMLElement, selector: string): string {
  const element = container.querySelector(selector);
  if (!element) throw new Error(`${selector} is not on the page`);
  return element.outerHTML;
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
});
