import { createRequire } from 'node:module';
import { defineConfig } from 'vitest/config';

// Vitest would load graphql's ESM build for our code and its CJS build for graphql-yoga: two GraphQLError classes.
// Pinning one copy keeps error mapping identical to production.
const graphqlAlias = [{ find: /^graphql$/, replacement: createRequire(import.meta.url).resolve('graphql') }];

export default defineConfig({
  resolve: { alias: graphqlAlias },
  test: {
    projects: [
      { resolve: { alias: graphqlAlias }, test: { name: 'unit', include: ['test/unit/**/*.test.ts'] } },
      {
        resolve: { alias: graphqlAlias },
        test: {
          name: 'integration',
          include: ['test/integration/**/*.test.ts'],
          globalSetup: ['test/integration/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Two cores and one OpenSearch node: a few files at a time keeps the node responsive.
          maxWorkers: 3,
          minWorkers: 1,
        },
      },
      {
        resolve: { alias: graphqlAlias },
        test: {
          name: 'browser',
          include: ['test/browser/**/*.test.ts'],
          // A write from the page returns once searchable (about a second): polls wait for the page, not a clock.
          expect: { poll: { timeout: 15_000, interval: 100 } },
          globalSetup: ['test/integration/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Each file drives a chromium: one file at a time.
          maxWorkers: 1,
          minWorkers: 1,
        },
      },
    ],
  },
});
