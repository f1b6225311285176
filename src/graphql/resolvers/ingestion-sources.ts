/**
 * Ingestion sources as the original's CLI deploys and lists them (`datahub ingest deploy`, `list-source-runs`): the
 * stored dataHubIngestionSource entities (one search of their index), each with the runs reported for it (one search
 * of the execution request index by the registry's `ingestionSource` field), and the write of one. Tessera runs no
 * source and keeps no secrets: the secret operations are refused with what to do instead.
 */
import type { GraphQLResolveInfo } from 'graphql';
import { validationError } from '../../errors.js';
import { searchEntities, type SortCriterion } from '../../catalog/search/search-entities.js';
import { updateIngestionSource, type UpdateIngestionSourceInput } from '../../catalog/ingestion/update-ingestion-source.js';
import type { ExecutionRequestInput } from '../../model/aspects/execution-request-input.js';
import type { ExecutionRequestResult } from '../../model/aspects/execution-request-result.js';
import type { IngestionSourceInfo } from '../../model/aspects/ingestion-source-info.js';
import { parseUrn } from '../../model/urn.js';
import type { GraphqlContext } from '../context.js';
import { refOf, type EntityRef } from '../entity-loader.js';
import { selectsField } from '../selects.js';
import { stringMapOf, type StringMapEntryInput } from './report-operation.js';
import { orFiltersOf, type FacetFilterInput } from './search/search-input.js';

/** The original's page sizes when none is asked for: of sources, and of one source's runs. */
const SOURCES_PAGE = 20;
const RUNS_PAGE = 10;
const NEWEST_FIRST: SortCriterion = { field: 'createdTime', sortOrder: 'DESCENDING' };

interface ListInput {
  start?: number | null;
  count?: number | null;
  query?: string | null;
  filters?: FacetFilterInput[] | null;
  sort?: SortCriterion | null;
}

async function listIngestionSources(_: unknown, { input }: { input: ListInput }, ctx: GraphqlContext, info: GraphQLResolveInfo) {
  const page = await searchEntities(ctx.services, {
    types: ['dataHubIngestionSource'],
    query: input.query?.trim() ? input.query : '*',
    orFilters: orFiltersOf({ filters: input.filters }),
    sort: [input.sort ?? NEWEST_FIRST],
    start: input.start,
    count: input.count ?? SOURCES_PAGE,
    withDocuments: selectsField(info, 'ingestionSources'),
  });
  if (page.documents) ctx.loader.prime(page.documents);
  return { start: page.start, count: page.urns.length, total: page.total, ingestionSources: page.urns.map(refOf) };
}

async function executions(ref: EntityRef, args: { start?: number | null; count?: number | null }, ctx: GraphqlContext, info: GraphQLResolveInfo) {
  const page = await searchEntities(ctx.services, {
    types: ['dataHubExecutionRequest'],
    query: '*',
    orFilters: [{ and: [{ field: 'ingestionSource', condition: 'EQUAL', values: [ref.urn], negated: false }] }],
    sort: [NEWEST_FIRST],
    start: args.start,
    count: args.count ?? RUNS_PAGE,
    withDocuments: selectsField(info, 'executionRequests'),
  });
  if (page.documents) ctx.loader.prime(page.documents);
  return { start: page.start, count: page.urns.length, total: page.total, executionRequests: page.urns.map(refOf) };
}

const sourceInfo = (ref: EntityRef, ctx: GraphqlContext) => ctx.loader.aspect<IngestionSourceInfo>(ref.urn, 'dataHubIngestionSourceInfo');
const entriesOf = (m: Record<string, string> | undefined) => (m ? Object.entries(m).map(([key, value]) => ({ key, value })) : null);

