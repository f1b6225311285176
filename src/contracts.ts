/** The generated public contracts: the printed GraphQL schema and the OpenAPI documents, as committed under docs/. */
import { lexicographicSortSchema, printSchema } from 'graphql';
import { createSchema } from 'graphql-yoga';
import { loadTypeDefs } from './graphql/handler.js';
import { resolvers } from './graphql/resolvers/index.js';
import { openApiDocument } from './http/openapi/document.js';

export function graphqlSdl(): string {
  const schema = createSchema({ typeDefs: loadTypeDefs(), resolvers: resolvers as any });
  return `${printSchema(lexicographicSortSchema(schema))}\n`;
}

/** The document served at `/openapi/v3/api-docs` (or `v2`). */
export function openApiJson(version: 'v2' | 'v3' = 'v3'): string {
  return `${JSON.stringify(openApiDocument(version), null, 2)}\n`;
}

/** Every committed contract: path under the repository → its generated text. */
export function contractFiles(): Record<string, string> {
  return { 'docs/schema.graphql': graphqlSdl(), 'docs/openapi.json': openApiJson('v3'), 'docs/openapi-v2.json': openApiJson('v2') };
}
