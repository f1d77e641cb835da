import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { PageMeta, titleFromPath } from './page-meta';

function meta(selector: string): string | null {
  return document.head.querySelector(selector)?.getAttribute('content') ?? null;
}

function renderAt(path: string, element: React.ReactElement) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="*" element={element} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('PageMeta', () => {
  it('sets the title, description and Open Graph tags of the page', () => {
    renderAt('/pricing', <PageMeta title="Pricing" description="How credits are priced." />);
    expect(document.title).toBe('Pricing · Atelier');
    expect(meta('meta[name="description"]')).toBe('How credits are priced.');
    expect(meta('meta[property="og:title"]')).toBe('Pricing · Atelier');
    expect(meta('meta[property="og:description"]')).toBe('How credits are priced.');
    expect(meta('meta[property="og:url"]')).toBe(`${window.location.origin}/pricing`);
    expect(meta('meta[property="og:image"]')).toBe(`${window.location.origin}/og-image.png`);
    expect(meta('meta[property="og:image:width"]')).toBe('1200');
    expect(meta('meta[property="og:image:height"]')).toBe('630');
  });

  it('updates the tags in place when another page takes over', () => {
    const view = renderAt('/about-us', <PageMeta title="About us" description="Who we are." />);
    view.unmount();
    renderAt('/help-center', <PageMeta title="Help center" description="Answers." />);
    expect(document.title).toBe('Help center · Atelier');
    expect(document.head.querySelectorAll('meta[property="og:title"]')).toHaveLength(1);
    expect(meta('meta[property="og:url"]')).toBe(`${window.location.origin}/help-center`);
  });

  it('titles a page without a known route after the last path segment', () => {
    renderAt('/some-thing', <PageMeta />);
    expect(document.title).toBe('Some Thing · Atelier');
    expect(meta('meta[property="og:title"]')).toBe('Some Thing · Atelier');
  });

  it('derives readable titles from any path', () => {
    expect(titleFromPath('/some-thing')).toBe('Some Thing');
    expect(titleFromPath('/docs/getting_started/')).toBe('Getting Started');
    expect(titleFromPath('/caf%C3%A9-menu')).toBe('Café Menu');
    expect(titleFromPath('/')).toBe('Home');
  });
});
