/** graphql-yoga over the hand-written SDL; served at every GraphQL path of the app. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { EnvelopArmor } from '@escape.tech/graphql-armor';
import { getOperationAST, parse, type DocumentNode } from 'graphql';
import { createGraphQLError, createSchema, YogaServer, type Plugin } from 'graphql-yoga';
import { jsonDepthOf } from '../model/json-depth.js';
import type { Services } from '../services.js';
import { createContext, type GraphqlContext } from './context.js';
import { failureLines, maskGraphqlError } from './errors.js';
import { resolvers } from './resolvers/index.js';
import { booleanStrings } from './boolean-strings.js';
import { ByteBoundedLru } from './byte-lru.js';
import { jitPlugins, parserAndValidationCaches, resultShape, validated } from './executor-plugins.js';
import { accessGate } from './access-gate.js';
import { responseCache } from './response-cache.js';
import { queryCostLimit } from './query-cost.js';
import { ACCESS_FRESH_MS } from '../catalog/access/access-control.js';
import { serveThroughYoga } from './node-adapter.js';
import { schemaFiles } from './schema-files.js';
import { registryTypeDefs } from './registry-types.js';

/** The schema files and what the entity registry adds to them. */
export function loadTypeDefs(): string[] {
  return [...schemaFiles(), registryTypeDefs()];
}

/** Query cost limits: each refusal is a GraphQL error with code 400 before anything runs (GraphQL Armor, plus the document size). */
export const GRAPHQL_LIMITS = { maxDepth: 24, maxAliases: 100, maxTokens: 10_000, maxDocumentBytes: 100 * 1024 } as const;

const MAX_RAW_NESTING = 200;

const armor = new EnvelopArmor({
  // Introspection counts too: a `__schema { types { fields { type { ofType … } } } }` chain is as deep as it looks.
  maxDepth: { n: GRAPHQL_LIMITS.maxDepth, flattenFragments: true, ignoreIntrospection: false },
  maxAliases: { n: GRAPHQL_LIMITS.maxAliases },
  maxTokens: { n: GRAPHQL_LIMITS.maxTokens },
  maxDirectives: { n: 50 },
  // Replaced by query-cost.ts, which multiplies by the page sizes this schema's searches take.
  costLimit: { enabled: false },
  blockFieldSuggestion: { enabled: false },
});

/** Why a document is refused before parsing (too large, or nested past what the recursive parser survives), if it is. */
function documentRefusal(query: string | undefined): string | undefined {
  const size = typeof query === 'string' ? Buffer.byteLength(query) : 0;
  if (size > GRAPHQL_LIMITS.maxDocumentBytes) return `Query document of ${size} bytes exceeds the limit of ${GRAPHQL_LIMITS.maxDocumentBytes} bytes`;
  // The parser recurses once per nesting level: a document nested thousands deep would exhaust the stack before
  // the depth rule (which runs on the parsed document) could refuse it, so the raw nesting is bounded first.
  if (size > 0 && jsonDepthOf(Buffer.from(query!), MAX_RAW_NESTING) > MAX_RAW_NESTING) {
    return `Query document nested deeper than ${MAX_RAW_NESTING} levels; the depth limit is ${GRAPHQL_LIMITS.maxDepth}`;
  }
  return undefined;
}

/** Documents found within the limits (they repeat: a page asks the same few), so each is measured once. */
const measured = new ByteBoundedLru<true>(4 * 1024 * 1024, (key) => key.length);

const documentSizeLimit: Plugin = {
  onParams({ params }) {
    const query = params.query;
    if (typeof query === 'string' && measured.get(query)) return;
    const refusal = documentRefusal(query);
    if (refusal) throw createGraphQLError(refusal, { extensions: { code: 400, type: 'BAD_REQUEST', http: { status: 400 } } });
    if (typeof query === 'string') measured.set(query, true);
  },
};

/**
 * A GET whose `variables` or `extensions` parameter is not JSON is the client's mistake: yoga's GET parser lets the
 * SyntaxError escape, which answered 500. It is a 400 naming the parameter's problem.
 */
const malformedParameters: Plugin = {
  onRequestParse({ requestParser, setRequestParser }) {
    if (!requestParser) return;
    const parse = requestParser;
    setRequestParser(async (request) => {
      try {
        return await parse(request);
      } catch (e) {
        if (!(e instanceof SyntaxError)) throw e;
        throw createGraphQLError(`The variables or extensions parameter is not valid JSON: ${e.message}`, { extensions: { code: 400, type: 'BAD_REQUEST', http: { status: 400 } } });
      }
    });
  },
};

/** The query cost limit (GRAPHQL_MAX_COST), with the search page sizes of this server. */
const costLimit = (services: Services): Plugin =>
  queryCostLimit({ maxCost: services.config.GRAPHQL_MAX_COST, defaultPage: 10, maxPage: services.config.MAX_COUNT });

