/** Writes the generated contracts (printed GraphQL SDL, OpenAPI documents) that tests compare against. */
import { writeFileSync } from 'node:fs';
import { contractFiles } from '../src/contracts.js';

for (const [path, text] of Object.entries(contractFiles())) {
  writeFileSync(new URL(`../${path}`, import.meta.url), text);
  process.stdout.write(`wrote ${path}\n`);
}
