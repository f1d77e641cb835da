import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { PAGE_INTROS, pageIntroHtml } from '@atelier/shared';
import { PageHeader } from './page-header';

describe('PageHeader and the band the server sends in the HTML', () => {
  it('are the same markup for every page whose band is fixed, so nothing moves when the app takes over', () => {
    expect(Object.keys(PAGE_INTROS).length).toBeGreaterThan(0);
    for (const [path, intro] of Object.entries(PAGE_INTROS)) {
      expect(pageIntroHtml(intro), path).toBe(renderToStaticMarkup(<PageHeader {...intro} />));
    }
  });

  it('escapes the words as React does', () => {
    const intro = { title: 'Fish & <chips>', lead: 'a > b' };
    expect(pageIntroHtml(intro)).toBe(renderToStaticMarkup(<PageHeader {...intro} />));
  });
});
