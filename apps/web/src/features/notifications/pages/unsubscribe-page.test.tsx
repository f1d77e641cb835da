import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { errorResponse, jsonResponse, mockServer, renderWithStore } from '../../../testing/render-with-store';
import { UnsubscribePage } from './unsubscribe-page';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('UnsubscribePage', () => {
  it('stops the emails of the link without signing in, after one press', async () => {
    const server = mockServer({
      'POST /notifications/unsubscribe': () =>
        jsonResponse(200, { data: { kind: 'comment' }, message: 'You will no longer get emails about comment notifications' }),
    });
    const { user } = renderWithStore(<UnsubscribePage />, { route: '/notifications/unsubscribe?token=signed.token.here' });
    expect(server.calls).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Stop these emails' }));
    expect(await screen.findByRole('status')).toHaveTextContent('You will no longer get emails about comment notifications');
    expect(server.callsTo('POST', '/notifications/unsubscribe')[0]!.search.get('token')).toBe('signed.token.here');
  });

  it('says so when the link is not valid', async () => {
    mockServer({ 'POST /notifications/unsubscribe': () => errorResponse(400, 'This unsubscribe link is not valid') });
    const { user } = renderWithStore(<UnsubscribePage />, { route: '/notifications/unsubscribe?token=forged' });
    await user.click(screen.getByRole('button', { name: 'Stop these emails' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This unsubscribe link is not valid');
  });
});
