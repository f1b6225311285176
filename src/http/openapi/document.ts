/** Assembles the OpenAPI 3.1 document of one REST version from the generated schemas and paths. */
import { entityPaths, type Version } from './entity-paths.js';
import { errorResponseComponents } from './responses.js';
import { componentSchemas } from './schemas.js';
import { gmsPaths } from './gms-paths.js';
import { servicePaths } from './service-paths.js';
import { accessPaths } from './access-paths.js';
import { historyPaths } from './history-paths.js';
import { relationshipPaths } from './relationship-paths.js';
import { timeseriesPaths } from './timeseries-paths.js';
import { csvPaths } from './csv-paths.js';
import { propertyRulePaths } from './property-rule-paths.js';
import { mcpPaths } from './mcp-paths.js';

const DESCRIPTION = `The Tessera metadata catalog. Every path is also served under \`/gms\`.

Authenticate with \`Authorization: Bearer <token>\` (Authorize above; \`tessera token create\` mints one). Errors are
JSON \`{error, message}\`. Send \`X-Request-Id\` to follow a request through the logs; every answer echoes it.
GraphQL (GraphiQL in a browser): \`/api/graphql\`.`;

/** Moves every inline parameter into `components.parameters` (one per distinct parameter) and refers to it: a much smaller document. */
function hoistParameters(paths: Record<string, any>): Record<string, object> {
  const components: Record<string, object> = {};
  const names = new Map<string, string>();
  const hoist = (p: any) => {
    if (p.$ref) return p;
    const key = JSON.stringify(p);
    let name = names.get(key);
    if (!name) {
      name = `${p.in}.${p.name}`;
      for (let i = 2; components[name]; i++) name = `${p.in}.${p.name}${i}`;
      names.set(key, name);
      components[name] = p;
    }
    return { $ref: `#/components/parameters/${name}` };
  };
  for (const item of Object.values(paths)) {
    for (const op of Object.values(item) as any[]) {
      if (Array.isArray(op)) item.parameters = op.map(hoist);
      else if (op && Array.isArray(op.parameters)) op.parameters = op.parameters.map(hoist);
    }
  }
  return components;
}

/** The document of the `v3` (or `v2`) entity routes plus the routes every version shares. */
export function openApiDocument(version: Version = 'v3'): Record<string, unknown> {
  const paths = structuredClone({ ...entityPaths(version), ...servicePaths(), ...accessPaths(), ...historyPaths(), ...relationshipPaths(), ...timeseriesPaths(), ...csvPaths(), ...propertyRulePaths(), ...mcpPaths(), ...gmsPaths() });
  const parameters = hoistParameters(paths);
  return {
    openapi: '3.1.0',
    info: { title: `Tessera metadata catalog (REST ${version})`, version: '0.1.0', description: DESCRIPTION },
    servers: [{ url: '/' }, { url: '/gms' }],
    security: [{ bearerAuth: [] }],
    paths,
    components: {
      securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT (HS256, sub = urn:li:corpuser:<id>)' } },
      parameters,
      responses: errorResponseComponents(),
      schemas: componentSchemas(),
    },
  };
}
