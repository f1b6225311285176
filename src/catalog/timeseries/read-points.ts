/** Reading time-series points: one entity's (or every entity's) points of one aspect, newest first, filtered as the original filters them. */
import { validationError } from '../../errors.js';
import { findEntityType } from '../../model/entity-types.js';
import type { PointCondition, PointPage } from '../../storage/timeseries-store.js';
import type { CatalogDeps } from '../catalog-deps.js';
import { resolveTarget } from '../entity-target.js';
import { timeseriesAspectOf } from './points.js';

/** A field condition as the original's filters carry it. */
export interface PointCriterion {
  field: string;
  values: string[];
  condition?: string;
  negated?: boolean;
}

export interface PointsRequest {
  entityType: string;
  aspect: string;
  /** One entity's points; absent: every entity's. */
  urn?: string;
  startTimeMillis?: number;
  endTimeMillis?: number;
  /** How many points at most (default and maximum: MAX_COUNT). */
  limit?: number;
  /** Alternatives of conditions that must all hold. */
  filter?: PointCriterion[][];
  order?: 'asc' | 'desc';
  after?: unknown[];
}

const RANGES: Record<string, 'gt' | 'gte' | 'lt' | 'lte'> = { GREATER_THAN: 'gt', GREATER_THAN_OR_EQUAL_TO: 'gte', LESS_THAN: 'lt', LESS_THAN_OR_EQUAL_TO: 'lte' };

function conditionOf(c: PointCriterion): PointCondition {
  const condition = c.condition ?? 'EQUAL';
  if (condition === 'EQUAL' || condition === 'IN') {
    if (c.values.length === 0) throw validationError(`filter on ${c.field}: ${condition} needs a value`);
    return { field: c.field, values: c.values, negated: c.negated };
  }
  const range = RANGES[condition];
  if (range && c.field === 'timestampMillis' && !c.negated) {
    const n = Number(c.values[0]);
    if (c.values.length !== 1 || !Number.isFinite(n)) throw validationError(`filter on timestampMillis: ${condition} needs one number`);
    return { field: 'timestampMillis', [range]: n };
  }
  throw validationError(`filter on ${c.field}: condition ${condition}${c.negated ? ' (negated)' : ''} is not supported on time-series points; use EQUAL or IN on any field, or ${Object.keys(RANGES).join(', ')} on timestampMillis`);
}

export async function readPoints(services: CatalogDeps, actor: string, req: PointsRequest): Promise<PointPage & { aspect: string; entityType: string }> {
  const def = req.urn ? resolveTarget(req.entityType, req.urn).def : findEntityType(req.entityType);
  if (!def) throw validationError(`Unknown entity type ${req.entityType}`);
  const aspect = timeseriesAspectOf(def, req.aspect);
  if (!aspect) throw validationError(`${req.aspect} is not a time-series aspect of ${def.name} (its time-series aspects: ${def.timeseriesAspects.join(', ') || 'none'})`);
  const max = services.config.MAX_COUNT;
  const limit = req.limit ?? max;
  if (!Number.isInteger(limit) || limit < 0 || limit > max) throw validationError(`limit must be an integer from 0 to ${max}, got ${req.limit}`);
  await services.access.authorize(actor, 'VIEW_METADATA', {}, `the ${aspect} points of ${req.urn ?? def.name}`);
  const filter = req.filter?.map((and) => and.map(conditionOf));
  const page = await services.timeseries.query({ aspect, urns: req.urn ? [req.urn] : undefined, startTimeMillis: req.startTimeMillis, endTimeMillis: req.endTimeMillis, filter, limit, order: req.order, after: req.after });
  return { ...page, aspect, entityType: def.name };
}
