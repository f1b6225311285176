/**
 * Serves the common GraphQL request — a JSON POST of {query, variables, operationName} that parses, validates and
 * selects a query or mutation — through yoga's own envelop pipeline (the same parser cache, GraphQL Armor rules,
 * context, executor and error masking), but without converting the Node request and response to and from fetch
 * objects, which cost about a sixth of the service's CPU per GraphQL request. Anything else (GraphiQL, GET, other
 * media types, batches, refused documents, request errors) goes to yoga unchanged, so every answer is yoga's answer.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { getOperationAST, GraphQLError, type DocumentNode, type ExecutionResult, type GraphQLSchema, type Source } from 'graphql';
import { normalizedExecutor } from '@graphql-tools/executor';
import { compileQuery, isCompiledQuery, type CompiledQuery } from 'graphql-jit';
import { processRegularResult, type YogaServerInstance } from 'graphql-yoga';

interface PlainParams {
  query: string;
  variables?: Record<string, unknown> | null;
  operationName?: string | null;
  extensions?: Record<string, unknown> | null;
}

const PARAM_KEYS = new Set(['query', 'variables', 'operationName', 'extensions']);
const isPlainObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);
const optionalObject = (v: unknown) => v === undefined || v === null || isPlainObject(v);

/** Yoga answers these media types itself (event streams, multipart, the GraphQL response type with its own status rules). */
function wantsPlainJson(accept: string | undefined): boolean {
  if (accept === undefined || accept === '' || accept === '*/*') return true;
  return accept.includes('application/json') && !/graphql-response|event-stream|multipart/.test(accept);
}

/** The parameters of a request this path may serve, or undefined when yoga must. */
export function plainParamsOf(req: IncomingMessage & { body?: unknown }): PlainParams | undefined {
  if (req.method !== 'POST' || (req.url ?? '').includes('?') || !wantsPlainJson(req.headers.accept)) return undefined;
  const body = req.body;
  if (!isPlainObject(body) || typeof body.query !== 'string') return undefined;
  for (const key in body) if (!PARAM_KEYS.has(key)) return undefined;
  if (!optionalObject(body.variables) || !optionalObject(body.extensions)) return undefined;
  if (body.operationName !== undefined && body.operationName !== null && typeof body.operationName !== 'string') return undefined;
  return body as unknown as PlainParams;
}

function send(res: ServerResponse, status: number, contentType: string, text: string): void {
  res.writeHead(status, { 'Content-Type': contentType, 'Content-Length': Buffer.byteLength(text) });
  res.end(text);
}

/** Documents yoga's pipeline has parsed and validated (GraphQL Armor's rules included), by query text: at most this many, each at most MAX_CACHED_QUERY characters. */
const MAX_DOCUMENTS = 500;
const MAX_CACHED_QUERY = 16 * 1024;

/** A validated document, and — once it has been asked for a second time — its queries compiled by operation name. */
interface KnownDocument {
  document: DocumentNode;
  uses: number;
  compiled?: Map<string, CompiledQuery | undefined>;
}

/**
 * graphql-jit's errors say where they happened as line and column only; yoga rebuilds every error it answers from its
 * AST nodes or source positions, so they are given the positions those locations stand for.
 */
function positioned(error: GraphQLError, source: Source | undefined): GraphQLError {
  if (error.nodes || error.positions || !error.locations?.length || !source) return error;
  const lineStarts = [0];
  for (const m of source.body.matchAll(/\r\n|[\n\r]/g)) lineStarts.push(m.index! + m[0].length);
  const positions = error.locations.map((l) => (lineStarts[l.line - 1] ?? 0) + l.column - 1);
  return new GraphQLError(error.message, { source, positions, path: error.path, originalError: error.originalError, extensions: error.extensions });
}

export interface PlainPostOptions<C> {
  /** Why yoga must refuse a document before parsing it (size, raw nesting), if it must. */
  refuseDocument(query: string): boolean;
  /** The resolvers' context for a request, as yoga's context factory builds it. */
  contextOf(serverContext: C): object;
  /** Yoga's error masking, applied to every error of a result. */
  maskError(error: unknown): Error;
}

