/**
 * /ui/entity/<urn>: a page for an entity of any listed type (charts, containers, glossary terms, ML models, …): its name
 * and description, the containers it sits in, owners, terms and domain, tags and structured properties (editable where
 * the type carries them), what a container holds, its lineage where the type has any, every aspect as stored, and its
 * history.
 */
import { can } from '../auth/session';
import { loadEntity, type EntityView } from '../api/entity-queries';
import { EntityContext } from '../components/entity-context';
import { HistoryList } from '../components/history-list';
import { LineageSection } from '../components/lineage-section';
import { ContainerContents } from '../components/container-contents';
import { PropertyEditor } from '../components/property-editor';
import { TagEditor, TagOptions } from '../components/tag-editor';
import { entityTypeOfUrn } from '../model/entity-types';
import { Link } from '../router';
import { entityPath } from '../components/result-list';
import { useAssetPage } from './use-asset-page';

type Loaded = { entity: EntityView; aspects: Record<string, { value: unknown }> };

export function EntityPage({ urn }: { urn: string }) {
  const type = entityTypeOfUrn(urn);
  const { asset: loaded, definitions, allTags, error, loads, reload } = useAssetPage<Loaded>(urn, async () => (type ? loadEntity(urn, type) : null));

  if (!type) return <NotFound urn={urn} />;
  if (error) return <p class="error" role="alert">{error}</p>;
  if (loaded === undefined) return <p>Loading…</p>;
  if (loaded === null) return <NotFound urn={urn} />;

  const { entity, aspects } = loaded;
  const name = entity.properties?.name || entity.name || urn;
  const parents = [...(entity.parentContainers?.containers ?? [])].reverse();
  return (
    <article class="entity-page" data-type={type.id}>
      <TagOptions tags={allTags} />
      <p class="meta" aria-label="Where it sits">
        <Link to={`/search?type=${type.id}`}>{type.label}</Link>
        {parents.map((c) => (
          <span key={c.urn}>
            {' / '}
            <Link to={entityPath(c.urn)}>{c.name}</Link>
          </span>
        ))}
      </p>
      <h1>{name}</h1>
      <p class="urn">{urn}</p>
      {!!entity.subTypes?.typeNames?.length && <p class="hint">{entity.subTypes.typeNames.join(', ')}</p>}
      {entity.properties?.description && <p class="description">{entity.properties.description}</p>}
      {entity.properties?.externalUrl && (
        <p>
          <a href={entity.properties.externalUrl} rel="noopener noreferrer">
            Open in its source
          </a>
        </p>
      )}
      <EntityContext entity={entity} />

      {type.fields.has('tags') && (
        <section aria-labelledby="tags-h">
          <h2 id="tags-h">Tags</h2>
          <TagEditor readOnly={!can('EDIT_ENTITY_TAGS')} tags={(entity.tags?.tags ?? []).map((t) => t.tag)} target={{ resourceUrn: urn }} label={name} allTags={allTags} onChanged={reload} />
        </section>
      )}

      {type.fields.has('structuredProperties') && (
        <section aria-labelledby="props-h">
          <h2 id="props-h">Properties</h2>
          <PropertyEditor
            readOnly={!can('EDIT_ENTITY_PROPERTIES')}
            assetUrn={urn}
            entityType={type.graphql}
            entries={entity.structuredProperties?.properties ?? []}
            definitions={definitions}
            scope={type.id}
            onChanged={reload}
          />
        </section>
      )}

      {type.id === 'container' && <ContainerContents urn={urn} />}

      {type.fields.has('lineage') && <LineageSection key={urn} entity={{ urn, type: entity.type, name }} />}

      <section aria-labelledby="aspects-h">
        <h2 id="aspects-h">Aspects</h2>
        <ul class="aspects">
          {Object.entries(aspects).map(([aspect, { value }]) => (
            <li key={aspect} data-aspect={aspect}>
              <details>
                <summary>{aspect}</summary>
                <pre>{JSON.stringify(value, null, 2)}</pre>
              </details>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="history-h">
        <h2 id="history-h">History</h2>
        <HistoryList urn={urn} version={loads} />
      </section>
    </article>
  );
}

function NotFound({ urn }: { urn: string }) {
  return (
    <section>
      <h1>Not found</h1>
      <p>
        Nothing is stored at <code>{urn}</code>. <Link to="/search">Back to search</Link>
      </p>
    </section>
  );
}
