import { describe, expect, it, afterEach, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { GALLERY_FIRST_REQUESTS, type Comment, type Content } from '@atelier/shared';
import {
  cursorPages,
  jsonResponse,
  errorResponse,
  mockServer,
  renderWithStore,
  signedInState,
  makeUser,
} from '../../testing/render-with-store';
import { makeStore } from '../../testing/store';
import { makeContent } from '../../testing/generation-test-utils';
import { contentApi } from './content-api';
import { GalleryPage } from './pages/gallery-page';
import { ContentEngagement } from './components/content-engagement';

afterEach(() => {
  vi.unstubAllGlobals();
});

const item = (id: string, overrides: Partial<Content> = {}) =>
  makeContent({
    id,
    title: `Piece ${id}`,
    owner: { id: 'someone', username: 'sam', fullName: 'Sam Maker', avatar: null },
    ...overrides,
  });

const pageOf = (items: Content[], page = 1, totalPages = 1) => ({
  data: items,
  pagination: { page, pageSize: 24, total: items.length, totalPages },
  nextCursor: null,
});

describe('like and unlike on cached lists', () => {
  it('updates every cached copy at once and puts them back when the server refuses', async () => {
    let likeStatus = 200;
    mockServer({
      'GET /content': () => jsonResponse(200, pageOf([item('a', { likeCount: 2 }), item('b')])),
      'GET /content/search': () => jsonResponse(200, pageOf([item('a', { likeCount: 2 })])),
      'POST /content/a/like': () =>
        likeStatus === 200 ? jsonResponse(200, { data: { likeCount: 3, isLiked: true } }) : errorResponse(500),
      'DELETE /content/a/like': () => jsonResponse(200, { data: { likeCount: 2, isLiked: false } }),
    });
    const store = makeStore(signedInState());
    await store.dispatch(contentApi.endpoints.listContent.initiate({ sort: 'newest', pageSize: 24 }));
    await store.dispatch(contentApi.endpoints.searchContent.initiate({ q: 'piece', pageSize: 24 }));
    const read = () => ({
      list: contentApi.endpoints.listContent.select({ sort: 'newest', pageSize: 24 })(store.getState()).data?.data[0],
      search: contentApi.endpoints.searchContent.select({ q: 'piece', pageSize: 24 })(store.getState()).data?.data[0],
    });

    const liking = store.dispatch(contentApi.endpoints.likeContent.initiate({ id: 'a', isLiked: true }));
    expect(read().list).toMatchObject({ likeCount: 3, isLiked: true });
    expect(read().search).toMatchObject({ likeCount: 3, isLiked: true });
    await liking;
    await store.dispatch(contentApi.endpoints.likeContent.initiate({ id: 'a', isLiked: false }));
    expect(read().list).toMatchObject({ likeCount: 2, isLiked: false });

    likeStatus = 500;
    const failing = store.dispatch(contentApi.endpoints.likeContent.initiate({ id: 'a', isLiked: true }));
    expect(read().search).toMatchObject({ likeCount: 3, isLiked: true });
    await failing;
    expect(read().list).toMatchObject({ likeCount: 2, isLiked: false });
    expect(read().search).toMatchObject({ likeCount: 2, isLiked: false });
  });
});

describe('GalleryPage', () => {
  it('leads with a compact title, sizes each tile to its aspect ratio and captions unnamed work by its prompt', async () => {
    mockServer({
      'GET /content': () =>
        jsonResponse(
          200,
          pageOf([
            item('wide', {
              title: 'Generated Photo',
              prompt: 'A lighthouse on a cliff in a storm at night, oil painting',
              width: 1600,
              height: 900,
            }),
            item('tall', { title: 'Harbour at dawn', width: 768, height: 1024 }),
            item('odd', { title: 'Generated Vector', contentType: 'vector', prompt: '', width: null, height: null }),
          ]),
        ),
      'GET /category/tree': () => jsonResponse(200, { data: [] }),
    });
    renderWithStore(<GalleryPage />, { route: '/gallery' });
    expect(screen.getByRole('heading', { level: 1, name: 'Gallery' })).toBeInTheDocument();
    const grid = await screen.findByRole('list', { name: 'Gallery', busy: false });
    const tiles = within(grid).getAllByRole('listitem');

    // The default name gives way to the prompt's first words; a chosen name is kept.
    expect(within(tiles[0]!).getByRole('link', { name: 'A lighthouse on a cliff in a storm…' })).toBeInTheDocument();
    expect(within(tiles[1]!).getByText('Harbour at dawn')).toBeInTheDocument();
    expect(within(tiles[2]!).getByText('Generated Vector')).toBeInTheDocument();

    // Each tile's box is reserved from the item's own width and height before the image loads.
    const media = (tile: HTMLElement) => tile.querySelector<HTMLElement>('.content-card__media')!;
    const ratio = (tile: HTMLElement) => parseFloat(media(tile).style.aspectRatio);
    expect(ratio(tiles[0]!)).toBeCloseTo(1600 / 900);
    expect(ratio(tiles[1]!)).toBeCloseTo(0.75);
    expect(ratio(tiles[2]!)).toBe(1);
    expect(tiles[0]!.style.getPropertyValue('--tile-ratio')).toBe(String(1600 / 900));
  });

  it('first asks what the server puts in the page, and with those replies in the page asks nothing', async () => {
    localStorage.clear();
    const asked = mockServer({
      'GET /content': () => jsonResponse(200, pageOf([item('a', { title: 'Asked for' })])),
      'GET /category/tree': () => jsonResponse(200, { data: [] }),
    });
    const first = renderWithStore(<GalleryPage />, { route: '/gallery' });
    await screen.findByText('Asked for');
    const requested = asked.calls.map((c) => (c.search.size ? `${c.path}?${c.search.toString()}` : c.path));
    expect([...requested].sort()).toEqual([...GALLERY_FIRST_REQUESTS].sort());
    first.unmount();

    const data = document.createElement('script');
    data.type = 'application/json';
    data.id = 'initial-replies';
    data.textContent = JSON.stringify([
      { url: GALLERY_FIRST_REQUESTS[0], body: { data: [] } },
      { url: GALLERY_FIRST_REQUESTS[1], body: pageOf([item('b', { title: 'From the page' })]) },
    ]);
    document.body.appendChild(data);
    const server = mockServer({});
    renderWithStore(<GalleryPage />, { route: '/gallery' });
    expect(await screen.findByText('From the page')).toBeInTheDocument();
    expect(server.calls).toEqual([]);
  });

  it('shows the grid, and appends the next page, asked for by cursor, without duplicates', async () => {
    // Page 2 repeats "b": it must not appear twice.
    const server = mockServer({
      'GET /content': cursorPages([
        [item('a'), item('b')],
        [item('b'), item('c')],
      ]),
      'GET /category/tree': () => jsonResponse(200, { data: [] }),
    });
    const { user } = renderWithStore(<GalleryPage />, { route: '/gallery' });
    // While loading, the same list holds skeleton tiles (aria-busy): wait until it holds the pieces.
    const grid = await screen.findByRole('list', { name: 'Gallery', busy: false });
    expect(within(grid).getByText('Piece a')).toBeInTheDocument();
    expect(within(grid).getByText('Piece b')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'All' })).toHaveAttribute('aria-selected', 'true');
    expect(server.callsTo('GET', '/content').length).toBe(1);
    expect(server.callsTo('GET', '/content')[0]!.search.get('cursor')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(within(grid).getByText('Piece c')).toBeInTheDocument());
    expect(within(grid).getAllByText('Piece b')).toHaveLength(1);
    expect(within(grid).getByText('Piece a')).toBeInTheDocument();
    const next = server.callsTo('GET', '/content')[1]!;
    expect(next.search.get('cursor')).toBe('cursor-1');
    expect(next.search.get('page')).toBeNull();
    expect(next.search.get('sort')).toBe('newest');
    // The last page has no next cursor: nothing more to load.
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(server.callsTo('GET', '/content').length).toBe(2);
  });

  it('starts a new sort from its first page, then scrolls it on by its own cursors', async () => {
    const server = mockServer({
      'GET /content': (call) =>
        call.search.get('sort') === 'popular'
          ? cursorPages([[item('p1')], [item('p2')], [item('p3')]])(call)
          : cursorPages([[item('n1')], [item('n2')]])(call),
      'GET /category/tree': () => jsonResponse(200, { data: [] }),
    });
    const { user } = renderWithStore(<GalleryPage />, { route: '/gallery' });
    const grid = await screen.findByRole('list', { name: 'Gallery', busy: false });
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(within(grid).getByText('Piece n2')).toBeInTheDocument());

    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'popular');
    await waitFor(() => expect(screen.getByText('Piece p1')).toBeInTheDocument());
    const popular = () => server.callsTo('GET', '/content').filter((c) => c.search.get('sort') === 'popular');
    expect(popular()[0]!.search.get('cursor')).toBeNull();
    for (const [id, cursor] of [
      ['p2', 'cursor-1'],
      ['p3', 'cursor-2'],
    ] as const) {
      await user.click(await screen.findByRole('button', { name: 'Load more' }));
      await waitFor(() => expect(screen.getByText(`Piece ${id}`)).toBeInTheDocument());
      expect(popular().at(-1)!.search.get('cursor')).toBe(cursor);
    }
    expect(screen.getByText('Piece p1')).toBeInTheDocument();
    expect(screen.queryByText('Piece n1')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('scrolls search results and a category on by cursor', async () => {
    const category = {
      id: 'cat-1',
      name: 'Skies',
      slug: 'skies',
      parentId: null,
      description: null,
      sortOrder: 0,
      isActive: true,
    };
    const server = mockServer({
      'GET /content/search': cursorPages([[item('s1')], [item('s2')]]),
      'GET /category/cat-1/content': cursorPages([[item('c1')], [item('c2')]], { category }),
      'GET /category/cat-1/breadcrumb': () => jsonResponse(200, { data: [category] }),
      'GET /category/tree': () => jsonResponse(200, { data: [] }),
    });
    const search = renderWithStore(<GalleryPage />, { route: '/gallery?q=sky' });
    await search.user.click(await screen.findByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(screen.getByText('Piece s2')).toBeInTheDocument());
    expect(server.callsTo('GET', '/content/search').map((c) => c.search.get('cursor'))).toEqual([null, 'cursor-1']);
    search.unmount();

    const byCategory = renderWithStore(<GalleryPage />, { route: '/gallery?category=cat-1' });
    await byCategory.user.click(await screen.findByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(screen.getByText('Piece c2')).toBeInTheDocument());
    expect(screen.getByText('Piece c1')).toBeInTheDocument();
    expect(server.callsTo('GET', '/category/cat-1/content').map((c) => c.search.get('cursor'))).toEqual([
      null,
      'cursor-1',
    ]);
  });

  it("gives a signed-in person a Following tab with their follows' work, and an empty state that points to people", async () => {
    let feed = [item('f1', { title: 'From someone I follow' })];
    const server = mockServer({
      'GET /content': () => jsonResponse(200, pageOf([item('e1', { title: 'From anyone' })])),
      'GET /content/feed': () => jsonResponse(200, pageOf(feed)),
      'GET /users/suggested': () =>
        jsonResponse(200, { data: [{ id: 'p1', username: 'pia', fullName: 'Pia Popular', avatar: null, isFollowing: false }] }),
      'GET /category/tree': () => jsonResponse(200, { data: [] }),
    });
    const { user } = renderWithStore(<GalleryPage />, { route: '/gallery', preloadedState: signedInState() });
    expect(await screen.findByText('From anyone')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Following' }));
    expect(await screen.findByText('From someone I follow')).toBeInTheDocument();
    expect(screen.queryByText('From anyone')).not.toBeInTheDocument();
    expect(server.callsTo('GET', '/content/feed')).not.toHaveLength(0);

    feed = [];
    const { unmount } = renderWithStore(<GalleryPage />, { route: '/gallery?view=following', preloadedState: signedInState() });
    expect(await screen.findByText('Nothing from the people you follow yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Find people to follow' })).toHaveAttribute('href', '/people');
    const suggested = await screen.findByRole('region', { name: 'People to follow' });
    // The region shows its spinner until the suggestions arrive.
    expect(await within(suggested).findByText('Pia Popular')).toBeInTheDocument();
    unmount();
  });

  it('shows no Following tab to a visitor', async () => {
    mockServer({
      'GET /content': () => jsonResponse(200, pageOf([item('e1')])),
      'GET /category/tree': () => jsonResponse(200, { data: [] }),
    });
    renderWithStore(<GalleryPage />, { route: '/gallery?view=following' });
    expect(await screen.findByText('Piece e1')).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Following' })).not.toBeInTheDocument();
  });

  it('shows the spec message when the list cannot be fetched', async () => {
    mockServer({
      'GET /content': () => errorResponse(500),
      'GET /category/tree': () => jsonResponse(200, { data: [] }),
    });
    renderWithStore(<GalleryPage />, { route: '/gallery' });
    expect(await screen.findByText('Failed to fetch content')).toBeInTheDocument();
  });

  it('searches with the search endpoint', async () => {
    const server = mockServer({
      'GET /content/search': () => jsonResponse(200, pageOf([item('s')])),
      'GET /category/tree': () => jsonResponse(200, { data: [] }),
    });
    renderWithStore(<GalleryPage />, { route: '/gallery?q=harbour' });
    expect(await screen.findByText('Piece s')).toBeInTheDocument();
    expect(server.callsTo('GET', '/content/search')).toHaveLength(1);
  });

  it('says how long a search may be, not that it is empty, when a query is too long', async () => {
    const long = 'a'.repeat(201);
    mockServer({
      'GET /content/search': () => errorResponse(400, 'Search queries can be at most 200 characters'),
      'GET /category/tree': () => jsonResponse(200, { data: [] }),
    });
    renderWithStore(<GalleryPage />, { route: `/gallery?q=${long}` });
    expect(await screen.findByText('Search queries can be at most 200 characters')).toBeInTheDocument();
    expect(screen.queryByText('Please enter something to search for')).not.toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search the gallery' })).toHaveAttribute('maxLength', '200');
  });
});

