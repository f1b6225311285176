/**
 * An assertion's definition (its assertionInfo aspect, stored as written) in the original's GraphQL shape, and the error
 * of a run's result: maps become key/value lists, the detail records' `entity`/`dataset` become `entityUrn`/`datasetUrn`,
 * column URNs become column references, and a note is presented by its text.
 */
import { parseUrn } from '../../model/urn.js';
import type { GraphqlContext } from '../context.js';
import type { EntityRef } from '../entity-loader.js';
import { DATA_TYPES } from './tags/schema-reads.js';

type Obj = Record<string, any>;

const objectOf = (v: unknown): Obj | undefined => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : undefined);
const listOf = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const entriesOf = (v: unknown) => {
  const o = objectOf(v);
  return o ? Object.entries(o).map(([key, value]) => ({ key, value: typeof value === 'string' ? value : JSON.stringify(value) })) : null;
};
const stampOf = (v: unknown) => {
  const s = objectOf(v);
  return s ? { time: s.time, actor: s.actor ?? null } : null;
};

/** A column URN as a reference: the URN and the column's path within it (the URN itself when it is not a column's). */
function fieldRefOf(urn: unknown) {
  if (typeof urn !== 'string') return null;
  try {
    const parsed = parseUrn(urn);
    return { urn, path: parsed.entityType === 'schemaField' ? parsed.parts.slice(1).join(',') : urn };
  } catch {
    return { urn, path: urn };
  }
}

/** Operator and parameters, kept as written (their shapes are the original's). */
const comparisonOf = (o: Obj) => ({ operator: o.operator, parameters: objectOf(o.parameters) ?? null });

function datasetAssertionOf(d: Obj) {
  return {
    ...comparisonOf(d),
    datasetUrn: d.dataset,
    scope: d.scope,
    fields: Array.isArray(d.fields) ? d.fields.map(fieldRefOf).filter(Boolean) : null,
    aggregation: d.aggregation ?? null,
    nativeType: d.nativeType ?? null,
    nativeParameters: entriesOf(d.nativeParameters),
    logic: d.logic ?? null,
  };
}

const withEntity = (o: Obj) => ({ ...o, entityUrn: o.entity });

function volumeAssertionOf(v: Obj) {
  const part = (p: unknown) => {
    const o = objectOf(p);
    return o ? { ...o, parameters: objectOf(o.parameters) ?? null } : null;
  };
  return {
    ...withEntity(v),
    rowCountTotal: part(v.rowCountTotal),
    rowCountChange: part(v.rowCountChange),
    incrementingSegmentRowCountTotal: part(v.incrementingSegmentRowCountTotal),
    incrementingSegmentRowCountChange: part(v.incrementingSegmentRowCountChange),
    filter: objectOf(v.filter) ?? null,
  };
}

function fieldAssertionOf(f: Obj) {
  return {
    ...withEntity(f),
    fieldValuesAssertion: objectOf(f.fieldValuesAssertion) ?? null,
    fieldMetricAssertion: objectOf(f.fieldMetricAssertion) ?? null,
    filter: objectOf(f.filter) ?? null,
  };
}

/** The expected columns of a schema check, from the schema it stores (the original's `fields`). */
function schemaAssertionOf(s: Obj) {
  const fields = listOf(objectOf(s.schema)?.fields).map((f) => {
    const field = objectOf(f) ?? {};
    const typeKey = Object.keys(objectOf(objectOf(field.type)?.type) ?? {})[0];
    return { path: field.fieldPath, type: DATA_TYPES[typeKey] ?? 'NULL', nativeType: field.nativeDataType ?? null };
  });
  return { entityUrn: s.entity, fields, compatibility: s.compatibility ?? 'EXACT_MATCH' };
}

function customAssertionOf(c: Obj) {
  const fields = [...(c.field ? [c.field] : []), ...listOf(c.fields).filter((f) => f !== c.field)].map(fieldRefOf).filter(Boolean);
  return {
    ...withEntity(c),
    field: fields[0] ?? null,
    fields: fields.length > 0 ? fields : null,
    scope: c.scope ?? null,
    aggregation: c.aggregation ?? null,
    operator: c.operator ?? null,
    parameters: objectOf(c.parameters) ?? null,
    nativeType: c.nativeType ?? null,
    nativeParameters: entriesOf(c.nativeParameters),
    logic: c.logic ?? null,
  };
}

const DETAILS: Record<string, { key: string; present: (o: Obj) => object }> = {
  datasetAssertion: { key: 'dataset', present: datasetAssertionOf },
  freshnessAssertion: { key: 'entity', present: (f) => ({ ...withEntity(f), filter: objectOf(f.filter) ?? null }) },
  volumeAssertion: { key: 'entity', present: volumeAssertionOf },
  sqlAssertion: { key: 'entity', present: (q) => ({ ...withEntity(q), changeType: q.changeType ?? null, parameters: objectOf(q.parameters) ?? null }) },
  fieldAssertion: { key: 'entity', present: fieldAssertionOf },
  schemaAssertion: { key: 'entity', present: schemaAssertionOf },
  customAssertion: { key: 'entity', present: customAssertionOf },
};

export function toAssertionInfo(info: Obj) {
  const details = Object.fromEntries(Object.entries(DETAILS).map(([name, d]) => [name, objectOf(info[name]) ? d.present(info[name]) : null]));
  // The checked entity: as written at the top, else as the detail that is set names it.
  const named = Object.entries(DETAILS).map(([name, d]) => objectOf(info[name])?.[d.key]).find((u) => typeof u === 'string');
  const source = objectOf(info.source);
  return {
    type: info.type,
    description: info.description ?? null,
    note: objectOf(info.note)?.content ?? null,
    externalUrl: info.externalUrl ?? null,
    entityUrn: info.entityUrn ?? named ?? null,
    lastUpdated: stampOf(info.lastUpdated),
    source: source ? { type: source.type, created: stampOf(source.created) } : null,
    customProperties: entriesOf(info.customProperties),
    ...details,
  };
}

/** A run result's error: its details as key/value pairs, and the `message` detail as the message to show. */
export function toAssertionResultError(error: unknown) {
  const e = objectOf(error);
  if (!e) return null;
  const properties = objectOf(e.properties);
  return { type: e.type, properties: entriesOf(properties), displayMessage: typeof properties?.message === 'string' ? properties.message : null };
}

export const assertionInfoResolvers = {
  Assertion: {
    info: async (ref: EntityRef, _a: unknown, ctx: GraphqlContext) => {
      const info = await ctx.loader.aspect<Obj>(ref.urn, 'assertionInfo');
      return info ? toAssertionInfo(info) : null;
    },
  },
  AssertionResult: { error: (result: { error?: unknown }) => toAssertionResultError(result.error) },
};
