import { describe, expect, it } from 'vitest';
import { OAuthRejected, makeFacebookVerifier } from './oauth.js';

/** A Graph API stand-in: answers by path, records what was asked. */
function fakeGraph(replies: Record<string, { status?: number; body: unknown }>) {
  const calls: URL[] = [];
  const fetchFn = (async (input: string | URL | Request) => {
    const url = new URL(String(input));
    calls.push(url);
    const reply = replies[url.pathname.replace(/^\/v19\.0/, '')];
    if (!reply) return new Response('{}', { status: 404 });
    return new Response(JSON.stringify(reply.body), { status: reply.status ?? 200 });
  }) as typeof fetch;
  return { fetchFn, calls };
}

const verifier = (fetchFn: typeof fetch) =>
  makeFacebookVerifier({ appId: '42', appSecret: 's3cret', graphUrl: 'https://graph.test/v19.0/', fetch: fetchFn });

describe('Facebook token check', () => {
  it('asks debug_token with the app token, then reads the profile with the user token', async () => {
    const { fetchFn, calls } = fakeGraph({
      '/debug_token': { body: { data: { is_valid: true, app_id: 42, user_id: '7' } } },
      '/me': {
        body: { id: '7', name: ' Lin ', email: 'Lin@Example.com', picture: { data: { url: 'https://p/7.jpg' } } },
      },
    });
    await expect(verifier(fetchFn)('user-token')).resolves.toEqual({
      providerId: '7',
      email: 'lin@example.com',
      name: 'Lin',
      picture: 'https://p/7.jpg',
    });
    expect(calls[0]?.href).toContain('https://graph.test/v19.0/debug_token?');
    expect(calls[0]?.searchParams.get('access_token')).toBe('42|s3cret');
    expect(calls[0]?.searchParams.get('input_token')).toBe('user-token');
    expect(calls[1]?.searchParams.get('access_token')).toBe('user-token');
    expect(calls[1]?.searchParams.get('appsecret_proof')).toMatch(/^[0-9a-f]{64}$/);
  });

  it('rejects a token whose profile is someone other than the token owner', async () => {
    const { fetchFn } = fakeGraph({
      '/debug_token': { body: { data: { is_valid: true, app_id: '42', user_id: '7' } } },
      '/me': { body: { id: '8', name: 'Other' } },
    });
    await expect(verifier(fetchFn)('t')).rejects.toBeInstanceOf(OAuthRejected);
  });

  it('rejects when the Graph API fails or cannot be reached', async () => {
    const { fetchFn } = fakeGraph({ '/debug_token': { status: 500, body: {} } });
    await expect(verifier(fetchFn)('t')).rejects.toBeInstanceOf(OAuthRejected);
    const unreachable = (async () => {
      throw new TypeError('fetch failed');
    }) as typeof fetch;
    await expect(verifier(unreachable)('t')).rejects.toThrow(/unreachable/);
  });
});
