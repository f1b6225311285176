/** Turns the GraphQL-style `{stringValue | numberValue}` value inputs into stored `{string}` / `{double}` values. */
import { validationError } from '../../errors.js';
import type { PrimitivePropertyValue } from '../../model/aspects/common.js';

export interface PropertyValueInput {
  stringValue?: string | null;
  numberValue?: number | null;
}

/** Exactly one of the two members must be given; `where` names the input in the message. */
export function toPrimitive(input: PropertyValueInput, where: string): PrimitivePropertyValue {
  const hasString = input.stringValue !== undefined && input.stringValue !== null;
  const hasNumber = input.numberValue !== undefined && input.numberValue !== null;
  if (hasString === hasNumber) throw validationError(`${where} must have exactly one of stringValue or numberValue`);
  return hasString ? { string: input.stringValue! } : { double: input.numberValue! };
}
