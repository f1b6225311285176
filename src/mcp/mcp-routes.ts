/**
 * The `/mcp` route: Tessera's tools for AI agents over MCP's streamable HTTP, stateless — each POST gets a server and
 * transport of its own, acting as the caller the pipeline authenticated (a bearer token, like every route). GET and
 * DELETE, which only sessions and server-sent streams use, are answered 405 as the specification allows.
 */
import type { ServerResponse } from 'node:http';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import type { jsonSchemaValidator } from '@modelcontextprotocol/sdk/validation';
import type { Services } from '../services.js';
import type { Call, Route } from '../wire/route.js';
import { createMcpServer } from './mcp-server.js';
import type { ToolContext } from './tool-answers.js';
import { WRITE_TOOLS } from './write-tools.js';

/** Whether a JSON-RPC message (or batch) calls a write tool: only such a request runs with provenance. */
export function callsWriteTool(body: unknown): boolean {
  const messages = Array.isArray(body) ? body : [body];
  return messages.some((m) => {
    const message = m as { method?: unknown; params?: { name?: unknown } } | null;
    return message?.method === 'tools/call' && typeof message.params?.name === 'string' && WRITE_TOOLS.has(message.params.name);
  });
}

function methodNotAllowed(res: ServerResponse): void {
  res.writeHead(405, { 'Content-Type': 'application/json', Allow: 'POST' });
  res.end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message: 'Method not allowed: this MCP endpoint is stateless (no sessions, no server-sent stream); send JSON-RPC messages with POST' }, id: null }));
}

async function serve(services: Services, validator: jsonSchemaValidator, call: Call): Promise<void> {
  if (call.req.method !== 'POST') return methodNotAllowed(call.res);
  const ctx: ToolContext = {
    services,
    actor: call.actor,
    requestId: call.requestId,
    waitForSearch: String(call.headers['x-tessera-wait-for-search'] ?? '').toLowerCase() === 'true',
  };
  const server = createMcpServer(ctx, services.config.MCP_WRITES, validator);
  // Answers as one JSON body: a stateless request has nothing to stream after its results.
  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  call.res.once('close', () => {
    void transport.close();
    void server.close();
  });
  await server.connect(transport);
  await transport.handleRequest(call.req, call.res, call.body);
}

export function mcpRoutes(services: Services): Route[] {
  const validator = new AjvJsonSchemaValidator();
  return [
    {
      method: ['POST', 'GET', 'DELETE'],
      path: '/mcp',
      // Every tool reads the catalog; a write tool's operation decides on what it changes (the one authorization function).
      gate: 'read',
      mayChange: (body) => services.config.MCP_WRITES && callsWriteTool(body),
      handle: (call) => serve(services, validator, call),
    },
  ];
}
