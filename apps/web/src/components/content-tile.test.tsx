import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { makeContent } from '../testing/generation-test-utils';
import { ContentTile, GRID_TILE_SIZES } from './content-tile';

const pictureOf = (content: ReturnType<typeof makeContent>) => {
  const { container } = render(
    <MemoryRouter>
      <ContentTile content={content} />
    </MemoryRouter>,
  );
  return container.querySelector('img')!;
};

describe('ContentTile (profile and collection tiles)', () => {
  it('shows a Mature badge on a mature item, and none on a general one', () => {
    const { container } = render(
      <MemoryRouter>
        <ContentTile content={makeContent({ rating: 'mature' })} />
        <ContentTile content={makeContent({ id: 'c-2', rating: 'general' })} />
      </MemoryRouter>,
    );
    const [mature, general] = container.querySelectorAll('article');
    expect(mature).toHaveTextContent('Mature');
    expect(general).not.toHaveTextContent('Mature');
  });

  it('picks its picture from a srcset that covers 2× screens, with sizes for the grid', () => {
    const img = pictureOf(
      makeContent({
        width: 1536,
        height: 1024,
        thumbnailUrl: '/media/c-1/thumbnail.webp',
        tileUrl: '/media/c-1/tile.webp',
        previewUrl: '/media/c-1/preview.webp',
      }),
    );
    expect(img).toHaveAttribute('src', '/media/c-1/thumbnail.webp');
    expect(img).toHaveAttribute(
      'srcset',
      '/media/c-1/thumbnail.webp 320w, /media/c-1/tile.webp 640w, /media/c-1/preview.webp 768w',
    );
    expect(img).toHaveAttribute('sizes', GRID_TILE_SIZES);
  });

  it('keeps the lone thumbnail of an older item that has no larger still', () => {
    const img = pictureOf(
      makeContent({ contentType: 'video', thumbnailUrl: '/media/c-1/thumbnail.webp', tileUrl: null }),
    );
    expect(img).toHaveAttribute('src', '/media/c-1/thumbnail.webp');
    expect(img).not.toHaveAttribute('srcset');
  });
});
