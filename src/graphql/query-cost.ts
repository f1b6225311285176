/**
 * The query cost limit, answered before anything runs: every field costs 1 plus what it selects, and a field that asks
 * for a page of results (`count`, `first` or `limit`, as an argument or inside its `input`, variables applied) costs
 * what one result selects times the page size. So a hundred aliases of a 1,000-result search cost what they would
 * make the engine and the service do, however they are spelled. Computed by graphql-query-complexity (GraphQL Armor's
 * own cost rule multiplies only by literal `first`/`last` arguments, which none of this schema's searches take).
 */
import { createRequire } from 'node:module';
import { createGraphQLError, type Plugin } from 'graphql-yoga';
import type { ComplexityEstimator } from 'graphql-query-complexity';
import { getNamedType, isInputObjectType, type DocumentNode, type GraphQLField, type GraphQLSchema } from 'graphql';

// The package's ES module build imports graphql's .mjs files by name, a second graphql beside the CommonJS one yoga
// and the schema use ("Cannot use GraphQLObjectType from another module"); its CommonJS build requires the same one.
const { getComplexity, simpleEstimator } = createRequire(import.meta.url)('graphql-query-complexity') as typeof import('graphql-query-complexity');

const PAGE_ARGS = ['count', 'first', 'limit'] as const;

/**
 * A field whose resolver reads every result of its window when no page is asked for (time-series points, up to
 * MAX_COUNT) says so in its extensions: `{ pageWhenUnset: 'max' }` (set beside its resolver); it then costs the largest
 * page unless its arguments name a smaller one.
 */
export const READS_WHOLE_WINDOW = { pageWhenUnset: 'max' } as const;

const wholeWindow = (field: GraphQLField<unknown, unknown>) => (field.extensions as { pageWhenUnset?: string } | undefined)?.pageWhenUnset === 'max';

/** Whether a field takes a page size, as an argument or a field of its `input` (asked for or not). */
function takesPage(field: GraphQLField<unknown, unknown>): boolean {
  if (wholeWindow(field)) return true;
  return field.args.some((a) => {
    if ((PAGE_ARGS as readonly string[]).includes(a.name)) return true;
    const type = a.name === 'input' ? getNamedType(a.type) : undefined;
    return isInputObjectType(type) && PAGE_ARGS.some((name) => name in type.getFields());
  });
}

/** The page size a field's arguments ask for, if they name one (a null one names none). */
function pageSizeOf(args: Record<string, unknown>, maxPage: number): number | undefined {
  for (const holder of [args, args.input as Record<string, unknown> | undefined]) {
    if (!holder || typeof holder !== 'object') continue;
    for (const name of PAGE_ARGS) {
      if (!(name in holder)) continue;
      const n = holder[name];
      return typeof n === 'number' && Number.isFinite(n) ? Math.min(Math.max(n, 0), maxPage) : undefined;
    }
  }
  return undefined;
}

export interface QueryCostOptions {
  maxCost: number;
  /** A search's page size when the query leaves `count` out, and the most it can be (MAX_COUNT). */
  defaultPage: number;
  maxPage: number;
}

/** The cost of one operation of a document with its variables (throws if the variables do not fit it). */
export function queryCost(opts: QueryCostOptions, schema: GraphQLSchema, document: DocumentNode, variables: Record<string, unknown>, operationName?: string): number {
  return getComplexity({ schema, query: document, variables, operationName, estimators: estimatorsFor(opts) });
}

const estimatorsMemo = new WeakMap<QueryCostOptions, ComplexityEstimator[]>();
function estimatorsFor(opts: QueryCostOptions): ComplexityEstimator[] {
  const known = estimatorsMemo.get(opts);
  if (known) return known;
  const pages = new WeakMap<object, boolean>();
  // A field that takes a page size costs a page of what it selects: the size asked for, else the default page.
  const paged: ComplexityEstimator = ({ field, args, childComplexity }) => {
    let pagedField = pages.get(field);
    if (pagedField === undefined) pages.set(field, (pagedField = takesPage(field)));
    if (!pagedField) return undefined;
    return 1 + childComplexity * (pageSizeOf(args, opts.maxPage) ?? (wholeWindow(field) ? opts.maxPage : opts.defaultPage));
  };
  const estimators = [paged, simpleEstimator({ defaultComplexity: 1 })];
  estimatorsMemo.set(opts, estimators);
  return estimators;
}

export function queryCostLimit(opts: QueryCostOptions): Plugin {
  // A document without variables costs the same every time it is asked.
  const fixed = new WeakMap<DocumentNode, Map<string, number>>();
  const costOf = (schema: GraphQLSchema, document: DocumentNode, variables: Record<string, unknown> | undefined, operationName: string | undefined) => {
    const constant = !variables || Object.keys(variables).length === 0;
    const key = operationName ?? '';
    const known = constant ? fixed.get(document)?.get(key) : undefined;
    if (known !== undefined) return known;
    const cost = queryCost(opts, schema, document, variables ?? {}, operationName);
    if (constant) {
      const byName = fixed.get(document) ?? new Map<string, number>();
      byName.set(key, cost);
      fixed.set(document, byName);
    }
    return cost;
  };
  return {
    onExecute({ args }) {
      let cost: number;
      try {
        cost = costOf(args.schema, args.document, args.variableValues as Record<string, unknown> | undefined, args.operationName ?? undefined);
      } catch {
        return; // variables that do not fit the operation: execution refuses them with its own message
      }
      if (cost > opts.maxCost) {
        throw createGraphQLError(
          `Query cost ${cost} exceeds the limit of ${opts.maxCost} (setting GRAPHQL_MAX_COST): a field asking for a page costs what one result selects times the page size; ask for fewer results, fields or aliases`,
          { extensions: { code: 400, type: 'BAD_REQUEST', http: { status: 400 } } },
        );
      }
    },
  };
}
