/** The query-string syntax tree Tessera translates, converted from lucene-query-parser's loosely shaped output. */
import type { LuceneBinaryNode, LuceneNode, LuceneRangeNode, LuceneTermNode } from 'lucene-query-parser';
import { MATCH_ALL_TERM, RANGE_MINUS } from './query-normalise.js';
import { inputError } from './search-input-error.js';

export type QNode =
  | { type: 'all' }
  | { type: 'and' | 'or'; children: QNode[] }
  | { type: 'not'; child: QNode }
  /** `text` keeps the user's backslash escapes; quoted text has them applied (`"urn\:li\:x"` is `urn:li:x`, as Lucene reads it). */
  | { type: 'term'; field?: string; text: string; quoted: boolean; fuzzy: boolean; proximity?: number }
  | { type: 'range'; field?: string; min?: string; max?: string; includeMin: boolean; includeMax: boolean }
  | { type: 'exists'; field: string };

const IMPLICIT = '<implicit>';
const COMPARISON = /^(>=|<=|>|<)/;

/** Leaf clauses, the unit the clause limit counts. */
export function countLeaves(n: QNode): number {
  if (n.type === 'and' || n.type === 'or') return n.children.reduce((s, c) => s + countLeaves(c), 0);
  if (n.type === 'not') return countLeaves(n.child);
  return n.type === 'all' ? 0 : 1;
}

export function walkFields(n: QNode, visit: (field: string) => void): void {
  if ('children' in n) return n.children.forEach((c) => walkFields(c, visit));
  if ('child' in n) return walkFields(n.child, visit);
  if ('field' in n && n.field !== undefined) visit(n.field);
}

function join(type: 'and' | 'or', a: QNode, b: QNode): QNode {
  const parts = (n: QNode) => (n.type === type ? n.children : [n]);
  return { type, children: [...parts(a), ...parts(b)] };
}

function negate(prefix: string | null | undefined, n: QNode): QNode {
  return prefix === '-' ? { type: 'not', child: n } : n;
}

/** `positions` only serves error messages: it says where the user wrote each field. */
export function fromLucene(raw: LuceneNode, positions: ReadonlyMap<string, number>, groupField?: string): QNode {
  if ('term_min' in raw) return fromRange(raw, raw.field === IMPLICIT ? groupField : raw.field);
  if ('term' in raw) return fromTerm(raw, raw.field === IMPLICIT ? groupField : raw.field, positions);
  const node = raw as LuceneBinaryNode;
  if (!node.left) return { type: 'all' }; // the parser returns {} for an empty query
  const field = node.field ?? groupField;
  const left = fromLucene(node.left, positions, field);
  if (!node.right) return left;
  const right = fromLucene(node.right, positions, field);
  switch (node.operator) {
    case 'OR':
      return join('or', left, right);
    case 'NOT':
      return left.type === 'all' ? { type: 'not', child: right } : join('and', left, { type: 'not', child: right });
    default: // AND, <implicit>: a query that narrows as it grows is what a catalog filter box expects
      return join('and', left, right);
  }
}

function fromTerm(raw: LuceneTermNode, field: string | undefined, positions: ReadonlyMap<string, number>): QNode {
  const quoted = 'proximity' in raw;
  if (raw.term === MATCH_ALL_TERM && !quoted) return { type: 'all' };
  if (raw.regexpr) throw inputError('Regular expressions are not supported');
  if (field === '_exists_') return negate(raw.prefix, { type: 'exists', field: unescape(raw.term) });
  if (!quoted && raw.term === '*') return negate(raw.prefix, field === undefined ? { type: 'all' } : { type: 'exists', field });
  const cmp = quoted ? null : COMPARISON.exec(raw.term);
  if (cmp) {
    const op = cmp[1];
    const bound = unescape(raw.term.slice(op.length));
    const at = field === undefined ? undefined : positions.get(field);
    if (bound === '') throw inputError(`Comparison "${field ?? ''}:${op}" needs a value`, at);
    if (field === undefined) throw inputError(`Comparison "${raw.term}" needs a field, as in field:${raw.term}`);
    const inclusive = op.length === 2;
    const r: QNode = op[0] === '>'
      ? { type: 'range', field, min: bound, includeMin: inclusive, includeMax: false }
      : { type: 'range', field, max: bound, includeMin: false, includeMax: inclusive };
    return negate(raw.prefix, r);
  }
  const fuzzy = !quoted && raw.similarity != null;
  const proximity = quoted && raw.proximity != null ? raw.proximity : undefined;
  return negate(raw.prefix, { type: 'term', field, text: quoted ? unescape(raw.term) : raw.term, quoted, fuzzy, ...(proximity !== undefined && { proximity }) });
}

function fromRange(raw: LuceneRangeNode, field: string | undefined): QNode {
  const bound = (t: string) => (t === '*' ? undefined : unescape(t.split(RANGE_MINUS).join('-')));
  const [min, max] = [bound(raw.term_min), bound(raw.term_max)];
  if (field === undefined) throw inputError(`Range [${raw.term_min} TO ${raw.term_max}] needs a field`);
  if (min === undefined && max === undefined) return { type: 'exists', field };
  return {
    type: 'range', field,
    ...(min !== undefined && { min }), ...(max !== undefined && { max }),
    includeMin: raw.inclusive_min, includeMax: raw.inclusive_max,
  };
}

export function unescape(text: string): string {
  return text.replace(/\\(.)/g, '$1');
}

/** Splits escaped text into its literal value and, when it has unescaped `*`/`?`, an OpenSearch wildcard pattern. */
export function analyseTerm(text: string): { literal: string; pattern?: string } {
  let literal = '';
  let pattern = '';
  let wild = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '\\' && i + 1 < text.length) {
      const next = text[++i];
      literal += next;
      pattern += /[*?\\]/.test(next) ? `\\${next}` : next;
    } else {
      literal += c;
      pattern += c;
      wild ||= c === '*' || c === '?';
    }
  }
  return wild ? { literal, pattern } : { literal };
}
