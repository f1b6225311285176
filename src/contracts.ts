/** The generated public contracts: the printed GraphQL schema and the OpenAPI document, as committed under docs/. */
import { lexicographicSortSchema, printSchema } from 'graphql';
import { createSchema } from 'graphql-yoga';
import { loadTypeDefs } from './graphql/handler.js';
import { resolvers } from './graphql/resolvers/index.js';
import { openApiDocument } from './http/openapi-routes.js';

export function graphqlSdl(): string {
  const schema = createSchema({ typeDefs: loadTypeDefs(), resolvers: resolvers as any });
  return `${printSchema(lexicographicSortSchema(schema))}\n`;
}

export function openApiJson(): string {
  return `${JSON.stringify(openApiDocument(), null, 2)}\n`;
}
