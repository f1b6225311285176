/** graphql-yoga over the hand-written SDL; served at every GraphQL path of the app. */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { RequestHandler } from 'express';
import { createSchema, createYoga, type Plugin } from 'graphql-yoga';
import type { Services } from '../services.js';
import { createContext, type GraphqlContext } from './context.js';
import { maskGraphqlError } from './errors.js';
import { resolvers } from './resolvers/index.js';

const SCHEMA_DIR = fileURLToPath(new URL('../../src/graphql/schema/', import.meta.url));

export function loadTypeDefs(): string[] {
  return readdirSync(SCHEMA_DIR)
    .filter((f) => f.endsWith('.graphql'))
    .sort()
    .map((f) => readFileSync(`${SCHEMA_DIR}${f}`, 'utf8'));
}

/** Successful answers carry `extensions: {}` as the original's do. */
const alwaysExtensions: Plugin = {
  onExecute: () => ({
    onExecuteDone: ({ result, setResult }) => {
      if (result && !(Symbol.asyncIterator in (result as object))) {
        const r = result as { extensions?: object };
        setResult({ ...(result as object), extensions: r.extensions ?? {} } as any);
      }
    },
  }),
};

export function createGraphqlHandler(services: Services): RequestHandler {
  const yoga = createYoga<{ services: Services; actor: string; waitForSearch: boolean }, GraphqlContext>({
    schema: createSchema({ typeDefs: loadTypeDefs(), resolvers: resolvers as any }),
    graphqlEndpoint: '/api/graphql',
    landingPage: false,
    graphiql: { title: 'Tessera GraphQL' },
    logging: false,
    plugins: [alwaysExtensions],
    context: ({ services: s, actor, waitForSearch }) => createContext(s, actor, waitForSearch),
    maskedErrors: { maskError: (error) => maskGraphqlError(error, (e) => services.log.error({ err: e }, 'graphql resolver failed')) },
  });
  return (req, res) => {
    // Mounted under several prefixes: present one canonical endpoint to yoga.
    const query = req.url.includes('?') ? req.url.slice(req.url.indexOf('?')) : '';
    req.url = `/api/graphql${query}`;
    const wait = String(req.headers['x-tessera-wait-for-search'] ?? '').toLowerCase() === 'true';
    void yoga.handle(req, res, { services, actor: res.locals.actor, waitForSearch: wait });
  };
}
