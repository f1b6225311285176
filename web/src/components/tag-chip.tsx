/** A tag shown as a chip in its colour, optionally with a keyboard-reachable remove button. */
import type { TagRef } from '../api/search-queries';

export const tagName = (t: TagRef): string => t.properties?.name || t.urn.replace(/^urn:li:tag:/, '');

export function TagChip({ tag, onRemove, context, setBy }: { tag: TagRef; onRemove?: () => void; context?: string; setBy?: string }) {
  const color = tag.properties?.colorHex;
  return (
    <span class="chip tag" data-tag={tag.urn} title={setBy} style={color ? { borderColor: color, boxShadow: `inset 4px 0 0 ${color}` } : undefined}>
      {tagName(tag)}
      {onRemove && (
        <button type="button" class="chip-remove" aria-label={`Remove tag ${tagName(tag)}${context ? ` from ${context}` : ''}`} onClick={onRemove}>
          ×
        </button>
      )}
    </span>
  );
}
