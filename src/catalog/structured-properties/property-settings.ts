/** Display settings of a structured property (`structuredPropertySettings`): merged from input, with the original's consistency rules. */
import { validationError } from '../../errors.js';
import type { StructuredPropertySettings } from '../../model/aspects/structured-property-settings.js';

export type SettingsInput = Partial<Record<Exclude<keyof StructuredPropertySettings, 'lastModified'>, boolean | null>>;

const DISPLAY_FLAGS = ['showInSearchFilters', 'showInAssetSummary', 'hideInAssetSummaryWhenEmpty', 'showAsAssetBadge', 'showInColumnsTable'] as const;

export function mergeSettings(prev: StructuredPropertySettings | undefined, input: SettingsInput, stamp: { time: number; actor: string }): StructuredPropertySettings {
  const next: StructuredPropertySettings = { ...(prev ?? {}) };
  for (const [k, v] of Object.entries(input)) if (v !== undefined && v !== null) (next as Record<string, unknown>)[k] = v;
  // Hiding an empty value only makes sense where the value is shown at all.
  if (next.showInAssetSummary === false && next.hideInAssetSummaryWhenEmpty) next.hideInAssetSummaryWhenEmpty = false;
  if (next.isHidden && DISPLAY_FLAGS.some((f) => next[f])) {
    throw validationError('Cannot have property isHidden = true while other display location settings are also true.');
  }
  next.lastModified = stamp;
  return next;
}
