/** The original's form assignments, refused: Tessera keeps no forms (its structured property rules say what must be filled in). */
import { validationError } from '../../errors.js';

const refuse = () => {
  throw validationError('Forms are not available in Tessera: structured properties with rules (required, allowed values) say what must be filled in, and the compliance report lists what is missing');
};

export const formResolvers = { Mutation: { batchAssignForm: refuse, createDynamicFormAssignment: refuse } };
