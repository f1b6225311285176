// Prints the README's entity type table from the registry (see src/model/registry/registry-table.ts).
import { registryTable } from '../src/model/registry/registry-table.js';

console.log(registryTable());
