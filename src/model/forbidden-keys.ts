/**
 * Keys no stored value may hold: `__proto__` anywhere, and `prototype` inside `constructor`. JavaScript readers treat
 * them as a way into object prototypes (the OpenSearch client refuses whole documents holding them), so they are
 * refused on every write path. Walked without recursion, so a deep value cannot exhaust the stack.
 */

/** The path (`a.b[2].__proto__`) of the first forbidden key in a JSON value, or undefined. */
export function findForbiddenKey(value: unknown, root = ''): string | undefined {
  const stack: [unknown, string][] = [[value, root]];
  while (stack.length > 0) {
    const [v, path] = stack.pop()!;
    if (v === null || typeof v !== 'object') continue;
    if (Array.isArray(v)) {
      v.forEach((item, i) => stack.push([item, `${path}[${i}]`]));
      continue;
    }
    for (const key of Object.keys(v)) {
      const child = (v as Record<string, unknown>)[key];
      const childPath = path ? `${path}.${key}` : key;
      if (key === '__proto__') return childPath;
      if (key === 'constructor' && child !== null && typeof child === 'object' && Object.hasOwn(child, 'prototype')) return `${childPath}.prototype`;
      stack.push([child, childPath]);
    }
  }
  return undefined;
}

/**
 * Whether JSON text could parse to a value holding a forbidden key: only if it spells `__proto__` or `constructor`, or
 * holds a backslash-u escape that could spell either. False means `findForbiddenKey` of its parse finds nothing.
 */
export function mayHoldForbiddenKey(json: string): boolean {
  return json.includes('__proto__') || json.includes('constructor') || json.includes('\\u');
}
