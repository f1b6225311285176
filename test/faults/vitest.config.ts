import { createRequire } from 'node:module';
import { defineConfig } from 'vitest/config';

// `npm run test:faults`: crash tests with real child processes, generous timeouts (nodes restart). Every file at once:
// most of their time is waiting for a killed service or node to come back.
const graphqlAlias = [{ find: /^graphql$/, replacement: createRequire(import.meta.url).resolve('graphql') }];

export default defineConfig({
  resolve: { alias: graphqlAlias },
  test: {
    include: ['test/faults/**/*.test.ts'],
    globalSetup: ['test/integration/global-setup.ts'],
    testTimeout: 480_000,
    hookTimeout: 300_000,
    maxWorkers: 6,
    minWorkers: 1,
  },
});
