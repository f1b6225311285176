/**
 * Serves the common GraphQL request — a JSON POST of {query, variables, operationName} that parses, validates and
 * selects a query or mutation — through yoga's own envelop pipeline (the same parser cache, GraphQL Armor rules,
 * context, executor and error masking), but without converting the Node request and response to and from fetch
 * objects, which cost about a sixth of the service's CPU per GraphQL request. Anything else (GraphiQL, GET, other
 * media types, batches, refused documents, request errors) goes to yoga unchanged, so every answer is yoga's answer.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { getOperationAST, type DocumentNode, type ExecutionResult } from 'graphql';
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

/**
 * Runs the request and writes the answer; returns false (having written nothing and run no resolver) when yoga must
 * answer instead: a refused or unparseable document, no operation to run, a subscription, or a request error such as a
 * variable of the wrong type (which graphql reports before executing anything).
 */
export async function servePlainPost<C extends object, U extends object>(
  yoga: YogaServerInstance<C, U>,
  params: PlainParams,
  serverContext: C,
  res: ServerResponse,
  refuseDocument: (query: string) => boolean,
): Promise<boolean> {
  if (refuseDocument(params.query)) return false;
  const enveloped = yoga.getEnveloped({ ...serverContext, params } as never);
  let document: DocumentNode;
  try {
    document = enveloped.parse(params.query);
    // GraphQL Armor's rules may throw their refusal rather than report it.
    if (enveloped.validate(enveloped.schema, document).length > 0) return false;
  } catch {
    return false;
  }
  const operation = getOperationAST(document, params.operationName ?? undefined);
  if (!operation || operation.operation === 'subscription') return false;
  const contextValue = await enveloped.contextFactory();
  const result = (await enveloped.execute({
    schema: enveloped.schema,
    document,
    contextValue,
    variableValues: params.variables ?? undefined,
    operationName: params.operationName ?? undefined,
  })) as ExecutionResult;
  if (!('data' in result)) return false;
  if (!result.errors?.length) {
    send(res, 200, 'application/json; charset=utf-8', JSON.stringify(result));
    return true;
  }
  // Errors are rare: yoga's own result processor decides their status and strips its internal extensions.
  const answer = await processRegularResult(result as never, yoga.fetchAPI, 'application/json');
  send(res, answer.status, answer.headers.get('content-type') ?? 'application/json; charset=utf-8', await answer.text());
  return true;
}
