import { defineConfig } from 'drizzle-kit';

/**
 * drizzle-kit's tools on a developer's machine, run from apps/server, e.g.
 *   DATABASE_URL=postgres://… npx drizzle-kit pull                      # the database as drizzle code, in data/drizzle
 *   DATABASE_URL=postgres://… npx drizzle-kit push --strict --verbose   # drizzle's own diff; asks before applying
 *   npx drizzle-kit studio                                              # the embedded database, DATA_DIR/db
 * (DATA_DIR relative to apps/server; the repository's data/ by default.)
 * The SQL migrations stay the truth, and test/schema-drift.int.test.ts keeps the tables in step with
 * them. It compares catalogs rather than using push's diff, which also lists differences in
 * spelling only: foreign key names (drizzle-kit names them its own way), defaults, composite keys.
 */
const tablesFilter = ['!schema_migrations', '!socket_io_attachments'];

export default process.env.DATABASE_URL
  ? defineConfig({
      dialect: 'postgresql',
      schema: './src/platform/db/tables.ts',
      out: '../../data/drizzle',
      tablesFilter,
      dbCredentials: { url: process.env.DATABASE_URL },
    })
  : defineConfig({
      dialect: 'postgresql',
      driver: 'pglite',
      schema: './src/platform/db/tables.ts',
      out: '../../data/drizzle',
      tablesFilter,
      dbCredentials: { url: `${process.env.DATA_DIR ?? '../../data'}/db` },
    });
