import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { Outlet, RouterProvider, createMemoryRouter } from 'react-router';
import { vi } from 'vitest';
import type { PublicUser } from '@atelier/shared';
import { makeStore } from '../../app/store';
import { initialAuthState } from '../auth/auth-slice';
import { GenerateRoot } from './components/generate-root';
import { ContentPage } from './pages/content-page';
import { CreditsPage } from './pages/credits-page';
import type { Content } from './generation-types';

export const testUser: PublicUser = {
  id: 'u-1',
  name: 'Ada',
  fullName: 'Ada Lovelace',
  username: 'ada',
  email: 'ada@example.com',
  avatar: null,
  role: 'user',
  credits: 20,
  isVerified: true,
  bio: null,
  website: null,
  location: null,
  referralCode: 'ADA123',
  createdAt: '2025-01-01T00:00:00.000Z',
};

export function makeContent(overrides: Partial<Content> = {}): Content {
  return {
    id: 'c-1',
    title: 'Foggy harbour',
    description: null,
    prompt: 'A foggy harbour at dawn',
    model: 'flux-pro',
    contentType: 'photo',
    status: 'ready',
    progress: 100,
    isPrivate: false,
    seed: 1234,
    strength: 50,
    width: 1024,
    height: 768,
    durationMs: null,
    mediaUrl: '/media/c-1/original.png',
    previewUrl: '/media/c-1/preview.webp',
    thumbnailUrl: '/media/c-1/thumb.webp',
    posterUrl: null,
    mimeType: 'image/png',
    cost: 10,
    charged: 10,
    refunded: 0,
    failureReason: null,
    parentId: null,
    editOperation: null,
    owner: { id: testUser.id, username: 'ada', fullName: 'Ada Lovelace', avatar: null },
    likeCount: 0,
    commentCount: 0,
    playCount: 0,
    isLiked: false,
    createdAt: '2025-03-01T10:00:00.000Z',
    updatedAt: '2025-03-01T10:00:00.000Z',
    completedAt: '2025-03-01T10:00:30.000Z',
    ...overrides,
  };
}

export interface RecordedCall {
  method: string;
  path: string;
  search: URLSearchParams;
  headers: Headers;
  body: unknown;
}

type Handler = (call: RecordedCall) => Response | Promise<Response>;

export function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/**
 * Replaces fetch with a tiny router over `"METHOD /path"` keys (paths without /api/v1). Unknown
 * calls answer 404, so a page's optional requests (like /config) simply find nothing.
 */
export function mockApi(routes: Record<string, Handler>) {
  const calls: RecordedCall[] = [];
  // Node's Request refuses relative URLs; the browser resolves them against the page.
  const NodeRequest = globalThis.Request;
  class PageRequest extends NodeRequest {
    constructor(input: RequestInfo | URL, init?: RequestInit) {
      super(typeof input === 'string' && input.startsWith('/') ? new URL(input, location.origin) : input, init);
    }
  }
  vi.stubGlobal('Request', PageRequest);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: Request) => {
      const url = new URL(input.url);
      const path = url.pathname.replace(/^\/api\/v1/, '');
      const type = input.headers.get('content-type') ?? '';
      const body = type.includes('application/json')
        ? await input.json()
        : type.includes('multipart/form-data')
          ? await input.formData()
          : await input.text();
      const call: RecordedCall = { method: input.method, path, search: url.searchParams, headers: input.headers, body };
      calls.push(call);
      const handler = routes[`${input.method} ${path}`];
      if (!handler) return json(404, { statusCode: 404, code: 'NOT_FOUND', error: 'Not Found', message: 'Not found' });
      return handler(call);
    }),
  );
  return calls;
}

interface RenderOptions {
  path?: string;
  user?: PublicUser | null;
}

/** The generation screens inside a real store and a memory router, with the global dialog mounted. */
export function renderGeneration({ path = '/', user = testUser }: RenderOptions = {}) {
  const store = makeStore({
    auth: { ...initialAuthState, user, isAuthenticated: user !== null },
  });
  const router = createMemoryRouter(
    [
      {
        element: (
          <>
            <Outlet />
            <GenerateRoot />
          </>
        ),
        children: [
          { path: '/', element: <h1>Home</h1> },
          { path: '/content/:id', element: <ContentPage /> },
          { path: '/credits', element: <CreditsPage /> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  const view = render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
  );
  // No pause between keystrokes: the tests are about what happens, not typing speed.
  return { store, router, view, user: userEvent.setup({ delay: null }) };
}
