/**
 * The pattern dialect of a property's `pattern` rule: the part of regular expressions on which RE2 (linear-time
 * matching, used for every write) and the engine's automaton regexp (used by compliance searches) agree, so a value a
 * write accepts is never reported invalid by a search, and no pattern can make matching blow up.
 *
 * Allowed: literal characters; `.`; `\d \D \w \W \s \S`; a backslash before any punctuation; classes `[a-z0-9_]` and
 * `[^…]` (ranges, escaped punctuation); groups `( … )` and `(?: … )`; `|`; `* + ?`; `{n}` `{n,}` `{n,m}` (n, m ≤ 1000).
 * A pattern always matches the whole value; a leading `^` and trailing `$` are accepted and mean the same.
 * Refused: anchors elsewhere, back-references, look-arounds, lazy or possessive quantifiers, named groups, flags.
 */
import { RE2JS } from 're2js';

export interface CompiledPattern {
  source: string;
  matches(value: string): boolean;
  /** The same pattern in the engine's regexp syntax (every literal escaped, so its optional operators never apply). */
  engine: string;
}

const SHORTHANDS = new Set(['d', 'D', 'w', 'W', 's', 'S']);
const MAX_REPEAT = 1000;
const isWordChar = (c: string) => /[\p{L}\p{N}_]/u.test(c);
/** A literal in both dialects: word characters as they are, everything else escaped. */
const literal = (c: string) => (isWordChar(c) ? c : c === ' ' ? ' ' : /[\x21-\x7e]/.test(c) ? `\\${c}` : c);

class PatternError extends Error {}

/** Translates the dialect to one source accepted by both engines; throws PatternError naming the position. */
function translate(pattern: string): string {
  let src = pattern;
  if (src.startsWith('^')) src = src.slice(1);
  if (src.endsWith('$') && !src.endsWith('\\$')) src = src.slice(0, -1);
  const chars = [...src];
  let i = 0;
  let depth = 0;
  let out = '';
  let canRepeat = false;
  const fail = (why: string, at = i): never => {
    throw new PatternError(`${why} at character ${at + 1}`);
  };
  const escapeAt = (inClass: boolean): string => {
    const at = i;
    const c = chars[++i];
    if (c === undefined) fail('a pattern cannot end with a backslash', at);
    if (SHORTHANDS.has(c)) {
      if (inClass) fail(`\\${c} is not allowed inside [ ]; write a range such as 0-9`, at);
      return `\\${c}`;
    }
    if (isWordChar(c)) fail(`\\${c} is not supported (escapes: \\d \\w \\s and their capitals, or a backslash before punctuation)`, at);
    return literal(c);
  };
  while (i < chars.length) {
    const c = chars[i];
    if (c === '\\') {
      out += escapeAt(false);
      canRepeat = true;
    } else if (c === '[') {
      let cls = '[';
      i++;
      if (chars[i] === '^') {
        cls += '^';
        i++;
      }
      let members = 0;
      while (i < chars.length && chars[i] !== ']') {
        const m = chars[i];
        if (m === '\\') cls += escapeAt(true);
        else if (m === '-' && members > 0 && chars[i + 1] !== ']') cls += '-';
        else if (m === '[') fail('[ inside a class must be escaped');
        else cls += literal(m);
        members++;
        i++;
      }
      if (chars[i] !== ']') fail('unclosed [');
      if (members === 0) fail('an empty class [] matches nothing');
      out += cls + ']';
      canRepeat = true;
    } else if (c === '(') {
      if (chars[i + 1] === '?') {
        if (chars[i + 2] !== ':') fail('only (?: …) groups are supported (no look-arounds, flags or named groups)');
        i += 2;
      }
      depth++;
      out += '(';
      canRepeat = false;
    } else if (c === ')') {
      if (depth === 0) fail('unmatched )');
      depth--;
      out += ')';
      canRepeat = true;
    } else if (c === '|') {
      out += '|';
      canRepeat = false;
    } else if (c === '*' || c === '+' || c === '?') {
      if (!canRepeat) fail(`${c} has nothing to repeat`);
      if (chars[i + 1] === '?' || chars[i + 1] === '+') fail('lazy and possessive quantifiers are not supported');
      out += c;
      canRepeat = false;
    } else if (c === '{') {
      const m = /^\{(\d{1,4})(,(\d{0,4}))?\}/.exec(chars.slice(i).join(''));
      if (!m) fail('{ must start a repetition {n}, {n,} or {n,m} (escape it as \\{ for the character)');
      if (!canRepeat) fail('{…} has nothing to repeat');
      const lo = Number(m![1]);
      const hi = m![3] ? Number(m![3]) : undefined;
      if (lo > MAX_REPEAT || (hi ?? 0) > MAX_REPEAT) fail(`repetitions are limited to ${MAX_REPEAT}`);
      if (hi !== undefined && hi < lo) fail(`{${lo},${hi}}: the upper bound is below the lower one`);
      out += m![0];
      i += m![0].length - 1;
      if (chars[i + 1] === '?' || chars[i + 1] === '+') fail('lazy and possessive quantifiers are not supported');
      canRepeat = false;
    } else if (c === '.') {
      out += '.';
      canRepeat = true;
    } else if (c === '^' || c === '$') {
      fail(`${c} is only allowed at the very start (^) or end ($): a pattern always matches the whole value`);
    } else {
      out += literal(c);
      canRepeat = true;
    }
    i++;
  }
  if (depth > 0) fail('unclosed (');
  return out;
}

/** Compiles a pattern of the dialect, or answers why it is refused. */
export function compilePattern(pattern: string): CompiledPattern | { error: string } {
  let source: string;
  try {
    source = translate(pattern);
  } catch (e) {
    if (e instanceof PatternError) return { error: `pattern '${pattern}': ${e.message}` };
    throw e;
  }
  let re: RE2JS;
  try {
    re = RE2JS.compile(source, RE2JS.DOTALL);
  } catch (e) {
    return { error: `pattern '${pattern}': ${(e as Error).message}` };
  }
  return { source: pattern, matches: (value) => re.matches(value), engine: source };
}

const compiled = new Map<string, CompiledPattern | { error: string }>();

/** The compiled pattern, remembered (patterns come from a few definitions and are matched on every write). */
export function patternOf(pattern: string): CompiledPattern | { error: string } {
  let p = compiled.get(pattern);
  if (!p) {
    if (compiled.size > 1000) compiled.clear();
    p = compilePattern(pattern);
    compiled.set(pattern, p);
  }
  return p;
}

/** Length in characters (code points), as the engine's regexp counts them. */
export const charLength = (s: string) => [...s].length;
