/**
 * A colour for a platform that stays the same on every page and every load: the lineage graph tells platforms apart by
 * it, and names the platform too, so colour is never the only sign.
 */
import { platformName } from '../model/rules-summary';

/** Hues this far apart read as different colours; the hash picks one of them. */
const HUE_STEP = 20;

export interface PlatformColour {
  fill: string;
  stroke: string;
}

export function platformColour(platformUrn: string | undefined): PlatformColour {
  if (!platformUrn) return { fill: '#eef0f3', stroke: '#7b8594' };
  // FNV-1a over the name, then a final mix so short names spread over the few hues too: cheap, the same everywhere.
  let h = 0x811c9dc5;
  for (const ch of platformName(platformUrn)) h = Math.imul(h ^ ch.codePointAt(0)!, 0x01000193);
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  h ^= h >>> 16;
  const hue = ((h >>> 0) % (360 / HUE_STEP)) * HUE_STEP;
  return { fill: `hsl(${hue} 70% 89%)`, stroke: `hsl(${hue} 50% 35%)` };
}