describe('ContentEngagement', () => {
  const comment = (id: string, parentId: string | null = null): Comment => ({
    id,
    contentId: 'c-1',
    parentId,
    content: `Comment ${id}`,
    author: { id: 'u-2', username: 'bo', fullName: 'Bo', avatar: null },
    replies: [],
    createdAt: '2026-01-01T00:00:00.000Z',
  });

  it('asks signed-out people to sign in to post what they write', async () => {
    mockServer({
      'GET /content/c-1/comments': () =>
        jsonResponse(200, { data: [comment('x')], pagination: { page: 1, pageSize: 10, total: 1, totalPages: 1 } }),
    });
    const { store, user } = renderWithStore(<ContentEngagement content={makeContent()} />);
    expect(await screen.findByText('Comment x')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Post comment' })).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Your reply' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Sign in to comment' }));
    expect(store.getState().ui.authModal).toEqual({ isOpen: true, mode: 'login', intent: null });
  });

  it('adds a new comment at the front', async () => {
    mockServer({
      'GET /content/c-1/comments': () =>
        jsonResponse(200, { data: [comment('old')], pagination: { page: 1, pageSize: 10, total: 1, totalPages: 1 } }),
      'POST /content/c-1/comments': () =>
        jsonResponse(201, {
          data: {
            ...comment('new'),
            content: 'Lovely work',
            author: { id: 'u-1', username: 'ada', fullName: 'Ada', avatar: null },
          },
        }),
    });
    const { user } = renderWithStore(<ContentEngagement content={makeContent()} />, {
      preloadedState: signedInState(makeUser({ id: 'u-1' })),
    });
    await screen.findByText('Comment old');
    await user.type(screen.getByRole('textbox', { name: 'Add a comment' }), 'Lovely work');
    await user.click(screen.getByRole('button', { name: 'Post comment' }));
    await waitFor(() => expect(screen.getAllByRole('listitem')[0]).toHaveTextContent('Lovely work'));
  });

  it('asks before deleting a comment, and deletes it only once confirmed', async () => {
    let list = [{ ...comment('mine'), author: { id: 'u-1', username: 'ada', fullName: 'Ada', avatar: null } }];
    const server = mockServer({
      'GET /content/c-1/comments': () =>
        jsonResponse(200, { data: list, pagination: { page: 1, pageSize: 10, total: list.length, totalPages: 1 } }),
      'DELETE /content/c-1/comments/mine': () => {
        list = [];
        return jsonResponse(200, { data: null, message: 'Comment deleted' });
      },
    });
    const { user } = renderWithStore(<ContentEngagement content={makeContent()} />, {
      preloadedState: signedInState(makeUser({ id: 'u-1' })),
    });
    const deleteButton = await screen.findByRole('button', { name: 'Delete comment by Ada' });

    await user.click(deleteButton);
    const confirm = screen.getByRole('dialog', { name: 'Delete this comment?' });
    expect(within(confirm).getByText('Comment mine')).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(server.callsTo('DELETE', '/content/c-1/comments/mine')).toHaveLength(0);
    expect(deleteButton).toHaveFocus();

    await user.click(deleteButton);
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete comment' }));
    expect(await screen.findByText('Comment deleted')).toBeInTheDocument();
    expect(server.callsTo('DELETE', '/content/c-1/comments/mine')).toHaveLength(1);
    await waitFor(() => expect(screen.queryByText('Comment mine')).not.toBeInTheDocument());
  });

  it('toasts the spec message when comments cannot be fetched', async () => {
    mockServer({ 'GET /content/c-1/comments': () => errorResponse(500) });
    renderWithStore(<ContentEngagement content={makeContent()} />);
    expect(await screen.findByText('Failed to fetch comment')).toBeInTheDocument();
  });
});
