import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, OpenDatabaseOptions } from '../src/platform/db/db.js';
import { ensureAdmin } from '../src/modules/auth/admin-bootstrap.js';
import { runCreateAdmin } from '../src/modules/auth/create-admin-cli.js';
import { createTestApp, type TestContext } from './app.js';
import { PASSWORD, bearer, registerUser } from './auth-helpers.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_DISABLED: 'true' });
});
afterAll(async () => t.close());

const deps = () => ({ db: t.deps.database.db, clock: t.clock.now });
const login = (email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email, password } });

describe('ensureAdmin', () => {
  it('creates a verified administrator who can sign in', async () => {
    const result = await ensureAdmin(deps(), { email: 'Boss@Example.com', password: 'Admin1pass' });
    expect(result.action).toBe('created');
    const res = await login('boss@example.com', 'Admin1pass');
    expect(res.statusCode).toBe(200);
    expect(res.json().data.user).toMatchObject({ email: 'boss@example.com', role: 'admin', isVerified: true });
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/v1/users/me',
      headers: bearer(res.json().data.accessToken),
    });
    expect(me.json().data.user.role).toBe('admin');

    const again = await ensureAdmin(deps(), { email: 'boss@example.com', password: 'Other1pass' });
    expect(again.action).toBe('unchanged');
    expect(again.user.id).toBe(result.user.id);
  });

  it('promotes an existing account and leaves its password alone', async () => {
    const member = await registerUser(t);
    const result = await ensureAdmin(deps(), { email: member.signup.email, password: 'Ignored1pass' });
    expect(result).toMatchObject({ action: 'promoted', user: { id: member.user.id, role: 'admin' } });
    expect((await login(member.signup.email, PASSWORD)).json().data.user.role).toBe('admin');
    expect((await login(member.signup.email, 'Ignored1pass')).statusCode).toBe(401);
    // The role is read per request, so the member's open session is an admin session at once.
    const me = await t.app.inject({ method: 'GET', url: '/api/v1/users/me', headers: bearer(member.accessToken) });
    expect(me.json().data.user.role).toBe('admin');
  });

  it('refuses to create an administrator with a weak password or a bad email', async () => {
    await expect(ensureAdmin(deps(), { email: 'weak@example.com', password: 'password' })).rejects.toThrow(
      /Admin password is too weak: .*uppercase/,
    );
    await expect(ensureAdmin(deps(), { email: 'nope', password: 'Admin1pass' })).rejects.toThrow(/not a valid email/);
    const rows = await t.deps.database.db.execute(sql`select id from users where email = 'weak@example.com'`);
    expect((rows as unknown as { rows: unknown[] }).rows).toHaveLength(0);
  });
});

describe('npm run create-admin', () => {
  const opened: OpenDatabaseOptions[] = [];
  /** The server's own database stands in for the one the command would open. */
  const open = async (opts: OpenDatabaseOptions): Promise<Database> => {
    opened.push(opts);
    return { ...t.deps.database, close: async () => undefined };
  };

  async function cli(args: string[], env: Record<string, string> = {}) {
    const out: string[] = [];
    const err: string[] = [];
    const io = { out: (l: string) => out.push(l), err: (l: string) => err.push(l) };
    const code = await runCreateAdmin(args, { DATA_DIR: '/srv/atelier-data', ...env }, io, open);
    return { code, stdout: out.join('\n'), stderr: err.join('\n') };
  }

  it('creates the administrator in the database the server uses, then reports it exists', async () => {
    const first = await cli(['--email', 'cli-admin@example.com', '--password', 'Cli1admin']);
    expect(first).toMatchObject({
      code: 0,
      stdout: 'Created administrator cli-admin@example.com (username cli-admin)',
    });
    expect(opened.at(-1)).toEqual({ databaseUrl: undefined, pgliteDir: path.join('/srv/atelier-data', 'db') });
    const second = await cli(['--email=cli-admin@example.com', '--password=Cli1admin']);
    expect(second.stdout).toBe('cli-admin@example.com (username cli-admin) is already an administrator');
    expect((await login('cli-admin@example.com', 'Cli1admin')).json().data.user).toMatchObject({
      role: 'admin',
      isVerified: true,
    });
  });

  it('falls back to ADMIN_EMAIL and ADMIN_PASSWORD and uses DATABASE_URL when set', async () => {
    const member = await registerUser(t);
    const res = await cli([], {
      ADMIN_EMAIL: member.signup.email,
      ADMIN_PASSWORD: 'Whatever1x',
      DATABASE_URL: 'postgres://db.internal/atelier',
    });
    expect(res).toMatchObject({ code: 0, stdout: expect.stringContaining('Promoted') });
    expect(opened.at(-1)?.databaseUrl).toBe('postgres://db.internal/atelier');
  });

  it('explains what it needs when the email, the password or an option is wrong', async () => {
    const before = opened.length;
    const missing = await cli([]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('An email and a password are required');
    const unknown = await cli(['--emial', 'x@example.com']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('Usage: npm run create-admin');
    expect(opened.length).toBe(before);
    const weak = await cli(['--email', 'other@example.com', '--password', 'weak']);
    expect(weak.code).toBe(1);
    expect(weak.stderr).toContain('Admin password is too weak');
  });
});
