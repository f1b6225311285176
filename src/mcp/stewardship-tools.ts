/**
 * The MCP tools of stewardship: `history` (who changed what and when, from the catalog's change records, a page at
 * a time by cursor) and `compliance` (how many entities hold a valid value of a structured property, with examples).
 */
import { z } from 'zod';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { readHistory, timeParam, type HistoryPage, type HistoryQuery } from '../catalog/history/read-history.js';
import { propertyCompliance } from '../catalog/structured-properties/compliance.js';
import { cutText, fitPage, tool, type ToolContext } from './tool-answers.js';

type Obj = Record<string, unknown>;

const historyShape = {
  urn: z.string().min(1).max(2000).optional().describe('The entity whose history to read; the whole catalog\'s when absent'),
  categories: z.array(z.string().max(40)).max(12).optional().describe('TAG, GLOSSARY_TERM, STRUCTURED_PROPERTY, DOCUMENTATION, DEFINITION, STATUS, LIFECYCLE, OWNER, TECHNICAL_SCHEMA, ASPECT'),
  actor: z.string().max(500).optional().describe('Only changes by this actor (urn:li:corpuser:…)'),
  modifier: z.string().max(1000).optional().describe('Only changes of this tag, glossary term or structured property (its URN)'),
  fieldPath: z.string().max(1000).optional().describe('Only changes of this column'),
  since: z.string().max(40).optional().describe('Oldest change time, ISO-8601 or epoch milliseconds'),
  until: z.string().max(40).optional().describe('Newest change time, ISO-8601 or epoch milliseconds'),
  order: z.enum(['desc', 'asc']).default('desc').describe('desc: newest first (default)'),
  count: z.number().int().min(1).max(100).default(20).describe('Changes per page (at most 100)'),
  cursor: z.string().max(200).optional().describe('The nextCursor of the page before'),
};

const complianceShape = {
  properties: z.array(z.string().max(500)).max(20).optional().describe('Structured properties (URNs or qualified names); every required property when absent'),
  samples: z.number().int().min(0).max(20).default(5).describe('Entities named per state (missing, invalid)'),
  start: z.number().int().min(0).default(0),
};

/** A value of a change, whole when short, else its JSON's start. */
function valueOf(v: unknown): unknown {
  if (v === undefined) return undefined;
  const json = JSON.stringify(v);
  return json.length <= 200 ? v : cutText(json);
}

function changeOf(c: HistoryPage['changes'][number]): Obj {
  return {
    time: new Date(c.time).toISOString(),
    actor: c.actor,
    ...(c.urn && { urn: c.urn }),
    category: c.category,
    operation: c.operation,
    ...(c.modifier && { modifier: c.modifier }),
    ...(c.fieldPath && { fieldPath: c.fieldPath }),
    ...(c.before !== undefined && { before: valueOf(c.before) }),
    ...(c.after !== undefined && { after: valueOf(c.after) }),
    via: c.via,
    ...('pending' in c && c.pending && { pending: true }),
  };
}

async function historyAnswer(ctx: ToolContext, args: z.infer<z.ZodObject<typeof historyShape>>): Promise<Obj> {
  const query: HistoryQuery = {
    urn: args.urn,
    categories: args.categories,
    actors: args.actor ? [args.actor] : undefined,
    modifiers: args.modifier ? [args.modifier] : undefined,
    fieldPath: args.fieldPath,
    startTime: timeParam('since', args.since),
    endTime: timeParam('until', args.until),
    order: args.order,
    cursor: args.cursor,
  };
  let count = args.count;
  for (;;) {
    const page = await readHistory(ctx.services, ctx.actor, { ...query, count });
    const changes = page.changes.map(changeOf);
    const head = { ...(page.urn && { urn: page.urn }), ...(page.cursor && { nextCursor: page.cursor }) };
    const kept = (fitPage(head, 'changes', changes, 0, false).changes as unknown[]).length;
    if (kept === changes.length) return { ...head, count: changes.length, changes };
    // A page too large is read again shorter, so that its cursor starts the next page right after what is shown.
    if (kept > 0 && kept < count) {
      count = kept;
      continue;
    }
    // Only unrelayed changes (shown beside the first page) can make it too large still: they are cut, and flagged.
    return { ...head, count: kept, changes: changes.slice(0, kept), truncated: true };
  }
}

export function registerStewardshipTools(server: McpServer, ctx: ToolContext): void {
  server.registerTool(
    'history',
    {
      title: 'Who changed what, and when',
      description:
        'The change history of one entity, or of the whole catalog: each change with its time, actor, category, operation, what it was about ' +
        '(tag, term or property URN; column), the values before and after, and the interface it came through. Newest first by default; ' +
        'pass nextCursor for the next page.',
      inputSchema: historyShape,
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    tool(ctx, (args: z.infer<z.ZodObject<typeof historyShape>>) => historyAnswer(ctx, args)),
  );

  server.registerTool(
    'compliance',
    {
      title: 'Structured property compliance',
      description:
        'For structured properties (or every required one): how many entities they apply to, how many comply, miss a value or hold an ' +
        'invalid one, the rules, and a few entities of each kind. Find all missing ones with search filters {field: "structuredProperties.<qualified name>", condition: "NOT_EXISTS"}.',
      inputSchema: complianceShape,
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    tool(ctx, async (args: z.infer<z.ZodObject<typeof complianceShape>>) => {
      const report = await propertyCompliance(ctx.services, { properties: args.properties, samples: args.samples });
      const page = report.slice(args.start);
      return fitPage({ total: report.length, start: args.start }, 'properties', page, args.start, false);
    }),
  );
}
