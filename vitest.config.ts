import { availableParallelism } from 'node:os';
import { createRequire } from 'node:module';
import { defineConfig } from 'vitest/config';

// Vitest would load graphql's ESM build for our code and its CJS build for graphql-yoga: two GraphQLError classes.
// Pinning one copy keeps error mapping identical to production.
const graphqlAlias = [{ find: /^graphql$/, replacement: createRequire(import.meta.url).resolve('graphql') }];

// Vitest 3.2 sizes each pool once, from this root config (a project's own maxWorkers is ignored). Unit and integration
// files share the forks pool: they mostly wait on the node, so a worker more than the cores keeps both busy
// (TEST_WORKERS overrides). Browser files run in the threads pool, sized to one: one chromium at a time, beside them.
// A worker's files share its loaded modules (isolate: false), and every worker lives for the whole run (minForks =
// maxForks): Vitest 3.2 ends a worker it shrinks away while files still queue for it (README, Testing).
const workers = Number(process.env.TEST_WORKERS) || availableParallelism() + 2;

export default defineConfig({
  resolve: { alias: graphqlAlias },
  test: {
    pool: 'forks',
    poolOptions: { forks: { maxForks: workers, minForks: workers, isolate: false }, threads: { maxThreads: 1, minThreads: 1, isolate: false } },
    // `npm run test:coverage`: what the test processes ran of src/ (the CLI and service child processes are not counted).
    coverage: { provider: 'v8', include: ['src/**/*.ts'], reporter: ['text-summary', 'json-summary'], reportsDirectory: 'coverage' },
    projects: [
      { resolve: { alias: graphqlAlias }, test: { name: 'unit', include: ['test/unit/**/*.test.ts'] } },
      {
        resolve: { alias: graphqlAlias },
        test: {
          name: 'integration',
          include: ['test/integration/**/*.test.ts'],
          // A poll waits for a state (a refresh, a background write): a generous deadline, a failure only when far exceeded.
          expect: { poll: { timeout: 15_000, interval: 100 } },
          globalSetup: ['test/integration/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        resolve: { alias: graphqlAlias },
        test: {
          name: 'browser',
          include: ['test/browser/**/*.test.ts'],
          pool: 'threads',
          // A write from the page returns once searchable (about a second): polls wait for the page, not a clock.
          expect: { poll: { timeout: 15_000, interval: 100 } },
          globalSetup: ['test/integration/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
