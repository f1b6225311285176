/** Names what is wrong in an input file: the file, the entry (index and id) and the field at fault, one line each. */
import type { z } from 'zod';
import { CliError } from './cli-error.js';

export interface FileProblem {
  /** 1-based position of the entry in the file's list. */
  entry: number;
  entryId?: string;
  /** The column (schema field path) at fault, where there is one. */
  column?: string;
  field: string;
  message: string;
}

/** `a.b[0].c` from a zod issue path. */
export function fieldPath(path: readonly PropertyKey[]): string {
  return path.reduce<string>((acc, seg) => (typeof seg === 'number' ? `${acc}[${seg}]` : acc ? `${acc}.${String(seg)}` : String(seg)), '');
}

export function zodProblems(error: z.ZodError, entry: number, entryId?: string): FileProblem[] {
  return error.issues.flatMap((i) => {
    const keys = (i as { keys?: string[] }).keys;
    if (i.code === 'unrecognized_keys' && keys) {
      return keys.map((k) => ({ entry, entryId, field: fieldPath([...i.path, k]), message: 'unknown field' }));
    }
    return [{ entry, entryId, field: fieldPath(i.path) || '(entry)', message: i.message }];
  });
}

export function formatProblem(file: string, p: FileProblem): string {
  return `${file}: entry ${p.entry}${p.entryId ? ` (${p.entryId})` : ''}: ${p.column !== undefined ? `column ${p.column}: ` : ''}${p.field}: ${p.message}`;
}

/** Refuses the whole file when anything is wrong, listing every problem. */
export function refuseFile(file: string, problems: FileProblem[]): never {
  throw new CliError(problems.map((p) => formatProblem(file, p)).join('\n'));
}

/** A readable id of a raw entry for messages (its `id`, else its `urn`). */
export function entryIdOf(raw: unknown): string | undefined {
  if (!raw || typeof raw !== 'object') return undefined;
  const r = raw as Record<string, unknown>;
  if (typeof r.id === 'string' || typeof r.id === 'number') return `id ${r.id}`;
  if (typeof r.urn === 'string') return `urn ${r.urn}`;
  return undefined;
}
