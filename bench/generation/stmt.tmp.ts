import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs'; import os from 'node:os'; import path from 'node:path';
import pg from 'pg'; import pino from 'pino';
import { buildApp } from '../../apps/server/src/app.js';
import { loadConfig } from '../../apps/server/src/config.js';
import { sessions, users } from '../../apps/server/src/modules/auth/auth.schema.js';
import { openRuntime } from '../../apps/server/src/runtime.js';
const PG_URL = 'postgres://postgres@127.0.0.1:5432/postgres';
async function adminQuery(text: string) { const c = new pg.Client({ connectionString: PG_URL }); await c.connect(); await c.query(text); await c.end(); }
const dbName = `atelier_bench_${randomBytes(4).toString('hex')}`;
await adminQuery(`CREATE DATABASE ${dbName}`);
const dbUrl = PG_URL.replace(/\/postgres$/, '/' + dbName);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-probe-'));
const config = loadConfig({ ...process.env, NODE_ENV: 'production', DATA_DIR: dataDir, DATABASE_URL: dbUrl, LOG_LEVEL: 'warn', RATE_LIMIT_DISABLED: 'true', SEED_DEMO: 'false', GENERATION_PROVIDER: 'local' });
const { deps, closeFanOut } = await openRuntime(config, pino({ level: 'warn' }));
const app = await buildApp(deps, { webDir: null });
await deps.queue.start();
try {
const [u] = await deps.database.db.insert(users).values({ fullName: 'P', username: 'p_' + dbName, email: dbName + '@x.test', isVerified: true, referralCode: 'P' + randomBytes(3).toString('hex'), credits: 100000000 }).returning();
const [s] = await deps.database.db.insert(sessions).values({ userId: u!.id, familyId: randomUUID(), refreshTokenHash: 'x', expiresAt: new Date(Date.now() + 3600e3) }).returning();
const token = await deps.tokens.signAccess({ id: u!.id, role: u!.role, sessionId: s!.id });
const inject = () => app.inject({ method: 'POST', url: '/api/v1/content/generate', headers: { authorization: `Bearer ${token}` }, payload: { contentType: 'vector', model: 'stable-diffusion-xl', prompt: 'x logo' } });
for (let i = 0; i < 20; i++) await inject();
// capture texts+params
const cap: { text: string; values: unknown[] }[] = [];
const orig = pg.Client.prototype.query;
pg.Client.prototype.query = function (this: pg.Client, ...args: any[]) { const a = args[0]; if (typeof a === 'string') cap.push({ text: a, values: args[1] }); else cap.push({ text: a.text, values: a.values ?? args[1] }); return (orig as any).apply(this, args); } as any;
const probe = await inject();
pg.Client.prototype.query = orig;
const contentId = probe.json().data.id as string;
const c = new pg.Client({ connectionString: dbUrl }); await c.connect();
try {
const N = Number(process.env.N ?? 200);
async function time(name: string, f: () => Promise<unknown>) { for (let i = 0; i < 20; i++) await f(); const t0 = performance.now(); for (let i = 0; i < N; i++) await f(); console.log(((performance.now() - t0) / N).toFixed(3), 'ms', name); }
await time('SELECT 1', () => c.query('SELECT 1'));
await time('plain INSERT content', () => c.query(`INSERT INTO content (user_id, title, prompt, model, content_type, status, is_private, seed, strength, cost, charged) VALUES ($1, 'Generated Vector', 'x logo', 'stable-diffusion-xl', 'vector', 'queued', false, 5, 50, 2, 2) RETURNING *`, [u!.id]));
const sess = cap.find((x) => x.text.includes('"sessions"'))!;
await time('session check', () => c.query(sess.text, sess.values));
const cte = cap.find((x) => x.text.includes('WITH debit'))!;
const jobId = (cte.values as unknown[]).find((v) => typeof v === 'string' && /^[0-9a-f]{8}-[0-9a-f-]{27}$/.test(v) && v !== u!.id && v !== contentId) as string;
console.log('job', jobId, 'content', contentId);
await time('accept statement', () => { const nc = randomUUID(); const nj = randomUUID(); const vals = (cte.values as unknown[]).map((v) => typeof v === 'string' ? v.split(contentId).join(nc).split(jobId).join(nj) : v); return c.query(cte.text, vals); });
console.log(cte.text.length, 'chars');
if (process.env.EXPLAIN) { await c.query('BEGIN'); const nc = randomUUID(); const nj = randomUUID(); const vals = (cte.values as unknown[]).map((v) => typeof v === 'string' ? v.split(contentId).join(nc).split(jobId).join(nj) : v); const r = await c.query('EXPLAIN (ANALYZE, BUFFERS) ' + cte.text, vals); const r2 = await c.query(`EXPLAIN (ANALYZE, BUFFERS) INSERT INTO content (user_id, title, prompt, model, content_type, status, is_private, seed, strength, cost, charged) VALUES ($1, 'Generated Vector', 'x logo', 'stable-diffusion-xl', 'vector', 'queued', false, 5, 50, 2, 2) RETURNING *`, [u!.id]); console.log(r2.rows.map((x: any) => x['QUERY PLAN']).join('\n')); const r3 = await c.query('EXPLAIN (ANALYZE, BUFFERS) ' + sess.text, sess.values as any[]); console.log(r3.rows.map((x: any) => x['QUERY PLAN']).join('\n')); console.log(r.rows.map((x: any) => x['QUERY PLAN']).join('\n')); await c.query('ROLLBACK'); }
await time('accept, named (prepared)', () => { const nc = randomUUID(); const nj = randomUUID(); const vals = (cte.values as unknown[]).map((v) => typeof v === 'string' ? v.split(contentId).join(nc).split(jobId).join(nj) : v); return c.query({ name: 'acc', text: cte.text, values: vals }); });
await time('pg_notify', () => c.query('SELECT pg_notify($1, $2)', ['x', 'y']));
} finally { await c.end(); }
} finally {
await app.close(); await deps.queue.stop({ timeoutMs: 2000 }); await deps.realtime.close(); await closeFanOut(); await deps.database.close();
await adminQuery(`DROP DATABASE ${dbName}`);
}
