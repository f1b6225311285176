/**
 * The MCP write tools, offered only with MCP_WRITES=true: tagging an entity or column, and setting a structured
 * property's values — the catalog's own operations with the caller as actor, so the one authorization function
 * decides each call (a Reader is refused with its message) and history records each change.
 */
import { z } from 'zod';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { structuredPropertyUrn, tagUrn } from '../model/urn.js';
import { addTags } from '../catalog/tags/add-tags.js';
import { removeTags } from '../catalog/tags/remove-tags.js';
import { DATASET_FIELD } from '../catalog/tags/tag-resources.js';
import { upsertValues } from '../catalog/structured-properties/upsert-values.js';
import { cutText, tool, type ToolContext } from './tool-answers.js';

/** The MCP write tools' names: a request calling one of them may change the catalog (the route's `mayChange`). */
export const WRITE_TOOLS: ReadonlySet<string> = new Set(['add_tag', 'remove_tag', 'set_structured_property']);

const tagShape = {
  urn: z.string().min(1).max(2000).describe('The entity to tag (a dataset, data job, …)'),
  tag: z.string().min(1).max(500).describe('The tag: its URN (urn:li:tag:pii) or id (pii)'),
  column: z.string().min(1).max(1000).optional().describe('A column (field path) of the dataset, to tag the column instead'),
};

const propertyShape = {
  urn: z.string().min(1).max(2000).describe('The entity (or column, urn:li:schemaField:…) to set the value on'),
  property: z.string().min(1).max(500).describe('The structured property: its URN or qualified name (io.acme.retention.days)'),
  values: z.array(z.union([z.string().max(10_000), z.number()])).min(1).max(100).describe('The values: numbers for number properties, text otherwise (dates YYYY-MM-DD, URNs as text)'),
};

const tagUrnOf = (tag: string) => (tag.startsWith('urn:li:') ? tag : tagUrn(tag));
const propertyUrnOf = (p: string) => (p.startsWith('urn:li:') ? p : structuredPropertyUrn(p));

function tagTool(ctx: ToolContext, op: typeof addTags | typeof removeTags, done: string) {
  return tool(ctx, async (args: z.infer<z.ZodObject<typeof tagShape>>) => {
    const tag = tagUrnOf(args.tag);
    const resource = { resourceUrn: args.urn, ...(args.column !== undefined && { subResourceType: DATASET_FIELD, subResource: args.column }) };
    await op(ctx.services, { tagUrns: [tag], resources: [resource], actor: ctx.actor, waitForSearch: ctx.waitForSearch });
    return { ok: true, message: `${done} ${tag} ${done === 'Added' ? 'to' : 'from'} ${args.urn}${args.column ? ` column ${args.column}` : ''}` };
  });
}

export function registerWriteTools(server: McpServer, ctx: ToolContext): void {
  const writing = { readOnlyHint: false, openWorldHint: false, idempotentHint: true };
  server.registerTool(
    'add_tag',
    {
      title: 'Add a tag',
      description: 'Tag an entity, or one column of a dataset. The tag must exist. Needs the right to edit tags (column tags) of that entity; refused otherwise.',
      inputSchema: tagShape,
      annotations: { ...writing, destructiveHint: false },
    },
    tagTool(ctx, addTags, 'Added'),
  );
  server.registerTool(
    'remove_tag',
    {
      title: 'Remove a tag',
      description: 'Take a tag off an entity, or off one column of a dataset. Needs the right to edit tags (column tags) of that entity; refused otherwise.',
      inputSchema: tagShape,
      annotations: { ...writing, destructiveHint: true },
    },
    tagTool(ctx, removeTags, 'Removed'),
  );
  server.registerTool(
    'set_structured_property',
    {
      title: 'Set a structured property\'s values',
      description:
        'Set the values of one structured property on an entity, replacing its values there and keeping its other properties. ' +
        'The property\'s value type, allowed values and rules are enforced; needs the right to edit that property on that entity.',
      inputSchema: propertyShape,
      annotations: { ...writing, destructiveHint: true },
    },
    tool(ctx, async (args: z.infer<z.ZodObject<typeof propertyShape>>) => {
      const propertyUrn = propertyUrnOf(args.property);
      const values = args.values.map((v) => (typeof v === 'number' ? { numberValue: v } : { stringValue: v }));
      const view = await upsertValues(ctx.services, { assetUrn: args.urn, params: [{ propertyUrn, values }], actor: ctx.actor, waitForSearch: ctx.waitForSearch });
      const now = ((view.value as { properties?: { propertyUrn: string; values: { string?: string; double?: number }[] }[] }).properties ?? []).find((p) => p.propertyUrn === propertyUrn);
      return { ok: true, urn: args.urn, property: propertyUrn, values: (now?.values ?? []).map((v) => v.double ?? cutText(v.string)) };
    }),
  );
}
