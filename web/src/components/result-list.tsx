/** One page of search results: name (linked to its dataset page or entity page), platform, description, tags, property chips and why it matched. */
import type { Hit, ResultEntity } from '../api/search-queries';
import { Link } from '../router';
import { MatchReasons } from './match-reasons';
import { PropertyChips } from './property-chips';
import { TagChip } from './tag-chip';

export const datasetPath = (urn: string): string => `/dataset/${encodeURIComponent(urn)}`;
/** The page of an entity of any other listed type. */
export const entityPath = (urn: string): string => `/entity/${encodeURIComponent(urn)}`;

function title(e: ResultEntity): string {
  return e.properties?.name || e.name || e.fieldPath || e.flowId || e.jobId || e.urn;
}

/** The tag names a result shows, by URN, so a matched tag is named as its chip is. */
const tagNames = (e: ResultEntity): Map<string, string> =>
  new Map((e.tags?.tags ?? []).flatMap((t) => (t.tag.properties?.name ? [[t.tag.urn, t.tag.properties.name] as const] : [])));

/** `explain`: show under each result why it matched. */
export function ResultList({ hits, explain }: { hits: Hit[]; explain: boolean }) {
  return (
    <ol class="results" aria-label="Results">
      {hits.map(({ entity: e, matchedFields }) => {
        const datasetUrn = e.type === 'DATASET' ? e.urn : e.type === 'SCHEMA_FIELD' ? e.parent?.urn : undefined;
        return (
          <li key={e.urn} class="result" data-urn={e.urn}>
            <h3>{datasetUrn ? <Link to={datasetPath(datasetUrn)}>{title(e)}</Link> : <Link to={entityPath(e.urn)}>{title(e)}</Link>}</h3>
            <p class="meta">
              {e.platform?.name && <span class="platform">{e.platform.name}</span>} <span class="urn">{e.urn}</span>
            </p>
            {e.properties?.description && <p class="description">{e.properties.description}</p>}
            {!!e.tags?.tags?.length && (
              <div class="chips" aria-label="Tags">
                {e.tags.tags.map((t) => (
                  <TagChip key={t.tag.urn} tag={t.tag} />
                ))}
              </div>
            )}
            <PropertyChips entries={e.structuredProperties?.properties} />
            {explain && <MatchReasons fields={matchedFields} known={tagNames(e)} />}
          </li>
        );
      })}
    </ol>
  );
}
