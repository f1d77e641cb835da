import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes, useParams } from 'react-router';
import { STORAGE_KEYS, type Content } from '@atelier/shared';
import { makeContent } from '../../testing/generation-test-utils';
import { jsonResponse, makeUser, mockServer, renderWithStore, signedInState } from '../../testing/render-with-store';
import { UploadContentButton } from './components/upload-content-button';
import { contentApi } from './content-api';

const ME = makeUser();
const mine = (overrides: Partial<Content>) =>
  makeContent({ owner: { id: ME.id, username: ME.username, fullName: ME.fullName, avatar: null }, ...overrides });

/** Stands in for XMLHttpRequest: records the request and lets the test drive progress and the reply. */
class FakeXhr {
  static last: FakeXhr | null = null;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: FormData | null = null;
  status = 0;
  responseText = '';
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = {
    onprogress: null,
  };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name.toLowerCase()] = value;
  }
  send(body: FormData) {
    this.body = body;
  }
  abort() {
    this.onabort?.();
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total });
  }
  respond(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

const xhr = () => {
  if (!FakeXhr.last) throw new Error('no upload was sent');
  return FakeXhr.last;
};

function ContentRoute() {
  const { id } = useParams();
  return <p>Opened content {id}</p>;
}

function renderUpload() {
  return renderWithStore(
    <Routes>
      <Route path="/" element={<UploadContentButton />} />
      <Route path="/content/:id" element={<ContentRoute />} />
    </Routes>,
    { preloadedState: signedInState(ME) },
  );
}

const open = () => screen.getByRole('button', { name: 'Upload' });
const submit = () => within(screen.getByRole('dialog')).getByRole('button', { name: /^(Upload|Uploading)/ });

const png = () => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'harbour-at_dusk.png', { type: 'image/png' });

beforeEach(() => {
  FakeXhr.last = null;
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  localStorage.setItem(STORAGE_KEYS.accessToken, 'access-1');
});
afterEach(() => vi.unstubAllGlobals());

