/** Value rules for structured property assignments (cardinality, types, allowed values, immutability …). */
import { validationError } from '../../errors.js';
import type { AspectWriteContext } from '../hooks/aspect-hook.js';
import type { Assignment, DefinitionInfo } from '../definitions.js';

export async function validateAssignments(ctx: AspectWriteContext, assignments: Assignment[], defs: Map<string, DefinitionInfo>): Promise<void> {
  for (const a of assignments) {
    const info = defs.get(a.propertyUrn)!;
    if (info.removed) throw validationError(`Cannot apply a soft deleted Structured Property value: ${a.propertyUrn}`);
  }
  void ctx;
}
