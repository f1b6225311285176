/** REST v3 wire shapes: `{value}` bodies, `{urn, <aspect>: {value}}` entities, `{scrollId, entities}` lists. */
import { validationError } from '../../errors.js';
import { formatZodIssues } from '../../catalog/write-aspects.js';
import { AspectEnvelopeSchema, writerSystemMetadata } from '../../model/proposal.js';
import { aspectEnvelope, type Dialect } from '../dialect.js';
import type { EntityView } from '../../catalog/read-entity.js';

const entityShape = (e: EntityView, sm: boolean) => ({
  urn: e.urn,
  ...Object.fromEntries(Object.entries(e.aspects).map(([k, v]) => [k, aspectEnvelope(v, sm)])),
});

function aspectsOfItem(item: Record<string, any>, i: number) {
  return Object.entries(item)
    .filter(([k]) => k !== 'urn')
    .map(([aspect, env]) => {
      if (!env || typeof env !== 'object' || !('value' in env)) throw validationError(`Item ${i}: aspect ${aspect} must be {value: …}`);
      const parsed = AspectEnvelopeSchema.safeParse(env);
      if (!parsed.success) throw validationError(`Item ${i}: ${formatZodIssues(aspect, parsed.error)}`);
      const systemMetadata = writerSystemMetadata(parsed.data.systemMetadata ?? undefined);
      const precondition = parsed.data.headers;
      return { aspect, value: env.value, ...(systemMetadata && { systemMetadata }), ...(precondition && { precondition }) };
    });
}

export const v3Dialect: Dialect = {
  name: 'v3',
  createIfNotExistsDefault: true,
  readAspectBody(body) {
    if (!body || typeof body !== 'object' || Array.isArray(body) || !('value' in body)) throw validationError('Request body must be {"value": <aspect>}');
    return { value: (body as { value: unknown }).value };
  },
  readBatch(body) {
    if (!Array.isArray(body)) throw validationError('Request body must be a JSON array of {urn, <aspect>: {value}}');
    return body.map((item, i) => {
      if (!item || typeof item !== 'object') throw validationError(`Item ${i}: expected {urn, <aspect>: {value}}`);
      return { urn: item.urn, aspects: aspectsOfItem(item, i) };
    });
  },
  readBatchPatch(body) {
    if (!Array.isArray(body)) throw validationError('Request body must be a JSON array of {urn, <aspect>: {value: {patch}}}');
    return body.flatMap((item, i) => {
      const aspects = aspectsOfItem(item ?? {}, i);
      if (aspects.length === 0) throw validationError(`Item ${i}: expected {urn, <aspect>: {value: {patch}}} with at least one aspect`);
      return aspects.map(({ aspect, value, systemMetadata, precondition }) => {
        if (!value || typeof value !== 'object' || !('patch' in (value as object))) throw validationError('Missing `patch` field.');
        return { urn: item.urn, aspect, patch: value, ...(systemMetadata && { systemMetadata }), ...(precondition && { precondition }) };
      });
    });
  },
  presentAspect: (urn, aspect, view, sm) => ({ urn, [aspect]: aspectEnvelope(view, sm) }),
  presentEntity: entityShape,
  presentWrite: entityShape,
  presentList: (r, sm) => ({ ...(r.scrollId ? { scrollId: r.scrollId } : {}), entities: r.entities.map((e) => entityShape(e, sm)), totalCount: r.total }),
};
