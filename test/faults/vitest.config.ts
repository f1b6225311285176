import { createRequire } from 'node:module';
import { defineConfig } from 'vitest/config';

// `npm run test:faults`: crash tests with real child processes; one file at a time, generous timeouts (nodes restart).
const graphqlAlias = [{ find: /^graphql$/, replacement: createRequire(import.meta.url).resolve('graphql') }];

export default defineConfig({
  resolve: { alias: graphqlAlias },
  test: {
    include: ['test/faults/**/*.test.ts'],
    globalSetup: ['test/integration/global-setup.ts'],
    testTimeout: 300_000,
    hookTimeout: 300_000,
    maxWorkers: 1,
    minWorkers: 1,
    fileParallelism: false,
  },
});