const IngestionSource = {
  type: async (ref: EntityRef, _a: unknown, ctx: GraphqlContext) => (await sourceInfo(ref, ctx))?.type ?? '',
  name: async (ref: EntityRef, _a: unknown, ctx: GraphqlContext) => (await sourceInfo(ref, ctx))?.name ?? parseUrn(ref.urn).id,
  schedule: async (ref: EntityRef, _a: unknown, ctx: GraphqlContext) => (await sourceInfo(ref, ctx))?.schedule ?? null,
  platform: async (ref: EntityRef, _a: unknown, ctx: GraphqlContext) => {
    const platform = (await sourceInfo(ref, ctx))?.platform;
    return platform ? refOf(platform) : null;
  },
  config: async (ref: EntityRef, _a: unknown, ctx: GraphqlContext) => {
    const c = (await sourceInfo(ref, ctx))?.config;
    return {
      recipe: c?.recipe ?? '',
      executorId: c?.executorId ?? 'default',
      version: c?.version ?? null,
      debugMode: c?.debugMode ?? null,
      extraArgs: entriesOf(c?.extraArgs),
    };
  },
  executions,
};

const runInput = (ref: EntityRef, ctx: GraphqlContext) => ctx.loader.aspect<ExecutionRequestInput>(ref.urn, 'dataHubExecutionRequestInput');

const ExecutionRequest = {
  // Tessera's EntityType has no value of its own for runs (the registry presents them as OTHER).
  type: () => 'OTHER',
  id: (ref: EntityRef) => parseUrn(ref.urn).id,
  input: async (ref: EntityRef, _a: unknown, ctx: GraphqlContext) => {
    const i = await runInput(ref, ctx);
    return {
      task: i?.task ?? '',
      source: { type: i?.source.type ?? null, ingestionSource: i?.source.ingestionSource ?? null },
      arguments: entriesOf(i?.args),
      requestedAt: i?.requestedAt ?? 0,
      actorUrn: i?.actorUrn ?? null,
      actor: i?.actorUrn ? refOf(i.actorUrn) : null,
      executorId: i?.executorId ?? null,
    };
  },
  result: async (ref: EntityRef, _a: unknown, ctx: GraphqlContext) => {
    const r = await ctx.loader.aspect<ExecutionRequestResult>(ref.urn, 'dataHubExecutionRequestResult');
    return r ? { ...r, startTimeMs: r.startTimeMs ?? null, durationMs: r.durationMs ?? null, report: r.report ?? null, structuredReport: r.structuredReport ?? null } : null;
  },
  source: async (ref: EntityRef, _a: unknown, ctx: GraphqlContext) => {
    const source = (await runInput(ref, ctx))?.source.ingestionSource;
    return source ? refOf(source) : null;
  },
  relationships: (_r: EntityRef, { input }: { input: { start?: number | null } }) => ({ start: input.start ?? 0, count: 0, total: 0, relationships: [] }),
};

type UpdateArgs = { urn: string; input: Omit<UpdateIngestionSourceInput, 'urn' | 'config' | 'actor' | 'waitForSearch'> & { config: Omit<UpdateIngestionSourceInput['config'], 'extraArgs'> & { extraArgs?: StringMapEntryInput[] | null } } };

const refuseSecrets = () => {
  throw validationError('Tessera keeps no secrets: a recipe run by `datahub ingest` reads its credentials from the environment it runs in (${VAR} in the recipe)');
};

export const ingestionSourceResolvers = {
  Query: { listIngestionSources, getSecretValues: refuseSecrets },
  Mutation: {
    updateIngestionSource: async (_: unknown, { urn, input }: UpdateArgs, ctx: GraphqlContext) => {
      const extraArgs = stringMapOf(input.config.extraArgs, 'config.extraArgs');
      const written = await updateIngestionSource(ctx.services, { urn, name: input.name, type: input.type, schedule: input.schedule, config: { ...input.config, extraArgs }, actor: ctx.actor, waitForSearch: ctx.waitForSearch });
      ctx.loader.invalidate(written);
      return written;
    },
    createSecret: refuseSecrets,
    updateSecret: refuseSecrets,
  },
  IngestionSource,
  ExecutionRequest,
};
