/** An entity's change records (REST v3 timeline), newest first, a page at a time. */
import { encodeUrn, rest } from './rest';

export interface Change {
  id: string;
  seq: number | null;
  pending?: boolean;
  time: number;
  actor: string;
  via: string;
  category: string;
  operation: string;
  aspect: string;
  modifier?: string;
  fieldPath?: string;
  before?: unknown;
  after?: unknown;
}

export interface HistoryPage {
  changes: Change[];
  cursor?: string;
}

export const loadHistory = (urn: string, cursor?: string): Promise<HistoryPage> =>
  rest<HistoryPage>('GET', `/openapi/v3/timeline/${encodeUrn(urn)}?order=desc&count=20${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
