/** The one change that writes a property's value rules (`structuredPropertyConstraints`), stamped; null clears them. */
import type { PropertyConstraintsValue } from '../definitions.js';
import { DELETE_ASPECT, type AspectChange } from '../write-input.js';

export function constraintsChange(constraints: PropertyConstraintsValue | null, stamp: { time: number; actor: string }): AspectChange {
  // After the definition in the same write, so the rules are checked against the definition as this write leaves it.
  return { aspect: 'structuredPropertyConstraints', compute: () => (constraints === null ? DELETE_ASPECT : { ...constraints, lastModified: stamp }) };
}
