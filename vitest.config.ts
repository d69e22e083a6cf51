import { defineConfig } from 'vitest/config';
import { alias } from './vite.config.ts';

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'unit',
          sequence: { groupOrder: 0 },
          // The PDF tests render pages with pdftoppm and decode their QR codes: 5-10 s on a slow or busy host of
          // this machine type (seen 2026-11-28), over vitest's 5 s default. A limit, not a speed goal (those live in
          // `npm run bench`).
          testTimeout: 30_000,
          include: [
            'app/**/*.test.{ts,tsx}',
            'server/**/*.test.ts',
            'database/**/*.test.ts',
            'tests/lint/**/*.test.ts',
          ],
          environment: 'node',
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'integration',
          sequence: { groupOrder: 1 },
          include: ['tests/integration/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/integration/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
          maxWorkers: 2,
          env: { TEST_DRIVER: 'pglite' },
        },
      },
      // The same integration suite against PostgreSQL, when one is configured (concurrency is only real there).
      ...(process.env.TEST_DATABASE_URL
        ? [
            {
              resolve: { alias },
              test: {
                name: 'integration-pg',
                sequence: { groupOrder: 2 },
                include: ['tests/integration/**/*.test.ts'],
                environment: 'node',
                globalSetup: ['tests/integration/global-setup.ts'],
                testTimeout: 30_000,
                hookTimeout: 60_000,
                pool: 'forks' as const,
                maxWorkers: 2,
                env: { TEST_DRIVER: 'postgres' },
              },
            },
          ]
        : []),
    ],
  },
});