/** The response cache, unless GRAPHQL_RESPONSE_CACHE_MB is 0. */
function answersKept(services: Services): Plugin[] {
  const mb = services.config.GRAPHQL_RESPONSE_CACHE_MB;
  if (mb <= 0) return [];
  const counter = services.metrics.graphqlResponseCache;
  return [
    responseCache({
      budgetBytes: mb * 1024 * 1024,
      lagMs: Math.max(services.config.DEFINITION_CACHE_MS, ACCESS_FRESH_MS),
      maxAgeMs: services.config.GRAPHQL_RESPONSE_CACHE_MAX_AGE_MS,
      version: services.catalogVersion,
      counted: (outcome) => counter.inc({ outcome }),
    }),
  ];
}

/** Serves one GraphQL request on plain Node objects, as `actor`; failures that escape yoga go to `next`. */
export type GraphqlServe = (req: IncomingMessage & { body?: unknown }, res: ServerResponse, actor: string, requestId: string, next: (err?: unknown) => void) => void;

/** What each request brings to yoga: the services, the caller, whether writes wait for search, and the request's id. */
type ServerContext = { services: Services; actor: string; waitForSearch: boolean; requestId: string };

/**
 * Whether a GraphQL request's body may change anything: the operation graphql-js would run is a mutation. Decided from
 * the parsed document — the one yoga's parser cache holds for the text, else a parse of our own within the token limit
 * (never put in that cache, whose entries must come from yoga's parse with GraphQL Armor's limits). A body that does not
 * parse changes nothing: yoga refuses it.
 */
function mutationCheck(documents: { get(text: string): DocumentNode | undefined }): (body: unknown) => boolean {
  return (body) => {
    const { query, operationName } = (body ?? {}) as { query?: unknown; operationName?: unknown };
    if (typeof query !== 'string') return false;
    let document = documents.get(query);
    if (!document) {
      try {
        document = parse(query, { maxTokens: GRAPHQL_LIMITS.maxTokens, noLocation: true });
      } catch {
        return false;
      }
    }
    return getOperationAST(document, typeof operationName === 'string' ? operationName : undefined)?.operation === 'mutation';
  };
}

export interface GraphqlEndpoint {
  serve: GraphqlServe;
  /** Whether the request may change anything (the pipeline then carries its provenance to the change records). */
  mayChange(body: unknown): boolean;
}

export function createGraphqlServe(services: Services, renderGraphiql: (opts?: { title?: string }) => string): GraphqlEndpoint {
  // Execution's failures are logged with the request id by failureLines; the masking logs what failed elsewhere.
  const logged = new WeakSet<object>();
  const maskError = (error: unknown) => maskGraphqlError(error, (e) => void (logged.has(e as object) || services.log.error({ err: e }, 'graphql resolver failed')));
  const contextOf = ({ services: s, actor, waitForSearch, requestId }: ServerContext) => createContext(s, actor, waitForSearch, requestId);
  const endpoint = '/api/graphql';
  const graphiql = { title: 'Tessera GraphQL' };
  const caches = parserAndValidationCaches();
  const server = new YogaServer<ServerContext, GraphqlContext>({
    schema: createSchema({ typeDefs: loadTypeDefs(), resolvers: resolvers as any }),
    graphqlEndpoint: endpoint,
    landingPage: false,
    graphiql,
    // Every GraphiQL file comes from this service (src/http/graphiql-page.ts), never from a CDN.
    renderGraphiQL: renderGraphiql,
    // No route of the service answers cross-origin requests; yoga's default reflected any origin, credentials allowed.
    cors: false,
    logging: false,
    parserAndValidationCache: caches,
    plugins: [malformedParameters, documentSizeLimit, ...armor.protect().plugins, validated(), costLimit(services), booleanStrings, accessGate, ...answersKept(services), ...jitPlugins(), resultShape, failureLines(services.log, logged)],
    batching: false,
    // Bodies reach yoga read and checked by the one body reader (JSON only, within MAX_BODY_BYTES): yoga's multipart
    // parser and its own size check could never apply, and each cost a hook on every request.
    multipart: false,
    maxRequestBodySize: false,
    context: contextOf,
    maskedErrors: { maskError: (error) => maskError(error) },
  });
  const serve = serveThroughYoga<ServerContext>(server as never, endpoint, () => renderGraphiql(graphiql));
  return {
    serve(req, res, actor, requestId, next) {
      const wait = String(req.headers['x-tessera-wait-for-search'] ?? '').toLowerCase() === 'true';
      // Every request, whatever its method or media type, goes through yoga's whole request pipeline: one executor.
      serve(req, res, { services, actor, waitForSearch: wait, requestId }).then(() => undefined, next);
    },
    mayChange: mutationCheck(caches.documentCache),
  };
}
