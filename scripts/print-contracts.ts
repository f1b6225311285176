/** Writes the generated contracts (printed GraphQL SDL, OpenAPI document) that tests compare against. */
import { writeFileSync } from 'node:fs';
import { graphqlSdl, openApiJson } from '../src/contracts.js';

writeFileSync(new URL('../docs/schema.graphql', import.meta.url), graphqlSdl());
writeFileSync(new URL('../docs/openapi.json', import.meta.url), openApiJson());
process.stdout.write('wrote docs/schema.graphql and docs/openapi.json\n');
