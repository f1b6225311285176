/**
 * The maintained envelop plugins that make the one GraphQL executor (yoga's own pipeline, for every request) cheap:
 * yoga's parser and validation cache over byte-bounded maps, and graphql-jit for queries asked for again — with the
 * error positions yoga needs to answer jit's errors exactly as graphql-js's.
 */
import { useGraphQlJit } from '@envelop/graphql-jit';
import { GraphQLError, Kind, type DocumentNode, type ExecutionArgs, type Source } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import { ByteBoundedLru } from './byte-lru.js';

type JitCache = NonNullable<NonNullable<Parameters<typeof useGraphQlJit>[1]>['cache']>;
type JitEntry = NonNullable<ReturnType<JitCache['get']>>;

/** Budgets of the caches (estimates: a parsed document takes about 20 bytes per character of its text). */
export const GRAPHQL_CACHE_BUDGET = { documentBytes: 16 * 1024 * 1024, compiledBytes: 16 * 1024 * 1024, bytesPerQueryChar: 20 } as const;

const byText = <V>(budget: number) => new ByteBoundedLru<V>(budget, (key) => key.length * GRAPHQL_CACHE_BUDGET.bytesPerQueryChar);

/**
 * yoga's `parserAndValidationCache` option: parsed documents and parse errors by query text. Its own validation cache is
 * off: it keys results by the validation rules' names, joined anew for every request (~13 µs a request); `validated`
 * below keeps them by document instead.
 */
export function parserAndValidationCaches() {
  return { documentCache: byText<DocumentNode>(GRAPHQL_CACHE_BUDGET.documentBytes), errorCache: byText<unknown>(GRAPHQL_CACHE_BUDGET.documentBytes / 4), validationCache: false };
}

/**
 * Validation results by parsed document (documents are cached by text and reused, so a document asked for again is
 * the same object). The rules are the same for every request of this server — graphql-js's and GraphQL Armor's, added
 * the same way each time — so a document's result never depends on anything else. Entries go with their documents.
 */
export function validated(): Plugin {
  const results = new WeakMap<DocumentNode, readonly GraphQLError[]>();
  return {
    onValidate({ params, setResult }) {
      const known = results.get(params.documentAST);
      if (known) return setResult(known as GraphQLError[]);
      return ({ result }) => {
        if (result) results.set(params.documentAST, result as readonly GraphQLError[]);
      };
    },
  };
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

/**
 * Compiles a query once it is asked for a second time (one-off documents are not worth compiling), and only documents
 * of one query operation: the plugin caches a compiled query by document, not by operation name, and mutations run
 * their fields one after another in graphql-js's executor. Variables that do not coerce are a request error
 * graphql-js words in its own way: jit refuses them before running anything (an answer without `data`), and such a
 * request is then run by graphql-js, whose refusal is the answer. Checking them with graphql-js before every compiled
 * run cost more than the run (35 µs for a facet input).
 */
export function jitPlugins(): Plugin[] {
  // Uses by parsed document: the document cache hands the same object to every request with the same text.
  const seen = new WeakMap<DocumentNode, number>();
  const compilable = new WeakMap<DocumentNode, boolean>();
  const isSingleQuery = (document: DocumentNode) => {
    let known = compilable.get(document);
    if (known === undefined) {
      const operations = document.definitions.filter((d) => d.kind === Kind.OPERATION_DEFINITION);
      known = operations.length === 1 && operations[0].kind === Kind.OPERATION_DEFINITION && operations[0].operation === 'query';
      compilable.set(document, known);
    }
    return known;
  };
  const enableIf = (args: ExecutionArgs) => {
    if (!isSingleQuery(args.document)) return false;
    if (args.document.loc?.source.body === undefined) return false;
    const uses = seen.get(args.document) ?? 0;
    if (uses < 2) seen.set(args.document, uses + 1);
    return uses >= 1;
  };
  const cache = new ByteBoundedLru<JitEntry>(
    GRAPHQL_CACHE_BUDGET.compiledBytes,
    (key) => key.length * GRAPHQL_CACHE_BUDGET.bytesPerQueryChar * 4,
  );
  let standard: Execute | undefined;
  let compiled: { jit: Execute; guarded: Execute } | undefined;
  const guard = (jit: Execute): Execute => (args) => {
    const settle = (result: Awaited<ReturnType<Execute>>) => (refusedVariables(result) ? standard!(args) : result);
    const result = jit(args);
    return isPromise(result) ? result.then(settle) : settle(result);
  };
  return [
    // graphql-js's executor, as yoga set it up, before jit replaces it for a request.
    { onExecute: ({ executeFn }) => void (standard ??= executeFn as Execute) },
    useGraphQlJit({ disablingCapturingStackErrors: true }, { enableIf, cache, onError: () => undefined }) as Plugin,
    {
      onExecute: ({ executeFn, setExecuteFn }) => {
        if (executeFn === standard) return;
        if (compiled?.jit !== executeFn) compiled = { jit: executeFn as Execute, guarded: guard(executeFn as Execute) };
        setExecuteFn(compiled.guarded as never);
      },
    },
  ];
}

type Execute = (args: ExecutionArgs) => unknown;

const isPromise = (v: unknown): v is Promise<unknown> => typeof (v as { then?: unknown } | null)?.then === 'function';

/** jit's answer to variables that do not coerce: errors and no `data` at all (an execution error leaves `data`). */
function refusedVariables(result: unknown): boolean {
  return !!result && typeof result === 'object' && !('data' in result) && Array.isArray((result as { errors?: unknown }).errors);
}

/**
 * The answer's shape, whichever executor ran: successful answers carry `extensions: {}` as the original's do; jit's
 * errors get their source positions; jit's own serializer (which knows nothing of `extensions`) is dropped.
 */
export const resultShape: Plugin = {
  onExecute: ({ args }) => ({
    onExecuteDone: ({ result, setResult }) => {
      if (!result || Symbol.asyncIterator in (result as object)) return;
      const r = result as { errors?: readonly GraphQLError[]; extensions?: object; stringify?: unknown };
      // Each execution's result is its own object: shaped in place, as cheaply as a hot path allows.
      // Set aside, not deleted: deleting a property turns the object into a slow dictionary, and serializing the answer
      // then cost about 25 µs more a request.
      if (r.stringify !== undefined) r.stringify = undefined;
      r.extensions ??= {};
      if (r.errors?.length) {
        const source = args.document.loc?.source;
        setResult({ ...r, errors: r.errors.map((e) => positioned(e, source)) } as never);
      }
    },
  }),
};
