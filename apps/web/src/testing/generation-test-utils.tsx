import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { Outlet, RouterProvider, createMemoryRouter } from 'react-router';
import type { PublicUser } from '@atelier/shared';
import { makeStore } from '../app/store';
import { initialAuthState } from '../features/auth/auth-slice';
import { GenerateRoot } from '../app/layout/generate-root';
import { ContentPage } from '../features/content/pages/content-page';
import { CreditsPage } from '../features/billing/pages/credits-page';
import type { Content } from '../features/generation/generation-types';

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

export { jsonResponse as json, mockServer, type RecordedCall } from './mock-server';

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
