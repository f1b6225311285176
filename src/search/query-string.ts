/** Translates a user's Lucene-style query string (REST `query`, GraphQL `query`) into an allow-listed OpenSearch query. */
import lucene, { type LuceneSyntaxError } from 'lucene-query-parser';
import { barePatternQuery, barePhraseQuery, bareWordQuery, togetherQuery, type BareWordPlan } from './bare-words.js';
import { escapeWildcard, typedValue } from './field-values.js';
import { analyseTerm, countLeaves, fromLucene, type QNode, walkFields } from './query-ast.js';
import { normaliseQuery } from './query-normalise.js';
import type { FieldResolver, ResolvedField } from './resolved-field.js';
import { inputError, SearchInputError } from './search-input-error.js';

export type { QNode } from './query-ast.js';

export interface QueryLimits {
  maxChars?: number;
  maxClauses?: number;
}

export interface ParsedQuery {
  root: QNode;
  /** 1-based position where each field first appears, for error messages. */
  fieldPositions: ReadonlyMap<string, number>;
}

type Dsl = Record<string, unknown>;
const MATCH_ALL: Dsl = { match_all: {} };

/**
 * The original's clients mark a query written in its structured syntax with a leading `/q ` (the MCP server, the web
 * client's advanced search); Tessera reads every query in that syntax, so the mark is blanked, keeping positions.
 */
const STRUCTURED_MARK = /^\s*\/q\s/;

export function parseQueryString(sent: string, limits: QueryLimits = {}): ParsedQuery {
  const q = sent.replace(STRUCTURED_MARK, (m) => ' '.repeat(m.length));
  const maxChars = limits.maxChars ?? 2000;
  const maxClauses = limits.maxClauses ?? 64;
  if (q.length > maxChars) throw inputError(`Query is ${q.length} characters long; at most ${maxChars} are allowed`);
  if (q.trim() === '' || q.trim() === '*') return { root: { type: 'all' }, fieldPositions: new Map() };
  const norm = normaliseQuery(q);
  let raw;
  try {
    raw = lucene.parse(norm.text);
  } catch (e) {
    const err = e as LuceneSyntaxError & { found?: string | null };
    const offset = err.location?.start.offset;
    if (offset === undefined) throw inputError(`Invalid query syntax: ${err.message}`);
    // The parser's own message lists every token it could have accepted, which reads as noise to a user.
    const what = err.found == null ? 'unexpected end of query' : `unexpected "${err.found}"`;
    throw inputError(`Invalid query syntax: ${what}`, (norm.src[offset] ?? q.length) + 1);
  }
  const root = fromLucene(raw, norm.fields);
  const clauses = countLeaves(root);
  if (clauses > maxClauses) throw inputError(`Query has ${clauses} clauses; at most ${maxClauses} are allowed`);
  return { root, fieldPositions: norm.fields };
}

export function referencedFields(parsed: ParsedQuery): string[] {
  const seen = new Set<string>();
  walkFields(parsed.root, (f) => seen.add(f));
  return [...seen];
}

/** `bareWords`: what a term without a field searches; none refuses such terms. */
export function buildQueryStringQuery(parsed: ParsedQuery, resolve: FieldResolver, bareWords?: BareWordPlan): object {
  const cache = new Map<string, ResolvedField>();
  const lookup = (name: string): ResolvedField => {
    let f = cache.get(name);
    if (!f) {
      try {
        f = resolve(name);
      } catch (e) {
        const at = parsed.fieldPositions.get(name);
        if (e instanceof SearchInputError && e.position === undefined && at !== undefined) throw inputError(e.message, at);
        throw e;
      }
      cache.set(name, f);
    }
    return f;
  };
  return new Builder(lookup, bareWords, parsed.fieldPositions).node(parsed.root);
}

class Builder {
  constructor(
    private readonly resolve: FieldResolver,
    private readonly bareWords: BareWordPlan | undefined,
    private readonly positions: ReadonlyMap<string, number>,
  ) {}

  node(n: QNode): Dsl {
    switch (n.type) {
      case 'all':
        return MATCH_ALL;
      case 'and': {
        const kept = n.children.filter((c) => c.type !== 'all');
        if (kept.length === 0) return MATCH_ALL;
        const must = kept.filter((c) => c.type !== 'not').map((c) => this.node(c));
        const mustNot = kept.flatMap((c) => (c.type === 'not' ? [this.node(c.child)] : []));
        const together = this.together(kept);
        return { bool: { ...(must.length > 0 && { must }), ...(mustNot.length > 0 && { must_not: mustNot }), ...(together && { should: [together] }) } };
      }
      case 'or':
        if (n.children.some((c) => c.type === 'all')) return MATCH_ALL;
        return { bool: { should: n.children.map((c) => this.node(c)), minimum_should_match: 1 } };
      case 'not':
        return { bool: { must_not: [this.node(n.child)] } };
      case 'exists': {
        const f = this.resolve(n.field);
        return (f.exists as Dsl | undefined) ?? { exists: { field: f.path } };
      }
      case 'range':
        return this.range(n);
      case 'term':
        return n.field === undefined ? this.bareTerm(n) : this.fieldTerm(n, this.resolve(n.field));
    }
  }

