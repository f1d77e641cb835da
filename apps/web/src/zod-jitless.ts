import { config } from 'zod/v4/core';

// Imported first by the entry, before any schema is built: zod then validates without compiling
// code, so it never probes `new Function` and the page runs under a CSP without 'unsafe-eval'.
config({ jitless: true });
