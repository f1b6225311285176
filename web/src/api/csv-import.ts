/** The CSV import call: a stewards' CSV previewed (`dryRun`) or applied, answered row by row. */
import { rest } from './rest';

export interface ImportChange {
  /** A property URN (`urn:li:structuredProperty:<qn>`) or a tag URN. */
  field: string;
  operation: 'ADD' | 'MODIFY' | 'REMOVE';
  before?: unknown;
  after?: unknown;
}

export interface ImportOutcome {
  line: number;
  urn: string;
  status: 'changes' | 'applied' | 'refused';
  changes?: ImportChange[];
  reason?: string;
}

export interface ImportReport {
  dryRun: boolean;
  rows: number;
  unchanged: number;
  changed: number;
  refused: number;
  /** Rows that change something or are refused, in file order; unchanged rows are only counted. */
  outcomes: ImportOutcome[];
}

export function importCsv(entityType: string, csv: string, dryRun: boolean): Promise<ImportReport> {
  return rest<ImportReport>('POST', `/openapi/v3/import/${encodeURIComponent(entityType)}?waitForSearch=true`, { csv, dryRun });
}
