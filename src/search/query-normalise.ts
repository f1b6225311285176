/** Rewrites a user query string into text that lucene-query-parser reads faithfully, with a map back to the user's characters. */
import { inputError } from './search-input-error.js';

// lucene-query-parser silently drops a leading `NOT`, `AND NOT` and `OR NOT`, and rejects `-field:x` and `-(…)`.
// Every negation is therefore rewritten to `(<all> NOT <clause>)`, a form it keeps, with this private-use term as <all>.
export const MATCH_ALL_TERM = '\uE000';
// Range bounds cannot start with '-' in its grammar; this stands in for the minus sign and is turned back later.
export const RANGE_MINUS = '\uE001';

type Kind = 'ws' | 'open' | 'close' | 'op' | 'not' | 'plus' | 'field' | 'value';
interface Tok { kind: Kind; start: number; text: string; src: number[] }

export interface Normalised {
  text: string;
  /** For each character of `text`, the 0-based index of the user character it came from. */
  src: number[];
  /** First 1-based position of each field the user named (for `_exists_:x`, of x). */
  fields: Map<string, number>;
}

const BREAK = /[\s()"[\]{}]/;
const tok = (kind: Kind, q: string, start: number, end: number): Tok => ({ kind, start, text: q.slice(start, end), src: range(start, end) });
const range = (a: number, b: number) => Array.from({ length: b - a }, (_, i) => a + i);

/** Drops fuzzy distances 0 and 1 (0 means exact, 1 is what a bare `~` becomes) and refuses larger ones, which the parser misreads as a new term. */
function valueWord(q: string, start: number, end: number): Tok {
  const t: Tok = { kind: 'value', start, text: '', src: [] };
  const word = q.slice(start, end);
  if (/^[*?]/.test(word) && word !== '*') throw inputError(`Leading wildcards are not supported ("${word}")`, start + 1);
  for (let i = start; i < end; i++) {
    if (q[i] === '\\' && i + 1 < end) {
      t.text += q.slice(i, i + 2);
      t.src.push(i, i + 1);
      i++;
      continue;
    }
    if (q[i] === '~') {
      const digits = /^\d+(\.\d+)?/.exec(q.slice(i + 1, end))?.[0] ?? '';
      if (digits !== '' && !/^0\.\d+$/.test(digits)) {
        if (digits !== '0' && digits !== '1') throw inputError(`Fuzzy edit distance above 1 is not supported ("~${digits}")`, i + 1);
        if (digits === '1') {
          t.text += '~';
          t.src.push(i);
        }
        i += digits.length;
        continue;
      }
    }
    t.text += q[i];
    t.src.push(i);
  }
  return t;
}

function lex(q: string): Tok[] {
  const toks: Tok[] = [];
  let i = 0;
  while (i < q.length) {
    const c = q[i];
    let j = i + 1;
    if (/\s/.test(c)) {
      while (j < q.length && /\s/.test(q[j])) j++;
      toks.push(tok('ws', q, i, j));
    } else if (c === '(' || c === ')') {
      toks.push(tok(c === '(' ? 'open' : 'close', q, i, j));
    } else if (c === '/') {
      throw inputError('Regular expressions are not supported', i + 1);
    } else if (c === '"' || c === '[' || c === '{') {
      const close = c === '"' ? q.indexOf('"', j) : q.slice(j).search(/[\]}]/) + j;
      j = close < j ? q.length : close + 1;
      while (j < q.length && !BREAK.test(q[j])) j++; // ~proximity / ^boost
      const t = tok('value', q, i, j);
      if (c !== '"') t.text = t.text.replace(/([[{\s])-/g, `$1${RANGE_MINUS}`);
      toks.push(t);
    } else if (q.startsWith('&&', i) || q.startsWith('||', i)) {
      toks.push(tok('op', q, i, (j = i + 2)));
    } else if ((c === '-' || c === '!' || c === '+') && j < q.length && (c === '!' || !/[\s)]/.test(q[j]))) {
      toks.push(tok(c === '+' ? 'plus' : 'not', q, i, j));
    } else {
      j = i;
      while (j < q.length && !BREAK.test(q[j]) && q[j] !== ':') j += q[j] === '\\' ? 2 : 1;
      j = Math.min(j, q.length);
      const word = q.slice(i, j);
      if (q[j] === ':' && word !== '') toks.push(tok('field', q, i, ++j));
      else if (/^(AND|OR)$/.test(word)) toks.push(tok('op', q, i, j));
      else if (word === 'NOT') toks.push(tok('not', q, i, j));
      else toks.push(valueWord(q, i, (j = Math.max(j, i + 1))));
    }
    i = j;
  }
  return toks;
}

