/** Reads the `.avsc` file a dataset YAML names (`schema.file`) into field entries: nested records as dotted paths. */
import { readFileSync } from 'node:fs';
import { dirname, isAbsolute, resolve } from 'node:path';
import type { FieldEntry } from './dataset-entry.js';

const LOGICAL: Record<string, string> = { date: 'date', 'timestamp-millis': 'timestamp', 'timestamp-micros': 'timestamp', 'time-millis': 'time', 'time-micros': 'time' };

type Avro = string | Avro[] | { type: Avro; name?: string; fields?: { name: string; type: Avro; doc?: string }[]; logicalType?: string; items?: Avro; values?: Avro };

/** Our field type word for an Avro type (unions with null are nullable fields of the other member). */
function typeOf(t: Avro): { type: string; nullable: boolean; native: string; record?: Avro } {
  if (Array.isArray(t)) {
    const members = t.filter((m) => m !== 'null');
    if (members.length === 1) return { ...typeOf(members[0]), nullable: true };
    return { type: 'union', nullable: members.length < t.length, native: 'union' };
  }
  if (typeof t === 'string') return { type: ['int', 'long', 'float', 'double', 'string', 'boolean', 'bytes', 'null'].includes(t) ? t : 'record', nullable: false, native: t };
  if (t.logicalType && LOGICAL[t.logicalType]) return { type: LOGICAL[t.logicalType], nullable: false, native: t.logicalType };
  if (t.type === 'record') return { type: 'record', nullable: false, native: t.name ?? 'record', record: t };
  if (t.type === 'array' || t.type === 'map' || t.type === 'enum' || t.type === 'fixed') return { type: t.type, nullable: false, native: t.type };
  return typeOf(t.type);
}

function walk(record: Avro, prefix: string, out: FieldEntry[]): void {
  if (typeof record !== 'object' || Array.isArray(record) || !Array.isArray(record.fields)) throw new Error('expected an Avro record with fields');
  for (const f of record.fields) {
    const t = typeOf(f.type);
    const id = prefix ? `${prefix}.${f.name}` : f.name;
    out.push({ id, type: t.type, nativeDataType: t.native, ...(f.doc ? { description: f.doc } : {}), ...(t.nullable ? { nullable: true } : {}) });
    if (t.record) walk(t.record, id, out);
  }
}

/** The schema text and its fields; `file` is relative to the YAML file that names it. Throws a message naming the problem. */
export function readAvroSchema(yamlFile: string, file: string): { text: string; fields: FieldEntry[] } {
  const path = isAbsolute(file) ? file : resolve(dirname(yamlFile), file);
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    throw new Error(`cannot read ${path} (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`);
  }
  let schema: Avro;
  try {
    schema = JSON.parse(text);
  } catch (e) {
    throw new Error(`${path} is not valid JSON: ${(e as Error).message}`);
  }
  const fields: FieldEntry[] = [];
  walk(schema, '', fields);
  return { text, fields };
}
