/**
 * zod validates without compiling code, so it never probes `new Function` and the page runs under a
 * CSP without 'unsafe-eval'. This is what `z.config({ jitless: true })` sets, written to the global
 * that every copy of zod 4 reads its configuration from (`__zod_globalConfig`), so the entry does not
 * pull zod in for one call: schemas are built only in the chunks loaded later. Imported first by the
 * entry (the same object is kept when zod came first); zod-jitless.test.ts checks zod still reads it.
 */
const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
(holder.__zod_globalConfig ??= {}).jitless = true;

export {};
