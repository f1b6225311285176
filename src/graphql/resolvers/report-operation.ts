/** Mutation.reportOperation, and how the original's key/value list inputs become the maps the aspects store. */
import { validationError } from '../../errors.js';
import { reportOperation, type ReportOperationInput } from '../../catalog/timeseries/report-operation.js';
import type { GraphqlContext } from '../context.js';

export interface StringMapEntryInput {
  key: string;
  value?: string | null;
}

/** A key/value list as a map (absent stays absent); every entry needs a value, since the stored maps hold strings. */
export function stringMapOf(entries: readonly StringMapEntryInput[] | null | undefined, what: string): Record<string, string> | undefined {
  if (!entries) return undefined;
  const out: Record<string, string> = {};
  for (const { key, value } of entries) {
    if (value == null) throw validationError(`${what}: the entry ${JSON.stringify(key)} has no value`);
    out[key] = value;
  }
  return out;
}

type Input = Omit<ReportOperationInput, 'customProperties' | 'actor' | 'waitForSearch'> & { customProperties?: StringMapEntryInput[] | null };

export const reportOperationResolvers = {
  Mutation: {
    reportOperation: async (_: unknown, { input }: { input: Input }, ctx: GraphqlContext) => {
      const customProperties = stringMapOf(input.customProperties, 'customProperties');
      await reportOperation(ctx.services, { ...input, customProperties, actor: ctx.actor, waitForSearch: ctx.waitForSearch });
      // The original answers its resolver's boolean as this String field.
      return 'true';
    },
  },
};
