import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { helmetHeaders, registerSecurityHeaders } from './security-headers.js';

const options = { contentSecurityPolicy: { directives: { defaultSrc: ["'self'"], scriptSrc: ["'self'", "'sha256-abc'"] } } };

describe('security headers', () => {
  it('are helmet’s full set for the options, computed once', () => {
    const headers = helmetHeaders(options);
    expect(headers['content-security-policy']).toContain("script-src 'self' 'sha256-abc'");
    expect(headers).toMatchObject({
      'x-frame-options': 'SAMEORIGIN',
      'x-content-type-options': 'nosniff',
      'strict-transport-security': 'max-age=31536000; includeSubDomains',
      'referrer-policy': 'no-referrer',
    });
  });

  it('go out on every reply, a 404 included', async () => {
    const app = Fastify();
    registerSecurityHeaders(app, { document: options, apiPrefix: '/api/v1' });
    app.get('/ok', async () => ({ ok: true }));
    for (const url of ['/ok', '/missing', '/api/docs']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.headers['content-security-policy']).toContain("default-src 'self'");
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    }
    await app.close();
  });

  it('are the short API set under the API prefix: nothing may run, frame or load there', async () => {
    const app = Fastify();
    registerSecurityHeaders(app, { document: options, apiPrefix: '/api/v1' });
    app.get('/api/v1/ok', async () => ({ ok: true }));
    for (const url of ['/api/v1/ok', '/api/v1/missing', '/api/v1']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'");
      expect(res.headers).toMatchObject({
        'x-frame-options': 'DENY',
        'x-content-type-options': 'nosniff',
        'strict-transport-security': 'max-age=31536000; includeSubDomains',
        'referrer-policy': 'no-referrer',
        'cross-origin-resource-policy': 'same-origin',
      });
      for (const pageOnly of ['cross-origin-opener-policy', 'x-dns-prefetch-control', 'x-download-options', 'x-xss-protection'])
        expect(res.headers[pageOnly]).toBeUndefined();
    }
    await app.close();
  });
});
