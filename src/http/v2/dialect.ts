/** REST v2 wire shapes: bare aspect bodies, `{urn, aspects: {…}}` entities, `{results, scrollId}` lists. */
import { validationError } from '../../errors.js';
import { aspectEnvelope, type Dialect } from '../dialect.js';
import type { EntityView } from '../../catalog/read-entity.js';

const entityShape = (e: EntityView, sm: boolean) => ({
  urn: e.urn,
  aspects: Object.fromEntries(Object.entries(e.aspects).map(([k, v]) => [k, aspectEnvelope(v, sm)])),
});

export const v2Dialect: Dialect = {
  name: 'v2',
  createIfNotExistsDefault: false,
  readAspectBody(body) {
    if (body === undefined || body === null || typeof body !== 'object' || Array.isArray(body)) throw validationError('Request body must be the aspect as a JSON object');
    return { value: body };
  },
  readBatch(body) {
    if (!Array.isArray(body)) throw validationError('Request body must be a JSON array of {urn, aspects: {<aspect>: {value}}}');
    return body.map((item, i) => {
      if (!item || typeof item !== 'object' || !item.aspects || typeof item.aspects !== 'object') throw validationError(`Item ${i}: expected {urn, aspects: {<aspect>: {value}}}`);
      return {
        urn: item.urn,
        aspects: Object.entries(item.aspects as Record<string, any>).map(([aspect, env]) => {
          if (!env || typeof env !== 'object' || !('value' in env)) throw validationError(`Item ${i}: aspect ${aspect} must be {value: …}`);
          return { aspect, value: env.value };
        }),
      };
    });
  },
  presentAspect: (_urn, _aspect, view, sm) => aspectEnvelope(view, sm),
  presentEntity: entityShape,
  presentWrite: entityShape,
  presentList: (r, sm) => ({ results: r.entities.map((e) => entityShape(e, sm)), ...(r.scrollId ? { scrollId: r.scrollId } : {}) }),
};
