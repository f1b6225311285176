/** Field paths of schema columns: the original's v2 paths carry `[version=…]` / `[type=…]` segments people leave out. */

/** `[version=2.0].[type=struct].address.[type=string].zip` → `address.zip`; v1 paths are returned unchanged. */
export function simplifyFieldPath(fieldPath: string): string {
  return fieldPath
    .split(/\.(?![^[]*\])/)
    .filter((segment) => !(segment.startsWith('[') && segment.endsWith(']')))
    .join('.');
}
