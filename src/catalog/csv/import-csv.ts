/**
 * Import of a stewards' CSV (the export's shape: `urn`, optional `name`, one column per structured property by
 * qualified name, optional `tags`): per row, what would change — values added, changed, removed, tags added and
 * removed — or why the row is refused, with its line number. A preview writes nothing. Applying writes the rows that
 * pass in batches through the one write path (value rules, rights, change records), each row's properties and tags
 * in one conditional write of its entity, as patches — so a row never half-applies, and a change made by someone
 * else between preview and apply is neither lost nor overwritten unless the row itself changes it.
 */
import { parse } from 'csv-parse/sync';
import { CatalogError, validationError } from '../../errors.js';
import type { PatchOp } from '../../model/json-patch.js';
import { applyAspectPatch } from '../../model/json-patch.js';
import { structuredPropertyUrn } from '../../model/urn.js';
import { UNCHANGED, type EntityDoc, type VersionedDoc } from '../../storage/entity-store.js';
import { batchUpsert, type BatchEntityInput } from '../batch-upsert.js';
import type { CatalogDeps } from '../catalog-deps.js';
import { valueKindOf, type DefinitionInfo, type DefinitionMemo } from '../definitions.js';
import { liveDefinitions, tagUrnOf } from './csv-columns.js';
import { resolveTarget } from '../entity-target.js';
import { applyChanges, type WriteInput } from '../write-aspects.js';
import { splitValues, unguardCell } from './csv-text.js';

export interface ImportInput {
  entityType: string;
  csv: string;
  dryRun?: boolean;
  /** Answer only when what was applied is visible to searches (and exports). */
  waitForSearch?: boolean;
}

export interface RowChange {
  field: string;
  operation: string;
  before?: unknown;
  after?: unknown;
}

export interface RowOutcome {
  line: number;
  urn: string;
  status: 'changes' | 'applied' | 'refused';
  changes?: RowChange[];
  reason?: string;
}

export interface ImportReport {
  dryRun: boolean;
  rows: number;
  unchanged: number;
  changed: number;
  refused: number;
  /** Every row that changes something or is refused, in file order (unchanged rows are only counted). */
  outcomes: RowOutcome[];
}

const MAX_ROWS = 100_000;
const BATCH = 500;

interface Columns {
  urn: number;
  tags?: number;
  properties: { index: number; info: DefinitionInfo }[];
}

interface Row {
  line: number;
  cells: string[];
}

interface Planned {
  row: Row;
  urn: string;
  patches: { aspect: string; ops: PatchOp[] }[];
  /** What the patches change, as the change records name it (typed values: 30 stays 30). */
  changes: RowChange[];
}

function parseCsv(csv: string): { header: string[]; rows: Row[] } {
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(csv, { bom: true, skip_empty_lines: true, info: true, relax_quotes: false }) as any;
  } catch (e) {
    const err = e as Error & { code?: string; record?: string[]; lines?: number; columns?: unknown[] };
    if (err.code === 'CSV_RECORD_INCONSISTENT_FIELDS_LENGTH' && err.record) {
      const expected = /expect (\d+)/.exec(err.message)?.[1];
      throw validationError(`The CSV cannot be read: line ${err.lines} has ${err.record.length} cells but the header ${expected}: a urn holding commas must be in double quotes ("urn:li:dataset:(…,…,PROD)"), as the export writes it`);
    }
    throw validationError(`The CSV cannot be read: ${err.message}`);
  }
  if (records.length === 0) throw validationError('The CSV is empty: it needs a header row with a urn column');
  const [head, ...rest] = records;
  if (rest.length > MAX_ROWS) throw validationError(`The CSV has ${rest.length} rows; at most ${MAX_ROWS} are imported at once`);
  return { header: head.record.map((h) => h.trim()), rows: rest.map((r) => ({ line: r.info.lines, cells: r.record })) };
}

async function columnsOf(deps: CatalogDeps, header: string[]): Promise<Columns> {
  const seen = new Set<string>();
  for (const h of header) {
    if (seen.has(h)) throw validationError(`Column ${JSON.stringify(h)} appears twice in the header`);
    seen.add(h);
  }
  const urn = header.indexOf('urn');
  if (urn < 0) throw validationError('The header has no urn column');
  // `degree` is what an export of an impacted set adds (hops from the entity it started at): read-only, passed by.
  const propertyColumns = header.map((h, index) => ({ h, index })).filter(({ h }) => !['urn', 'name', 'tags', 'degree'].includes(h));
  const infos = await liveDefinitions(deps, propertyColumns.map(({ h }) => structuredPropertyUrn(h)));
  const unknown = propertyColumns.filter((_, i) => !infos[i]);
  if (unknown.length > 0) {
    throw validationError(`Unknown columns (not urn, name, degree, tags or the qualified name of a structured property): ${unknown.map(({ h }) => JSON.stringify(h)).join(', ')}`);
  }
  const tags = header.indexOf('tags');
  return { urn, ...(tags >= 0 && { tags }), properties: propertyColumns.map(({ index }, i) => ({ index, info: infos[i]! })) };
}

