/**
 * The response cache: a query's answer kept for the same caller, document and variables, and given again only while
 * the catalog's version (storage/catalog-version.ts: sequence numbers and index UUIDs, which only grow and survive
 * restarts and shard moves) is the one it was built at, and for at most GRAPHQL_RESPONSE_CACHE_MAX_AGE_MS. The version is read from the engine
 * for every request, after the request arrived and before anything runs, so an answer is never older than what a
 * run would read: a write through any process, acknowledged before the request was sent, changes it.
 *
 * What the version does not follow is never kept: answers that read change records, jobs or webhooks (the request's
 * context notes it), answers with errors, mutations. Two caches of this process answer up to a second late by design
 * (definitions' display data, DEFINITION_CACHE_MS; access state, ACCESS_FRESH_MS): an answer built within that long
 * after its version was first seen here is kept only until then, so no lateness outlives theirs.
 *
 * A query asked for the first time just runs (most are never asked again: no engine call, nothing kept); from the
 * second time on it is kept. Entries are bounded by their serialized size, the keys seen once by theirs.
 */
import { getOperationAST, type DocumentNode } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import type { CatalogVersion } from '../storage/catalog-version.js';
import { ByteBoundedLru } from './byte-lru.js';
import type { GraphqlContext } from './context.js';

export interface ResponseCacheOptions {
  budgetBytes: number;
  /** The longest any process-local cache an answer draws on may lag behind the catalog. */
  lagMs: number;
  /** The longest an answer is given again, whatever the version says (0: not kept at all). */
  maxAgeMs: number;
  version: Pick<CatalogVersion, 'current' | 'seenSince'>;
  counted?: (outcome: 'hit' | 'miss' | 'first' | 'skip') => void;
}

interface Entry {
  version: string;
  result: object;
  bytes: number;
  /** Given until then at the latest: the maximum age, or sooner for answers built while a cache or a refresh may lag. */
  until: number;
}

export function responseCache(opts: ResponseCacheOptions): Plugin {
  const entries = new ByteBoundedLru<Entry>(opts.budgetBytes, (key, e) => key.length + e.bytes);
  const seenOnce = new ByteBoundedLru<true>(Math.max(1024 * 1024, opts.budgetBytes / 8), (key) => key.length);
  // Documents are parsed once per text and reused (the parser cache), so a number per document object names its text.
  const documentIds = new WeakMap<DocumentNode, number>();
  let documents = 0;
  const count = opts.counted ?? (() => undefined);
  return {
    onExecute: async ({ args, setResultAndStopExecution }) => {
      // Only a query's answer may be kept (graphql-js's choice of the operation a request runs).
      if (getOperationAST(args.document, args.operationName)?.operation !== 'query') return;
      const ctx = args.contextValue as unknown as GraphqlContext;
      let id = documentIds.get(args.document);
      if (id === undefined) documentIds.set(args.document, (id = ++documents));
      const key = `${ctx.actor}\n${id}\n${args.operationName ?? ''}\n${JSON.stringify(args.variableValues ?? {})}`;
      if (!seenOnce.get(key)) {
        seenOnce.set(key, true);
        return count('first');
      }
      const version = await opts.version.current();
      if (version === undefined) return count('skip');
      const kept = entries.get(key);
      if (kept && kept.version === version && Date.now() < kept.until) {
        count('hit');
        return setResultAndStopExecution(kept.result as never);
      }
      count('miss');
      const since = opts.version.seenSince(version);
      return {
        onExecuteDone: ({ result }) => {
          if (ctx.reads.unversioned || !result || Symbol.asyncIterator in (result as object)) return;
          const r = result as { errors?: readonly unknown[] };
          if (r.errors?.length) return;
          const now = Date.now();
          const until = Math.min(now + opts.maxAgeMs, now - since < opts.lagMs ? since + opts.lagMs : Infinity);
          entries.set(key, { version, result: r, bytes: JSON.stringify(r).length, until });
        },
      };
    },
  };
}
