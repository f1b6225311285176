/** A tag shown as a chip in its colour, optionally with a keyboard-reachable remove button. */
import type { TagRef } from '../api/search-queries';
import { tagLabel } from '../api/tags';


export function TagChip({ tag, onRemove, context, setBy }: { tag: TagRef; onRemove?: () => void; context?: string; setBy?: string }) {
  const color = tag.properties?.colorHex;
  return (
    <span class="chip tag" data-tag={tag.urn} title={setBy} style={color ? { borderColor: color, boxShadow: `inset 4px 0 0 ${color}` } : undefined}>
      {tagLabel(tag)}
      {onRemove && (
        <button type="button" class="chip-remove" aria-label={`Remove tag ${tagLabel(tag)}${context ? ` from ${context}` : ''}`} onClick={onRemove}>
          ×
        </button>
      )}
    </span>
  );
}
