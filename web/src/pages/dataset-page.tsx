/** /ui/dataset/<urn>: description, tags, structured properties and columns, each editable in place; its profile, lineage and impact. */
import { can } from '../auth/session';
import { loadDataset, updateDescription } from '../api/dataset-queries';
import type { TagRef } from '../api/search-queries';
import { DescriptionEditor } from '../components/description-editor';
import { EntityContext } from '../components/entity-context';
import { HistoryList } from '../components/history-list';
import { LineageSection } from '../components/lineage-section';
import { ProfileSection } from '../components/profile-section';
import { PropertyEditor } from '../components/property-editor';
import { TagEditor, TagOptions } from '../components/tag-editor';
import { Link } from '../router';
import { useAssetPage } from './use-asset-page';

const tagsOf = (t: { tags: { tag: TagRef }[] | null } | null | undefined): TagRef[] => (t?.tags ?? []).map((a) => a.tag);

export function DatasetPage({ urn }: { urn: string }) {
  const { asset: dataset, definitions, allTags, error, loads, reload } = useAssetPage(urn, () => loadDataset(urn));

  if (error) return <p class="error" role="alert">{error}</p>;
  if (dataset === undefined) return <p>Loading…</p>;
  if (dataset === null)
    return (
      <section>
        <h1>Dataset not found</h1>
        <p>
          No dataset <code>{urn}</code>. <Link to="/search">Back to search</Link>
        </p>
      </section>
    );

  const name = dataset.properties?.name || dataset.name;
  const editable = new Map((dataset.editableSchemaMetadata?.editableSchemaFieldInfo ?? []).map((f) => [f.fieldPath, tagsOf(f.tags)]));
  const fields = dataset.schemaMetadata?.fields ?? [];
  return (
    <article class="dataset-page">
      <TagOptions tags={allTags} />
      <p class="meta">
        <Link to="/search">Search</Link> / {dataset.platform.name}
      </p>
      <h1>{name}</h1>
      <p class="urn">{dataset.urn}</p>
      <DescriptionEditor
        readOnly={!can('EDIT_ENTITY_DOCS')}
        ingested={dataset.properties?.description ?? null}
        edited={dataset.editableProperties?.description ?? null}
        onSave={async (text) => {
          await updateDescription(dataset.urn, text);
          reload();
        }}
      />
      <EntityContext entity={dataset} />

      <section aria-labelledby="tags-h">
        <h2 id="tags-h">Tags</h2>
        <TagEditor
          readOnly={!can('EDIT_ENTITY_TAGS')}
          tags={tagsOf(dataset.tags)}
          setBy={new Map((dataset.tags?.tags ?? []).flatMap((a) => (a.attribution ? [[a.tag.urn, a.attribution] as const] : [])))}
          target={{ resourceUrn: dataset.urn }}
          label={`dataset ${name}`}
          allTags={allTags}
          onChanged={reload}
        />
      </section>

      <section aria-labelledby="props-h">
        <h2 id="props-h">Properties</h2>
        <PropertyEditor
          readOnly={!can('EDIT_ENTITY_PROPERTIES')}
          assetUrn={dataset.urn}
          entityType="DATASET"
          entries={dataset.structuredProperties?.properties ?? []}
          definitions={definitions}
          scope="dataset"
          onChanged={reload}
        />
      </section>

      <section aria-labelledby="columns-h">
        <h2 id="columns-h">Columns ({fields.length})</h2>
        {fields.length === 0 && <p>No schema.</p>}
        <ul class="columns">
          {fields.map((f) => (
            <li class="column" key={f.fieldPath} data-column={f.fieldPath}>
              <h3>
                <code>{f.fieldPath}</code> <span class="hint">{f.nativeDataType}</span>
              </h3>
              {f.description && <p class="description">{f.description}</p>}
              <TagEditor
                readOnly={!can('EDIT_DATASET_COL_TAGS')}
                tags={editable.get(f.fieldPath) ?? []}
                fixed={tagsOf(f.tags)}
                target={{ resourceUrn: dataset.urn, subResource: f.fieldPath }}
                label={`column ${f.fieldPath}`}
                allTags={allTags}
                onChanged={reload}
              />
              {f.schemaFieldEntity && (
                <PropertyEditor
                  readOnly={!can('EDIT_ENTITY_PROPERTIES')}
                  assetUrn={f.schemaFieldEntity.urn}
                  entityType="SCHEMA_FIELD"
                  entries={f.schemaFieldEntity.structuredProperties?.properties ?? []}
                  definitions={definitions}
                  scope={`column-${f.fieldPath}`}
                  onChanged={reload}
                />
              )}
            </li>
          ))}
        </ul>
      </section>

      <ProfileSection urn={dataset.urn} />

      <LineageSection key={dataset.urn} entity={{ urn: dataset.urn, type: 'DATASET', name }} />

      <section aria-labelledby="history-h">
        <h2 id="history-h">History</h2>
        <HistoryList urn={dataset.urn} version={loads} />
      </section>
    </article>
  );
}
