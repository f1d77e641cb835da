import { cleanup, render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { makeStore } from '../../../testing/store';
import { makeContent } from '../../../testing/generation-test-utils';
import { ContentCard } from './content-card';

function renderCard(content: ReturnType<typeof makeContent>, isFirstScreen?: boolean) {
  render(
    <Provider store={makeStore()}>
      <MemoryRouter>
        <ul>
          <ContentCard content={content} isFirstScreen={isFirstScreen} />
        </ul>
      </MemoryRouter>
    </Provider>,
  );
  return screen.getByRole('img', { name: content.title });
}

describe('ContentCard', () => {
  it('marks a mature item with a small Mature badge, and only a mature one', () => {
    renderCard(makeContent({ rating: 'mature', thumbnailUrl: '/media/c-1/thumbnail.webp' }));
    expect(screen.getByText('Mature')).toHaveClass('content-card__rating');
    cleanup();
    renderCard(makeContent({ rating: 'general', thumbnailUrl: '/media/c-1/thumbnail.webp' }));
    expect(screen.queryByText('Mature')).not.toBeInTheDocument();
  });

  it('offers the thumbnail and the preview at their widths, and keeps the tile at the item shape', () => {
    const img = renderCard(
      makeContent({
        width: 1536,
        height: 1024,
        thumbnailUrl: '/media/c-1/thumbnail.webp',
        previewUrl: '/media/c-1/preview.webp',
      }),
    );
    expect(img).toHaveAttribute('src', '/media/c-1/thumbnail.webp');
    expect(img).toHaveAttribute('srcset', '/media/c-1/thumbnail.webp 320w, /media/c-1/preview.webp 768w');
    // Half the screen on a phone; on a wider one, the tile's width in the wall (1.5 × 220 px, grown).
    expect(img).toHaveAttribute('sizes', '(max-width: 719px) calc(50vw - 1.5rem), 528px');
    // 1536 × 1024: the tile keeps the item's shape before the image arrives.
    expect(img.closest('a')).toHaveStyle({ aspectRatio: '1.5' });
  });

  it('fetches a first-screen tile’s picture at once, and a later one only as it comes near', () => {
    const first = renderCard(makeContent({ thumbnailUrl: '/media/c-1/thumbnail.webp' }), true);
    expect(first).toHaveAttribute('loading', 'eager');
    expect(first).toHaveAttribute('fetchpriority', 'high');
    cleanup();
    const later = renderCard(makeContent({ thumbnailUrl: '/media/c-1/thumbnail.webp' }));
    expect(later).toHaveAttribute('loading', 'lazy');
    expect(later).not.toHaveAttribute('fetchpriority');
  });

  it('uses the one still it has when there is no second size', () => {
    const img = renderCard(makeContent({ thumbnailUrl: null, previewUrl: '/media/c-1/preview.webp' }));
    expect(img).toHaveAttribute('src', '/media/c-1/preview.webp');
    expect(img).not.toHaveAttribute('srcset');
  });

  it('never offers a video’s or a GIF’s moving preview as a still: the tile keeps its thumbnail', () => {
    for (const [contentType, previewUrl] of [
      ['video', '/media/c-1/original.mp4'],
      ['loops', '/media/c-1/preview.mp4'],
      ['gif', '/media/c-1/preview.gif'],
    ] as const) {
      const img = renderCard(makeContent({ contentType, thumbnailUrl: '/media/c-1/thumbnail.webp', previewUrl }));
      expect(img).toHaveAttribute('src', '/media/c-1/thumbnail.webp');
      expect(img).not.toHaveAttribute('srcset');
      cleanup();
    }
  });

  it('offers the 640 px tile still between the thumbnail and the preview, so a 2× screen gets a sharp one', () => {
    const img = renderCard(
      makeContent({
        width: 1536,
        height: 1024,
        thumbnailUrl: '/media/c-1/thumbnail.webp',
        tileUrl: '/media/c-1/tile.webp',
        previewUrl: '/media/c-1/preview.webp',
      }),
    );
    expect(img).toHaveAttribute(
      'srcset',
      '/media/c-1/thumbnail.webp 320w, /media/c-1/tile.webp 640w, /media/c-1/preview.webp 768w',
    );
  });

  it('gives a video, loop or GIF tile its sharp still too, and an older one without it keeps its thumbnail', () => {
    for (const contentType of ['video', 'loops', 'gif'] as const) {
      const img = renderCard(
        makeContent({
          contentType,
          width: 1280,
          height: 720,
          thumbnailUrl: '/media/c-1/thumbnail.webp',
          tileUrl: '/media/c-1/tile.webp',
          previewUrl: '/media/c-1/preview.webp',
        }),
      );
      expect(img).toHaveAttribute('src', '/media/c-1/thumbnail.webp');
      expect(img).toHaveAttribute('srcset', '/media/c-1/thumbnail.webp 320w, /media/c-1/tile.webp 640w');
      cleanup();
    }
    const older = renderCard(
      makeContent({
        contentType: 'video',
        width: 1280,
        height: 720,
        thumbnailUrl: '/media/c-1/thumbnail.webp',
        tileUrl: null,
      }),
    );
    expect(older).toHaveAttribute('src', '/media/c-1/thumbnail.webp');
    expect(older).not.toHaveAttribute('srcset');
  });
});