/**
 * Serves a plain JSON POST; resolves false (having written nothing and run no resolver) when yoga must answer instead:
 * a refused or unparseable document, no operation to run, a subscription, or a request error such as a variable of the
 * wrong type (which is reported before anything executes). A document is parsed and validated once through yoga's own
 * pipeline; later requests with the same text execute it with yoga's executor and context without the per-request
 * plugin orchestration.
 */
export function plainPostServer<C extends object, U extends object>(yoga: YogaServerInstance<C, U>, opts: PlainPostOptions<C>) {
  const documents = new Map<string, KnownDocument>();
  let schema: GraphQLSchema | undefined;

  function validated(params: PlainParams, serverContext: C): KnownDocument | undefined {
    const known = documents.get(params.query);
    if (known) return (known.uses++, known);
    if (opts.refuseDocument(params.query)) return undefined;
    const enveloped = yoga.getEnveloped({ ...serverContext, params } as never);
    schema ??= enveloped.schema;
    try {
      const document = enveloped.parse(params.query);
      // GraphQL Armor's rules may throw their refusal rather than report it.
      if (enveloped.validate(enveloped.schema, document).length > 0) return undefined;
      const known = { document, uses: 1 };
      if (params.query.length <= MAX_CACHED_QUERY) {
        if (documents.size >= MAX_DOCUMENTS) documents.delete(documents.keys().next().value!);
        documents.set(params.query, known);
      }
      return known;
    } catch {
      return undefined;
    }
  }

  /**
   * A query asked for again is compiled to plain JavaScript (graphql-jit) from the validated document and run without
   * graphql-js's generic walk; one-off documents and mutations (run one field after another) stay with yoga's executor.
   */
  function compiledQuery(known: KnownDocument, operationName: string | undefined): CompiledQuery | undefined {
    if (known.uses < 2 || !schema) return undefined;
    const key = operationName ?? '';
    known.compiled ??= new Map();
    if (!known.compiled.has(key)) {
      let compiled: CompiledQuery | undefined;
      try {
        const out = compileQuery(schema, known.document, operationName, { disablingCapturingStackErrors: true });
        compiled = isCompiledQuery(out) ? out : undefined;
      } catch {
        compiled = undefined;
      }
      known.compiled.set(key, compiled);
    }
    return known.compiled.get(key);
  }

  return async (params: PlainParams, serverContext: C, res: ServerResponse): Promise<boolean> => {
    const known = validated(params, serverContext);
    if (!known || !schema) return false;
    const { document } = known;
    const operationName = params.operationName ?? undefined;
    const operation = getOperationAST(document, operationName);
    if (!operation || operation.operation === 'subscription') return false;
    const contextValue = { ...serverContext, params, ...opts.contextOf(serverContext) };
    const compiled = operation.operation === 'query' ? compiledQuery(known, operationName) : undefined;
    const executed = (await (compiled
      ? compiled.query(undefined, contextValue, params.variables ?? undefined)
      : normalizedExecutor({ schema, document, contextValue, variableValues: params.variables ?? undefined, operationName }))) as ExecutionResult;
    if (!('data' in executed)) return false;
    // Successful answers carry `extensions: {}` as the original's do (the same rule as the handler's plugin).
    const result = { ...executed, extensions: executed.extensions ?? {} };
    if (!result.errors?.length) {
      send(res, 200, 'application/json; charset=utf-8', JSON.stringify(result));
      return true;
    }
    // Errors are rare: masked as yoga masks them, then yoga's own result processor decides their status and strips its
    // internal extensions.
    const errors = result.errors.map((e) => opts.maskError(compiled ? positioned(e, document.loc?.source) : e));
    const answer = await processRegularResult({ ...result, errors } as never, yoga.fetchAPI, 'application/json');
    send(res, answer.status, answer.headers.get('content-type') ?? 'application/json; charset=utf-8', await answer.text());
    return true;
  };
}
