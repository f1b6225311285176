// The compatibility suite: the original's own `datahub` CLI and Python SDK against a running Tessera (npm run test:compat).
import { createRequire } from 'node:module';
import { defineConfig } from 'vitest/config';

// Same single graphql copy as the main config, so error mapping matches production.
const graphqlAlias = [{ find: /^graphql$/, replacement: createRequire(import.meta.url).resolve('graphql') }];

export default defineConfig({
  resolve: { alias: graphqlAlias },
  test: {
    name: 'compat',
    include: ['test/compat/**/*.test.ts'],
    globalSetup: ['test/integration/global-setup.ts', 'test/compat/venv-setup.ts'],
    testTimeout: 120_000,
    hookTimeout: 600_000,
    // Each file drives many Python processes; two cores are shared with the OpenSearch node.
    fileParallelism: false,
    // One process for every file (the files run one after another): the source graph is loaded once, not per file.
    isolate: false,
  },
});
