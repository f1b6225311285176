/**
 * The MCP tools that read one entity: `get_entity` (its main aspects summarized, named aspects included whole up to a
 * size) and `list_schema_fields` (a dataset's columns a page at a time, each with its tags, terms and description) —
 * both through the catalog's realtime read.
 */
import { z } from 'zod';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { notFound } from '../errors.js';
import { simplifyFieldPath } from '../model/field-path.js';
import { resolveAspect, resolveTarget } from '../catalog/entity-target.js';
import { readEntity, type EntityView } from '../catalog/read-entity.js';
import { firstOf } from './entity-summary.js';
import { summaryOf } from './entity-view.js';
import { ANSWER_BYTES, bytesOf, cutText, fitPage, tool, type ToolContext } from './tool-answers.js';

type Obj = Record<string, any>;

/** A named aspect included whole up to this size; past it, the start of its JSON and the flag. */
const ASPECT_BYTES = 2500;

const entityShape = {
  urn: z.string().min(1).max(2000).describe('The entity\'s URN, e.g. urn:li:dataset:(urn:li:dataPlatform:hive,sales.orders,PROD)'),
  aspects: z.array(z.string().max(100)).max(10).optional().describe('Aspects to include as stored (e.g. datasetProperties, upstreamLineage); each cut past 2,500 bytes with truncated: true'),
};

const columnsShape = {
  urn: z.string().min(1).max(2000).describe('The dataset\'s URN'),
  query: z.string().max(200).optional().describe('Only columns whose path contains this text (any case)'),
  start: z.number().int().min(0).default(0),
  count: z.number().int().min(1).max(200).default(50).describe('Columns per page (at most 200)'),
};

async function readOrFail(ctx: ToolContext, urn: string, aspects?: string[]): Promise<EntityView> {
  const target = resolveTarget(undefined, urn);
  const entity = await readEntity(ctx.services, target, aspects);
  if (!entity) throw notFound(`Entity ${target.urn.raw} does not exist`);
  return entity;
}

/** Aspects asked for by name, each whole or its JSON's start; those that do not fit beside the summary are named in `omitted`. */
function withAspects(summary: Obj, entity: EntityView, names: string[]): Obj {
  const included: Obj = {};
  for (const name of names) {
    const stored = entity.aspects[name];
    if (!stored) {
      included[name] = null;
      continue;
    }
    const json = JSON.stringify(stored.value);
    included[name] = json.length <= ASPECT_BYTES ? stored.value : { truncated: true, bytes: Buffer.byteLength(json), preview: json.slice(0, ASPECT_BYTES) };
  }
  const answer: Obj = { ...summary, ...(names.length > 0 && { included }) };
  const omitted: string[] = [];
  for (const name of [...names].reverse()) {
    if (bytesOf(answer) <= ANSWER_BYTES) break;
    delete included[name];
    omitted.unshift(name);
    answer.omitted = omitted;
  }
  return answer;
}

/** Tags and terms shown per column (the rest counted). */
const LABELS_KEPT = 20;

interface Column {
  path: string;
  type?: string;
  description?: string;
  tags?: string[];
  moreTags?: number;
  terms?: string[];
  moreTerms?: number;
  key?: true;
}

const urnsOf = (list: Obj[] | undefined, field: string): string[] => (list ?? []).map((x) => x[field]).filter(Boolean);

/** Each schema column with what the catalog and people added to it (editableSchemaMetadata; an edited description wins). */
function columnsOf(entity: EntityView): Column[] {
  const fields: Obj[] = (entity.aspects.schemaMetadata?.value as Obj | undefined)?.fields ?? [];
  const edited = new Map<string, Obj>();
  for (const e of ((entity.aspects.editableSchemaMetadata?.value as Obj | undefined)?.editableSchemaFieldInfo ?? []) as Obj[]) {
    edited.set(e.fieldPath, e);
    edited.set(simplifyFieldPath(e.fieldPath), e);
  }
  return fields.map((f) => {
    const e = edited.get(f.fieldPath) ?? edited.get(simplifyFieldPath(f.fieldPath));
    const tags = firstOf([...new Set([...urnsOf(f.globalTags?.tags, 'tag'), ...urnsOf(e?.globalTags?.tags, 'tag')])], LABELS_KEPT);
    const terms = firstOf([...new Set([...urnsOf(f.glossaryTerms?.terms, 'urn'), ...urnsOf(e?.glossaryTerms?.terms, 'urn')])], LABELS_KEPT);
    const description = cutText(e?.description) ?? cutText(f.description);
    return {
      path: f.fieldPath,
      ...(f.nativeDataType && { type: f.nativeDataType }),
      ...(description && { description }),
      ...(tags.items.length > 0 && { tags: tags.items }),
      ...(tags.more && { moreTags: tags.more }),
      ...(terms.items.length > 0 && { terms: terms.items }),
      ...(terms.more && { moreTerms: terms.more }),
      ...(f.isPartOfKey === true && { key: true as const }),
    };
  });
}

export function registerEntityTools(server: McpServer, ctx: ToolContext): void {
  server.registerTool(
    'get_entity',
    {
      title: 'Read one entity',
      description:
        'One entity summarized: name, description, platform, tags, glossary terms, owners, structured property values, custom properties, ' +
        'sub-types, container, column count, last change, and every aspect it holds with its size. Name aspects to include them as stored ' +
        '(large ones cut, flagged truncated). Columns: list_schema_fields; lineage: get_lineage.',
      inputSchema: entityShape,
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    tool(ctx, async (args: z.infer<z.ZodObject<typeof entityShape>>) => {
      const target = resolveTarget(undefined, args.urn);
      const names = [...new Set((args.aspects ?? []).map((a) => resolveAspect(target.def, a)))];
      const entity = await readOrFail(ctx, args.urn);
      return withAspects(summaryOf(entity), entity, names);
    }),
  );

  server.registerTool(
    'list_schema_fields',
    {
      title: 'List a dataset\'s columns',
      description: 'A dataset\'s schema columns, a page at a time: path, native type, description, tags and glossary terms (ingested and edited together), key columns flagged. Answers total and nextStart.',
      inputSchema: columnsShape,
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    tool(ctx, async (args: z.infer<z.ZodObject<typeof columnsShape>>) => {
      const entity = await readOrFail(ctx, args.urn, ['schemaMetadata', 'editableSchemaMetadata']);
      const wanted = args.query?.toLowerCase();
      const all = columnsOf(entity).filter((c) => !wanted || c.path.toLowerCase().includes(wanted));
      const page = all.slice(args.start, args.start + args.count);
      const head = { urn: entity.urn, total: all.length, start: args.start, ...(entity.aspects.schemaMetadata ? {} : { note: 'the dataset has no schemaMetadata' }) };
      return fitPage(head, 'fields', page, args.start, args.start + page.length < all.length);
    }),
  );
}
