/** An entity's owners, business terms and domain (any type that carries them), read-only. */
import type { ContextView } from '../api/dataset-queries';

const OWNER_TYPES: Record<string, string> = { TECHNICAL_OWNER: 'technical owner', BUSINESS_OWNER: 'business owner', DATA_STEWARD: 'data steward', NONE: 'owner' };

/** The kind of ownership: the legacy kind's words, else the ownership type's name, else the id in its URN. */
const ownerKind = (o: { type: string | null; ownershipType: { urn: string; info: { name: string } | null } | null }): string =>
  (o.type && o.type !== 'CUSTOM' && OWNER_TYPES[o.type]) || o.ownershipType?.info?.name.toLowerCase() || o.ownershipType?.urn.replace(/^urn:li:ownershipType:/, '') || o.type?.toLowerCase() || 'owner';

/** Owners, business terms and domain, as the file or an ingestion wrote them (read-only here). */
export function EntityContext({ entity }: { entity: ContextView }) {
  const owners = entity.ownership?.owners ?? [];
  const terms = entity.glossaryTerms?.terms ?? [];
  const domain = entity.domain?.domain;
  if (owners.length === 0 && terms.length === 0 && !domain) return null;
  return (
    <dl class="dataset-context">
      {owners.length > 0 && (
        <div data-context="owners">
          <dt>Owners</dt>
          <dd>
            <ul class="inline-list">
              {owners.map((o) => (
                <li key={o.owner.urn} title={o.owner.urn}>
                  {o.owner.__typename === 'CorpUser' ? o.owner.username : `${o.owner.name} (group)`}
                  <span class="hint"> {ownerKind(o)}</span>
                </li>
              ))}
            </ul>
          </dd>
        </div>
      )}
      {terms.length > 0 && (
        <div data-context="terms">
          <dt>Glossary terms</dt>
          <dd>
            <ul class="inline-list">
              {terms.map((t) => (
                <li key={t.term.urn} title={t.term.urn}>
                  {t.term.name}
                </li>
              ))}
            </ul>
          </dd>
        </div>
      )}
      {domain && (
        <div data-context="domain">
          <dt>Domain</dt>
          <dd title={domain.urn}>{domain.id}</dd>
        </div>
      )}
    </dl>
  );
}