  private range(n: Extract<QNode, { type: 'range' }>): Dsl {
    const f = this.resolve(n.field!);
    if (f.kind === 'text' || f.kind === 'boolean') throw inputError(`Ranges are not supported on ${f.kind} field ${f.name}`, this.positions.get(f.name));
    const at = this.positions.get(f.name);
    const bounds: Dsl = {};
    if (n.min !== undefined) bounds[n.includeMin ? 'gte' : 'gt'] = typedValue(f, n.min, at);
    if (n.max !== undefined) bounds[n.includeMax ? 'lte' : 'lt'] = typedValue(f, n.max, at);
    return { range: { [f.path]: bounds } };
  }

  private fieldTerm(n: Extract<QNode, { type: 'term' }>, f: ResolvedField): Dsl {
    const { literal, pattern } = n.quoted ? { literal: n.text, pattern: undefined } : analyseTerm(n.text);
    const at = this.positions.get(f.name);
    const textual = f.kind === 'keyword' || f.kind === 'text';
    if ((pattern !== undefined || n.fuzzy) && !textual) {
      throw inputError(`Wildcards and fuzzy matching are not supported on ${f.kind} field ${f.name}`, at);
    }
    if (f.contains && !n.fuzzy) {
      // A word anywhere in the value: the user's text is literal, any case.
      const inner = pattern ?? `*${escapeWildcard(literal)}*`;
      return { wildcard: { [f.path]: { value: inner.startsWith('*') ? inner : `*${inner}`, case_insensitive: true } } };
    }
    if (pattern !== undefined) {
      const value = f.normalise ? f.normalise(pattern) : pattern;
      // Analysed text is indexed lower-cased, so only a case-insensitive pattern can match it; a name's pattern also
      // matches its words (`name:ord*` finds `sales.orders`).
      if (f.kind === 'text') return { wildcard: { [f.path]: { value, case_insensitive: true } } };
      if (f.textPath === undefined) return { wildcard: { [f.path]: { value } } };
      return { bool: { should: [{ wildcard: { [f.path]: { value, case_insensitive: true } } }, { wildcard: { [f.textPath]: { value, case_insensitive: true } } }], minimum_should_match: 1 } };
    }
    const analysed = f.kind === 'text' ? f.path : f.textPath;
    if (analysed !== undefined) {
      if (n.quoted) return { match_phrase: { [analysed]: n.proximity ? { query: literal, slop: n.proximity } : literal } };
      if (n.fuzzy) return { match: { [analysed]: { query: literal, fuzziness: 1 } } };
      // `name:sales.orders` means the words in that order, not any one of them.
      return { match_phrase: { [analysed]: literal } };
    }
    if (n.fuzzy) return { fuzzy: { [f.path]: { value: f.normalise ? f.normalise(literal) : literal, fuzziness: 1 } } };
    return { term: { [f.path]: typedValue(f, literal, at) } };
  }

  /** The bonus for plain bare words of one AND found together in one place. */
  private together(children: QNode[]): Dsl | undefined {
    if (!this.bareWords) return undefined;
    const words = children.flatMap((c) => (c.type === 'term' && c.field === undefined && !c.quoted && !c.fuzzy && analyseTerm(c.text).pattern === undefined ? [analyseTerm(c.text).literal] : []));
    return togetherQuery(this.bareWords, words);
  }

  private bareTerm(n: Extract<QNode, { type: 'term' }>): Dsl {
    if (!this.bareWords) throw inputError(`Free-text term "${n.text}" is not supported here; name a field, as in field:value`);
    const { literal, pattern } = n.quoted ? { literal: n.text, pattern: undefined } : analyseTerm(n.text);
    if (pattern !== undefined) return barePatternQuery(this.bareWords, pattern);
    if (n.quoted) return barePhraseQuery(this.bareWords, literal, n.proximity);
    // `word~` asks for a typo explicitly: the typo tier then applies to short words too.
    if (n.fuzzy) return bareWordQuery({ ...this.bareWords, typos: this.bareWords.typos && { ...this.bareWords.typos, minLength: 1 } }, literal);
    return bareWordQuery(this.bareWords, literal);
  }
}
