import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    environment: 'node',
    // *.pg.test.ts cover the scale-out path and need PostgreSQL: they run in the PostgreSQL leg.
    // *.fault.test.ts stop and start services of their own: they run only with TEST_FAULTS=1.
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    exclude: [
      ...(process.env.TEST_DATABASE_URL ? [] : ['**/*.pg.test.ts']),
      ...(process.env.TEST_FAULTS === '1' ? [] : ['**/*.fault.test.ts']),
    ],
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    env: { TZ: 'UTC' },
  },
});