/** A cell's values as the aspect stores them: numbers for number properties (text that is no number is left to the rules). */
function storedValues(info: DefinitionInfo, cell: string): { string?: string; double?: number }[] {
  return splitValues(cell).map((v) => {
    if (valueKindOf(info.definition.valueType) !== 'number') return { string: v };
    const n = Number(v);
    return v.trim() !== '' && Number.isFinite(n) ? { double: n } : { string: v };
  });
}

/** Values compared as a set: the export writes a MULTIPLE property's values in the index's order. */
const sameValues = (held: unknown, wanted: unknown[]): boolean => {
  const key = (v: unknown) => JSON.stringify(v);
  const a = new Set(Array.isArray(held) ? held.map(key) : []);
  return a.size === new Set(wanted.map(key)).size && wanted.every((v) => a.has(key(v)));
};


/** The patches that bring the entity to what the row says, relative to what it holds now. */
function plan(row: Row, urn: string, cols: Columns, current: EntityDoc | undefined): Planned {
  const patches: Planned['patches'] = [];
  const assigned = new Map<string, unknown>(((current?.aspects.structuredProperties?.value as any)?.properties ?? []).map((p: any) => [p.propertyUrn, p.values]));
  const propertyOps: PatchOp[] = [];
  const changes: RowChange[] = [];
  const plain = (values: unknown) => (values as { string?: string; double?: number }[]).map((v) => v.double ?? v.string);
  for (const { index, info } of cols.properties) {
    const cell = unguardCell(row.cells[index] ?? '');
    const path = `/properties/${info.urn}`;
    const held = assigned.get(info.urn);
    if (cell.trim() === '') {
      if (assigned.has(info.urn)) {
        propertyOps.push({ op: 'remove', path });
        changes.push({ field: info.urn, operation: 'REMOVE', before: plain(held) });
      }
      continue;
    }
    const values = storedValues(info, cell);
    if (sameValues(held, values)) continue;
    propertyOps.push({ op: 'add', path, value: { propertyUrn: info.urn, values } });
    changes.push({ field: info.urn, operation: held === undefined ? 'ADD' : 'MODIFY', ...(held !== undefined && { before: plain(held) }), after: plain(values) });
  }
  if (propertyOps.length > 0) patches.push({ aspect: 'structuredProperties', ops: propertyOps });
  if (cols.tags !== undefined) {
    const held = new Set<string>(((current?.aspects.globalTags?.value as any)?.tags ?? []).map((t: any) => t.tag));
    const wanted = new Set(splitValues(unguardCell(row.cells[cols.tags] ?? '')).flatMap((t) => tagUrnOf(t.trim()) ?? []));
    const ops: PatchOp[] = [
      ...[...wanted].filter((t) => !held.has(t)).map((t) => ({ op: 'add' as const, path: `/tags/${t}`, value: { tag: t } })),
      ...[...held].filter((t) => !wanted.has(t)).map((t) => ({ op: 'remove' as const, path: `/tags/${t}` })),
    ];
    if (ops.length > 0) patches.push({ aspect: 'globalTags', ops });
    changes.push(...ops.map((o) => (o.op === 'add' ? { field: tagOf(o), operation: 'ADD', after: tagOf(o) } : { field: tagOf(o), operation: 'REMOVE', before: tagOf(o) })));
  }
  return { row, urn, patches, changes };
}

const tagOf = (op: PatchOp) => op.path.slice('/tags/'.length);

const itemOf = (p: Planned): BatchEntityInput => ({ urn: p.urn, aspects: p.patches.map((x) => ({ aspect: x.aspect, value: x.ops, patch: true })) });

/** Checks a row against every rule of the write path as it would be written now (nothing is written). */
async function check(deps: CatalogDeps, entityType: string, actor: string, p: Planned, current: EntityDoc, definitions: DefinitionMemo): Promise<boolean> {
  const input: WriteInput = {
    target: resolveTarget(entityType, p.urn),
    actor,
    definitions,
    changes: p.patches.map((x) => ({ aspect: x.aspect, compute: (previous: unknown) => applyAspectPatch(x.aspect, previous, x.ops) })),
  };
  return (await applyChanges(deps, input, structuredClone(current))) !== UNCHANGED;
}

const reasonOf = (e: unknown): string => {
  if (e instanceof CatalogError) return e.message;
  throw e;
};

