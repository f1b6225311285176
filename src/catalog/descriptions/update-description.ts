/**
 * Sets the edited description of a dataset (editableDatasetProperties) or of one of its columns
 * (editableSchemaMetadata), as the original's `updateDescription` does; what ingestion wrote is kept beside it.
 */
import { validationError } from '../../errors.js';
import type { EditableDatasetProperties } from '../../model/aspects/editable-dataset-properties.js';
import type { EditableSchemaMetadata } from '../../model/aspects/editable-schema-metadata.js';
import type { CatalogDeps } from '../catalog-deps.js';
import { resolveTarget } from '../entity-target.js';
import { KEEP_ASPECT, writeAspects, type AspectChange } from '../write-aspects.js';
import { matchFieldPath, resolveFieldPath } from '../tags/resolve-field-path.js';
import { checkTagResources, type TagResource, type TagResourceRef } from '../tags/tag-resources.js';

export interface DescriptionUpdate extends TagResourceRef {
  description: string;
  actor: string;
  waitForSearch?: boolean;
}

const MAX_DESCRIPTION = 100_000;

function datasetChange(description: string, stamp: { time: number; actor: string }): AspectChange {
  return {
    aspect: 'editableDatasetProperties',
    compute: (previous) => {
      const p: EditableDatasetProperties = (previous as EditableDatasetProperties | undefined) ?? { created: stamp };
      const { description: old, ...rest } = p;
      if ((old ?? '') === description) return KEEP_ASPECT;
      return { ...rest, lastModified: stamp, ...(description ? { description } : {}) };
    },
  };
}

function columnChanges(resource: TagResource, description: string, stamp: { time: number; actor: string }): AspectChange[] {
  let schema: unknown;
  return [
    { aspect: 'schemaMetadata', compute: (previous) => ((schema = previous), KEEP_ASPECT) },
    {
      aspect: 'editableSchemaMetadata',
      compute: (previous) => {
        const datasetUrn = resource.target.urn.raw;
        // The schema is read inside the same write: a column dropped meanwhile is refused, not described.
        const fieldPath = resolveFieldPath(datasetUrn, schema, resource.column!.requested);
        const fields = (schema as { fields: { fieldPath: string }[] }).fields;
        const p = (previous as EditableSchemaMetadata | undefined) ?? { created: stamp, editableSchemaFieldInfo: [] };
        const infos = p.editableSchemaFieldInfo;
        const index = infos.findIndex((i) => i.fieldPath === fieldPath || matchFieldPath(fields, i.fieldPath).path === fieldPath);
        const { description: old, ...entry } = infos[index] ?? { fieldPath };
        if ((old ?? '') === description) return KEEP_ASPECT;
        const next = { ...entry, fieldPath, ...(description ? { description } : {}) };
        return { ...p, lastModified: stamp, editableSchemaFieldInfo: index < 0 ? [...infos, next] : infos.map((info, i) => (i === index ? next : info)) };
      },
    },
  ];
}

export async function updateDescription(services: CatalogDeps, input: DescriptionUpdate): Promise<void> {
  if (input.description.length > MAX_DESCRIPTION) throw validationError(`description is ${input.description.length} characters; at most ${MAX_DESCRIPTION}`);
  const type = resolveTarget(undefined, input.resourceUrn).def.name;
  if (type !== 'dataset') throw validationError(`Descriptions are edited on datasets and their columns; ${input.resourceUrn} is a ${type}`);
  const [resource] = checkTagResources([input]);
  const stamp = { time: Date.now(), actor: input.actor };
  const changes = resource.column ? columnChanges(resource, input.description, stamp) : [datasetChange(input.description, stamp)];
  await writeAspects(services, { target: resource.target, changes, actor: input.actor, waitForSearch: input.waitForSearch, mustExist: true });
}
