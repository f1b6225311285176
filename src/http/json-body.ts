/** A JSON request body checked against its zod schema: a 400 saying what to send and the first problems. */
import type { z } from 'zod';
import { validationError } from '../errors.js';

const LISTED = 5;

export function bodyOf<T>(schema: z.ZodType<T>, body: unknown, shape: string): T {
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw validationError(`Send ${shape}: ` + parsed.error.issues.slice(0, LISTED).map((i) => `${i.path.join('.') || 'body'}: ${i.message}`).join('; '));
  return parsed.data;
}
