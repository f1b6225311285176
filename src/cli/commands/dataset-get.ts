/** `tessera dataset get --urn`: the dataset in the dataset-file shape, with column-level structured properties. */
import { schemaFieldUrn } from '../../model/urn.js';
import type { StructuredProperties } from '../../model/aspects/structured-properties.js';
import type { CliContext } from '../cli-context.js';
import { CliError } from '../cli-error.js';
import { DATASET_VIEW_ASPECTS, presentDataset, type DatasetAspects } from '../dataset-view.js';

export async function runDatasetGet(ctx: CliContext, opts: { urn: string }): Promise<void> {
  const urn = opts.urn.startsWith('urn:li:') ? opts.urn : `urn:li:dataset:${opts.urn}`;
  if (!urn.startsWith('urn:li:dataset:')) throw new CliError(`--urn must be a dataset urn, got ${opts.urn}`);
  const client = ctx.client();
  const entity = await client.getEntity(urn, [...DATASET_VIEW_ASPECTS, 'status']);
  if (!entity) throw new CliError(`Dataset ${urn} does not exist`);
  const deleted = (entity.aspects.status as { removed?: boolean } | undefined)?.removed === true;
  const aspects = entity.aspects as DatasetAspects;
  const paths = aspects.schemaMetadata?.fields.map((f) => f.fieldPath) ?? [];
  const fieldProps = new Map(
    await Promise.all(paths.map(async (p) => [p, await client.getAspect<StructuredProperties>(schemaFieldUrn(urn, p), 'structuredProperties')] as const)),
  );
  ctx.printJson({ ...presentDataset(urn, aspects, fieldProps), ...(deleted && { deleted: true }) });
  if (deleted && !ctx.json()) ctx.io.err(`Note: ${urn} is soft-deleted; restore it with \`tessera restore --urn ${urn}\``);
}
