/**
 * Tessera's MCP server for one caller: the read tools always, the write tools when MCP_WRITES is on. Every tool calls
 * the catalog's operations with the caller as actor — the same ones REST and GraphQL call.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { jsonSchemaValidator } from '@modelcontextprotocol/sdk/validation';
import { registerEntityTools } from './entity-tools.js';
import { registerLineageTools } from './lineage-tools.js';
import { registerSearchTool } from './search-tools.js';
import { registerStewardshipTools } from './stewardship-tools.js';
import { ANSWER_BYTES, type ToolContext } from './tool-answers.js';
import { registerWriteTools } from './write-tools.js';

const INSTRUCTIONS = `Tessera is a metadata catalog: datasets, their columns, data jobs and flows, charts and dashboards, labelled with
tags, glossary terms, owners and structured properties, linked by lineage. Start with search (query language:
bare words, field:value, AND/OR/NOT, "phrases", field:>n, _exists_:field; facets count values), then get_entity,
list_schema_fields, get_lineage or impact on the URNs it answers; history says who changed what and when; compliance
how well a structured property is filled in. Answers are JSON of at most ${ANSWER_BYTES / 1024} KB: lists say total and nextStart
(or nextCursor) when more exist, and truncated: true when they were cut to fit.`;

/** `validator` is made once per process: the SDK's default makes an Ajv instance per server, most of a request's cost. */
export function createMcpServer(ctx: ToolContext, writes: boolean, validator: jsonSchemaValidator): McpServer {
  const server = new McpServer({ name: 'tessera', version: '0.1.0' }, { instructions: INSTRUCTIONS, jsonSchemaValidator: validator });
  registerSearchTool(server, ctx);
  registerEntityTools(server, ctx);
  registerLineageTools(server, ctx);
  registerStewardshipTools(server, ctx);
  if (writes) registerWriteTools(server, ctx);
  return server;
}