describe('Upload dialog', () => {
  it('is offered only to signed-in people', () => {
    renderWithStore(<UploadContentButton />);
    expect(screen.queryByRole('button', { name: 'Upload' })).not.toBeInTheDocument();
  });

  it('sends the file and fields with the token, shows progress, then opens the new item', async () => {
    mockServer({
      'GET /category/tree': () =>
        jsonResponse(200, {
          data: [
            {
              id: '3f1f0000-0000-4000-8000-000000000001',
              name: 'Seascapes',
              slug: 'seascapes',
              description: null,
              parentId: null,
              isActive: true,
              sortOrder: 0,
              contentCount: 0,
              createdAt: '',
              updatedAt: '',
              children: [],
            },
          ],
        }),
    });
    const { user } = renderUpload();
    await user.click(open());
    // The dialog loads when first opened.
    expect(await screen.findByRole('dialog', { name: 'Upload your own work' })).toBeInTheDocument();

    await user.upload(screen.getByLabelText(/^File/), png());
    // The file suggests the title and the type.
    expect(screen.getByLabelText(/^Title/)).toHaveValue('harbour at dusk');
    expect(screen.getByLabelText(/^Type/)).toHaveValue('photo');
    await user.type(screen.getByLabelText(/^Description/), 'Boats coming home');
    await user.selectOptions(await screen.findByLabelText(/^Category/), 'Seascapes');
    await user.type(screen.getByLabelText(/^Tags/), 'sea, dusk');
    await user.click(screen.getByLabelText(/Make this content private/));
    await user.click(submit());

    const sent = xhr();
    expect(sent.method).toBe('POST');
    expect(sent.url).toBe('/api/v1/content');
    expect(sent.headers.authorization).toBe('Bearer access-1');
    expect(Object.fromEntries([...sent.body!.entries()].filter(([k]) => k !== 'file'))).toEqual({
      title: 'harbour at dusk',
      description: 'Boats coming home',
      contentType: 'photo',
      categoryId: '3f1f0000-0000-4000-8000-000000000001',
      tags: 'sea, dusk',
      isPrivate: 'true',
    });
    expect((sent.body!.get('file') as File).name).toBe('harbour-at_dusk.png');

    act(() => sent.progress(40, 100));
    expect(screen.getByRole('progressbar', { name: 'Upload progress' })).toHaveAttribute('aria-valuenow', '40');
    expect(submit()).toBeDisabled();

    act(() => sent.respond(201, { data: makeContent({ id: 'new-1', title: 'harbour at dusk', isPrivate: true }) }));
    expect(await screen.findByText('Opened content new-1')).toBeInTheDocument();
    expect(screen.getByText('Your upload is ready')).toBeInTheDocument();
    // Typing into five fields is slow on a busy machine; the behaviour, not the speed, is under test.
  }, 20_000);

  it('checks the form before sending anything', async () => {
    mockServer({ 'GET /category/tree': () => jsonResponse(200, { data: [] }) });
    const { user } = renderUpload();
    await user.click(open());
    await screen.findByRole('dialog', { name: 'Upload your own work' });
    await user.click(submit());
    expect(screen.getByText('Please choose a file to upload')).toBeInTheDocument();
    expect(screen.getByText('Title is required')).toBeInTheDocument();
    expect(FakeXhr.last).toBeNull();
  });

  it("shows the server's message in a toast, else the spec's default", async () => {
    mockServer({ 'GET /category/tree': () => jsonResponse(200, { data: [] }) });
    const { user } = renderUpload();
    await user.click(open());
    await screen.findByRole('dialog', { name: 'Upload your own work' });
    await user.upload(screen.getByLabelText(/^File/), png());
    await user.click(submit());
    act(() =>
      xhr().respond(415, {
        statusCode: 415,
        code: 'UNSUPPORTED_MEDIA_TYPE',
        error: 'Unsupported Media Type',
        message: 'This file does not match the content type photo',
      }),
    );
    expect(await screen.findByText('This file does not match the content type photo')).toBeInTheDocument();
    // The dialog stays open with the choices kept, so the person can fix and retry.
    expect(screen.getByLabelText(/^Title/)).toHaveValue('harbour at dusk');

    await user.click(submit());
    act(() => xhr().onerror?.());
    expect(await screen.findByText('Failed to create content')).toBeInTheDocument();
  });

  it('adds the new item to the front of a non-empty content list, without refetching it (spec §4)', async () => {
    const existing = mine({ id: 'old-1', title: 'Older piece' });
    const listedOnServer: Content[] = [existing];
    mockServer({
      'GET /category/tree': () => jsonResponse(200, { data: [] }),
      [`GET /users/${ME.id}/content`]: () =>
        jsonResponse(200, {
          data: listedOnServer,
          pagination: { page: 1, pageSize: 12, total: listedOnServer.length, totalPages: 1 },
        }),
    });
    const { user, store } = renderUpload();
    await act(() => store.dispatch(contentApi.endpoints.getUserContent.initiate({ userId: ME.id, page: 1 })));
    const listed = () => contentApi.endpoints.getUserContent.select({ userId: ME.id, page: 1 })(store.getState()).data;

    await user.click(open());
    await screen.findByRole('dialog', { name: 'Upload your own work' });
    await user.upload(screen.getByLabelText(/^File/), png());
    await user.click(submit());
    const created = mine({ id: 'new-2', title: 'harbour at dusk' });
    act(() => xhr().respond(201, { data: created }));
    await screen.findByText('Opened content new-2');
    expect(listed()?.data.map((c) => c.id)).toEqual(['new-2', 'old-1']);
    expect(listed()?.pagination.total).toBe(2);
  });

  it('leaves an empty content list to be fetched again rather than inserting into it', async () => {
    const created = mine({ id: 'new-3', title: 'harbour at dusk' });
    let listedOnServer: Content[] = [];
    const server = mockServer({
      'GET /category/tree': () => jsonResponse(200, { data: [] }),
      [`GET /users/${ME.id}/content`]: () =>
        jsonResponse(200, {
          data: listedOnServer,
          pagination: { page: 1, pageSize: 12, total: listedOnServer.length, totalPages: 1 },
        }),
    });
    const { user, store } = renderUpload();
    await act(() => store.dispatch(contentApi.endpoints.getUserContent.initiate({ userId: ME.id, page: 1 })));
    const listed = () => contentApi.endpoints.getUserContent.select({ userId: ME.id, page: 1 })(store.getState()).data;
    expect(listed()?.data).toEqual([]);

    await user.click(open());
    await screen.findByRole('dialog', { name: 'Upload your own work' });
    await user.upload(screen.getByLabelText(/^File/), png());
    listedOnServer = [created];
    await user.click(submit());
    act(() => xhr().respond(201, { data: created }));
    await screen.findByText('Opened content new-3');
    await waitFor(() => expect(server.callsTo('GET', `/users/${ME.id}/content`)).toHaveLength(2));
    await waitFor(() => expect(listed()?.data.map((c) => c.id)).toEqual(['new-3']));
  });
});
