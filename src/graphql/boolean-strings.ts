/**
 * The original's clients send some Boolean inputs as the strings "true" and "false" (its Python client's
 * `get_urns_by_filter` puts `"negated": "false"` in `orFilters`), and the original's server accepts them. Before a
 * document executes, those two exact strings in a Boolean position of the variables become booleans; anything else is
 * left for graphql-js to refuse as usual.
 */
import { getNamedType, isInputObjectType, isListType, isNonNullType, Kind, typeFromAST, type ExecutionArgs, type GraphQLInputType, type GraphQLSchema, type OperationDefinitionNode } from 'graphql';
import type { Plugin } from 'graphql-yoga';

function coerced(value: unknown, type: GraphQLInputType): unknown {
  if (isNonNullType(type)) return coerced(value, type.ofType);
  if (isListType(type)) return Array.isArray(value) ? value.map((v) => coerced(v, type.ofType)) : coerced(value, type.ofType);
  if (isInputObjectType(type)) {
    if (!value || typeof value !== 'object' || Array.isArray(value)) return value;
    const fields = type.getFields();
    let out: Record<string, unknown> | undefined;
    for (const [key, v] of Object.entries(value)) {
      const field = fields[key];
      const next = field ? coerced(v, field.type) : v;
      if (next !== v) (out ??= { ...(value as Record<string, unknown>) })[key] = next;
    }
    return out ?? value;
  }
  if (getNamedType(type).name === 'Boolean' && (value === 'true' || value === 'false')) return value === 'true';
  return value;
}

function coercedVariables(schema: GraphQLSchema, operation: OperationDefinitionNode, variables: Record<string, unknown>): Record<string, unknown> {
  let out: Record<string, unknown> | undefined;
  for (const def of operation.variableDefinitions ?? []) {
    const name = def.variable.name.value;
    const type = typeFromAST(schema, def.type as never) as GraphQLInputType | undefined;
    if (!type || !(name in variables)) continue;
    const next = coerced(variables[name], type);
    if (next !== variables[name]) (out ??= { ...variables })[name] = next;
  }
  return out ?? variables;
}

/** Whether any variable of the operation can hold a Boolean (directly, in a list or inside an input object). */
function holdsBoolean(type: GraphQLInputType, seen = new Set<GraphQLInputType>()): boolean {
  const named = getNamedType(type);
  if (named.name === 'Boolean') return true;
  if (!isInputObjectType(named) || seen.has(named)) return false;
  seen.add(named);
  return Object.values(named.getFields()).some((f) => holdsBoolean(f.type, seen));
}

/** Whether any string in a JSON value is exactly "true" or "false". */
function holdsBooleanString(value: unknown): boolean {
  if (typeof value === 'string') return value === 'true' || value === 'false';
  if (value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) if (holdsBooleanString(value[i])) return true;
    return false;
  }
  for (const key in value) if (Object.hasOwn(value, key) && holdsBooleanString((value as Record<string, unknown>)[key])) return true;
  return false;
}

/** Per parsed document (documents are cached and reused): does any operation's variables reach a Boolean? */
const reachesBoolean = new WeakMap<object, boolean>();

export const booleanStrings: Plugin = {
  onExecute({ args }: { args: ExecutionArgs }) {
    const variables = args.variableValues as Record<string, unknown> | null | undefined;
    if (!variables) return;
    const operations = args.document.definitions.filter((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION);
    let reaches = reachesBoolean.get(args.document);
    if (reaches === undefined) {
      reaches = operations.some((o) => (o.variableDefinitions ?? []).some((d) => {
        const type = typeFromAST(args.schema, d.type as never) as GraphQLInputType | undefined;
        return type !== undefined && holdsBoolean(type);
      }));
      reachesBoolean.set(args.document, reaches);
    }
    if (!reaches) return;
    // Nothing to turn into a boolean unless some string is exactly "true" or "false": an untyped look first, cheaper
    // than the typed walk most requests would make for nothing.
    if (!holdsBooleanString(variables)) return;
    const operation = args.operationName ? operations.find((o) => o.name?.value === args.operationName) : operations[0];
    if (operation) args.variableValues = coercedVariables(args.schema, operation, variables);
  },
};