export async function importCsv(deps: CatalogDeps, actor: string, input: ImportInput): Promise<ImportReport> {
  const { header, rows } = parseCsv(input.csv);
  const cols = await columnsOf(deps, header);
  const report: ImportReport = { dryRun: input.dryRun === true, rows: rows.length, unchanged: 0, changed: 0, refused: 0, outcomes: [] };
  const tally = (done: Checked) => {
    const listed = [...done.outcomes.values()].sort((a, b) => a.line - b.line);
    report.outcomes.push(...listed);
    report.refused += listed.filter((o) => o.status === 'refused').length;
    report.changed += listed.filter((o) => o.status !== 'refused').length;
    report.unchanged += done.rows - listed.length;
  };
  // Two chunks in flight: the next one is read and checked (this service's work) while the last is written (the
  // engine's). A chunk naming an entity the chunk being written names waits for that write, so it is checked
  // against what the write left.
  const urnOf = (row: Row) => (row.cells[cols.urn] ?? '').trim();
  let writing: Promise<void> = Promise.resolve();
  let previous: Checked | undefined;
  for (let start = 0; start < rows.length; start += BATCH) {
    const chunk = rows.slice(start, start + BATCH);
    if (previous && chunk.some((r) => previous!.urns.has(urnOf(r)))) await writing;
    const checked = await checkChunk(deps, actor, input, cols, chunk);
    await writing;
    if (previous) tally(previous);
    writing = !report.dryRun && checked.planned.length > 0 ? apply(deps, input, actor, checked.planned, checked.outcomes, checked.read) : Promise.resolve();
    // A failed write is thrown where it is awaited, after the next chunk's check; until then it is not unhandled.
    writing.catch(() => undefined);
    previous = { ...checked, urns: new Set(chunk.map(urnOf)) };
  }
  await writing;
  if (previous) tally(previous);
  return report;
}

interface Checked {
  rows: number;
  outcomes: Map<number, RowOutcome>;
  planned: Planned[];
  urns: Set<string>;
  /** The chunk's entities as read to plan it (with sequence numbers): the batch write uses them rather than read again. */
  read: Map<string, VersionedDoc>;
}

/** Reads a chunk's entities in one call and works out, per row, what it changes or why it is refused. */
async function checkChunk(deps: CatalogDeps, actor: string, input: ImportInput, cols: Columns, chunk: Row[]): Promise<Checked> {
  const outcomes = new Map<number, RowOutcome>();
  const refuse = (row: Row, urn: string, reason: string) => outcomes.set(row.line, { line: row.line, urn, status: 'refused', reason });
  const targets = chunk.map((row) => {
    const urn = (row.cells[cols.urn] ?? '').trim();
    try {
      const t = resolveTarget(input.entityType, urn);
      if (t.def.name !== input.entityType) throw validationError(`${urn} is not a ${input.entityType}`);
      return { row, urn: t.urn.raw };
    } catch (e) {
      refuse(row, urn, reasonOf(e));
      return undefined;
    }
  });
  const valid = targets.filter((t): t is { row: Row; urn: string } => t !== undefined);
  const current = await deps.store.mgetVersioned(input.entityType, valid.map((t) => t.urn));
  const planned: Planned[] = [];
  // The definitions the rows name are read once for the chunk, as a batch write reads them.
  const definitions = deps.definitionCache.writeMemo();
  for (const t of valid) {
    const doc = current.get(t.urn)?.doc;
    if (!doc) {
      refuse(t.row, t.urn, `Entity ${t.urn} does not exist`);
      continue;
    }
    const p = plan(t.row, t.urn, cols, doc);
    if (p.patches.length === 0) continue;
    // A preview checks each row with every rule; applying leaves that to the batch write, and checks row by row
    // only when a batch is refused.
    try {
      if (input.dryRun && !(await check(deps, input.entityType, actor, p, doc, definitions))) continue;
      outcomes.set(t.row.line, { line: t.row.line, urn: t.urn, status: 'changes', changes: p.changes });
      planned.push(p);
    } catch (e) {
      refuse(t.row, t.urn, reasonOf(e));
    }
  }
  return { rows: chunk.length, outcomes, planned, urns: new Set(), read: current };
}

/** Writes the planned rows in one batch; if the batch is refused (a race since the preview), row by row, so only the rows at fault are refused. */
async function apply(deps: CatalogDeps, input: ImportInput, actor: string, planned: Planned[], outcomes: Map<number, RowOutcome>, read: Map<string, VersionedDoc>): Promise<void> {
  const applied = (p: Planned) => outcomes.set(p.row.line, { ...outcomes.get(p.row.line)!, status: 'applied' });
  try {
    // The planned rows' entities as read for planning: the batch write builds on them (in place) instead of reading again.
    const existing = new Map(planned.flatMap((p) => (read.has(p.urn) ? [[p.urn, read.get(p.urn)!] as const] : [])));
    await batchUpsert(deps, input.entityType, planned.map(itemOf), actor, input.waitForSearch, { noAnswer: true, existing });
    planned.forEach(applied);
    return;
  } catch (e) {
    reasonOf(e);
  }
  for (const p of planned) {
    try {
      await batchUpsert(deps, input.entityType, [itemOf(p)], actor, input.waitForSearch, { noAnswer: true });
      applied(p);
    } catch (e) {
      outcomes.set(p.row.line, { line: p.row.line, urn: p.urn, status: 'refused', reason: reasonOf(e) });
    }
  }
}
