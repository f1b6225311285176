/** Measures nesting on raw bytes, before any parser recurses into them (JSON bodies, GraphQL documents). */

/** How deep a JSON text nests objects and arrays, read from the raw bytes before any parse (strings are skipped). */
export function jsonDepthOf(bytes: Uint8Array, limit: number): number {
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < bytes.length; i++) {
    const c = bytes[i];
    if (inString) {
      if (c === 0x5c) i++; // backslash: skip the escaped byte
      else if (c === 0x22) inString = false;
      continue;
    }
    if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      depth++;
      if (depth > max) max = depth;
      if (max > limit) return max;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return max;
}
