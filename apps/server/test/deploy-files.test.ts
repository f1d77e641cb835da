import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { ENV_KEYS, loadConfig } from '../src/config.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');

interface Service {
  image?: string;
  build?: unknown;
  environment?: Record<string, string | number | boolean>;
  ports?: string[];
  healthcheck?: { test: string[] };
  command?: string;
  volumes?: string[];
}

const compose = parse(read('docker-compose.yml'), { merge: true }) as { services: Record<string, Service> };
const atelier = Object.entries(compose.services).filter(([, s]) => s.image === 'atelier:local');

/** `${NAME:-default}` → default, `${NAME:?message}` → a stand-in value, as docker compose would with nothing set. */
function interpolate(value: string): string {
  return value.replace(/\$\{(\w+)(?::([-?])([^}]*))?\}/g, (_, _name: string, op?: string, arg?: string) =>
    op === '-' ? (arg ?? '') : 'x'.repeat(40),
  );
}

describe('docker-compose.yml', () => {
  it('runs two API processes and one worker from the product image', () => {
    const roles = atelier.map(([name, s]) => [name, s.environment?.ROLE]);
    expect(roles).toEqual([
      ['api1', 'api'],
      ['api2', 'api'],
      ['worker', 'worker'],
    ]);
    for (const [, s] of atelier) expect(s.build).toBe('.');
    expect(fs.existsSync(path.join(root, 'Dockerfile'))).toBe(true);
  });

  it('gives them only variables the server reads, and values it accepts', () => {
    for (const [name, s] of atelier) {
      const env = Object.fromEntries(Object.entries(s.environment ?? {}).map(([k, v]) => [k, interpolate(String(v))]));
      expect(Object.keys(env).filter((k) => !ENV_KEYS.includes(k)), name).toEqual([]);
      const config = loadConfig(env);
      expect(config).toMatchObject({ dbKind: 'postgres', STORAGE_DRIVER: 's3', S3_FORCE_PATH_STYLE: true });
    }
  });

  it('shares one database, one bucket and one token secret between every process', () => {
    const shared = (key: string) => new Set(atelier.map(([, s]) => s.environment?.[key]));
    for (const key of ['DATABASE_URL', 'JWT_SECRET', 'S3_BUCKET', 'S3_ENDPOINT']) expect(shared(key).size, key).toBe(1);
    const db = [...shared('DATABASE_URL')][0] as string;
    expect(compose.services.postgres?.environment?.POSTGRES_DB).toBe(new URL(interpolate(db)).pathname.slice(1));
  });

  it('checks API readiness, scrapes the worker on its own port and proxies to both APIs', () => {
    for (const name of ['api1', 'api2']) {
      expect(compose.services[name]?.healthcheck?.test.join(' ')).toContain('/api/v1/health/ready');
    }
    expect(compose.services.worker?.environment?.METRICS_PORT).toBeDefined();
    expect(compose.services.worker?.ports).toBeUndefined();
    expect(compose.services.proxy?.volumes).toContain('./deploy/Caddyfile:/etc/caddy/Caddyfile:ro');
    const caddyfile = read('deploy/Caddyfile');
    expect(caddyfile).toMatch(/reverse_proxy api1:3000 api2:3000/);
    expect(caddyfile).toMatch(/lb_policy cookie/);
    expect(caddyfile).toMatch(/health_uri \/api\/v1\/health\/ready/);
  });
});

describe('.env.example and the README', () => {
  it('list only variables the server reads, and every one of them', () => {
    const listed = [...read('.env.example').matchAll(/^#?\s*([A-Z][A-Z0-9_]+)=/gm)].map((m) => m[1]!);
    expect(listed.filter((k) => !ENV_KEYS.includes(k))).toEqual([]);
    expect(ENV_KEYS.filter((k) => k !== 'NODE_ENV' && !listed.includes(k))).toEqual([]);
    const readme = read('README.md');
    expect(ENV_KEYS.filter((k) => k !== 'NODE_ENV' && !readme.includes(`\`${k}\``))).toEqual([]);
  });
});
