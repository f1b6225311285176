import { createRequire } from 'node:module';
import { defineConfig } from 'vitest/config';

// The cluster test runs alone (`npm run test:cluster`): it starts its own 3-node cluster and Tessera processes.
const graphqlAlias = [{ find: /^graphql$/, replacement: createRequire(import.meta.url).resolve('graphql') }];

export default defineConfig({
  resolve: { alias: graphqlAlias },
  test: {
    include: ['test/cluster/**/*.test.ts'],
    testTimeout: 300_000,
    hookTimeout: 300_000,
    fileParallelism: false,
  },
});