class Emitter {
  text = '';
  src: number[] = [];
  fields = new Map<string, number>();
  constructor(private readonly toks: Tok[]) {}

  private put(t: Tok) {
    this.text += t.text;
    this.src.push(...t.src);
  }
  private synth(s: string, at: number) {
    this.text += s;
    this.src.push(...s.split('').map(() => at));
  }
  private skipWs(i: number): number {
    while (this.toks[i]?.kind === 'ws') i++;
    return i;
  }
  private needsClause(i: number, what: string, at: number): void {
    const k = this.toks[i]?.kind;
    if (k === undefined || k === 'close' || k === 'op') throw inputError(`${what} needs a clause after it`, at + 1);
  }

  /** Emits a run of clauses and operators up to a closing parenthesis or the end; returns the index it stopped at. */
  seq(i: number, inGroup: boolean): number {
    let last: Tok | undefined;
    for (; i < this.toks.length; i++) {
      const t = this.toks[i];
      if (t.kind === 'ws') this.put(t);
      else if (t.kind === 'close') {
        if (!inGroup) throw inputError("Unmatched ')'", t.start + 1);
        break;
      } else if (t.kind === 'op') {
        if (!last || last.kind === 'op') throw inputError(`${t.text} needs a clause before it`, t.start + 1);
        this.put(t);
        this.synth(' ', t.start); // the parser needs whitespace after an operator, even before '('
        last = t;
      } else {
        last = t;
        i = this.clause(i) - 1;
      }
    }
    if (last?.kind === 'op') throw inputError(`${last.text} needs a clause after it`, last.start + 1);
    return i;
  }

  /** Emits one clause starting at token i; returns the index after it. */
  clause(i: number): number {
    const t = this.toks[i];
    if (t.kind === 'not' || t.kind === 'plus') {
      const j = this.skipWs(i + 1);
      this.needsClause(j, t.text, t.start);
      if (t.kind === 'plus') return this.clause(j); // implicit AND already makes every clause required
      this.synth(`(${MATCH_ALL_TERM} NOT `, t.start);
      const end = this.clause(j);
      this.synth(')', t.start);
      return end;
    }
    if (t.kind === 'open') {
      this.put(t);
      const j = this.seq(i + 1, true);
      if (this.toks[j]?.kind !== 'close') throw inputError("Unclosed '('", t.start + 1);
      this.put(this.toks[j]);
      return j + 1;
    }
    if (t.kind === 'field') return this.fieldClause(i, t);
    this.put(t);
    return i + 1;
  }

  private fieldClause(i: number, f: Tok): number {
    const name = f.text.slice(0, -1);
    const j = this.skipWs(i + 1);
    const v = this.toks[j];
    if (!v || v.kind === 'close' || v.kind === 'op') throw inputError(`Field ${name} has no value`, f.start + 1);
    if (v.kind === 'field') throw inputError(`Field ${name} has no value (write ':' inside a value as '\\:' or quote the value)`, f.start + 1);
    if (v.kind === 'not' || v.kind === 'plus') {
      // `a:-b` means NOT a:b; the negation moves in front of the field.
      this.needsClause(j + 1, v.text, v.start);
      if (v.kind === 'not') this.synth(`(${MATCH_ALL_TERM} NOT `, v.start);
      const end = this.fieldClause(j, f);
      if (v.kind === 'not') this.synth(')', v.start);
      return end;
    }
    if (name === '_exists_' && v.kind === 'value') this.note(v.text, v.start);
    else this.note(name, f.start);
    this.put(f);
    return this.clause(j);
  }

  private note(field: string, start: number) {
    if (!this.fields.has(field)) this.fields.set(field, start + 1);
  }
}

export function normaliseQuery(q: string): Normalised {
  const e = new Emitter(lex(q));
  e.seq(0, false);
  return { text: e.text, src: e.src, fields: e.fields };
}
