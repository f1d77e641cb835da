import pg from 'pg';
import { openDatabase } from '../src/platform/db/db.js';

/**
 * With TEST_DATABASE_URL set, migrate one template database once; every test file then gets a
 * fresh copy of it (see test/app.ts). Without it, tests use in-memory PGlite and need nothing here.
 */
export default async function setup({ provide }: { provide: (key: string, value: unknown) => void }) {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return;
  const template = `atelier_template_${process.pid}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${template}`);
  await admin.query(`CREATE DATABASE ${template}`);
  const templateUrl = withDatabase(url, template);
  const database = await openDatabase({ databaseUrl: templateUrl, poolMax: 1 });
  await database.close();
  provide('templateDatabase', template);
  return async () => {
    await admin.query(`DROP DATABASE IF EXISTS ${template}`).catch(() => undefined);
    await admin.end();
  };
}

export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}
