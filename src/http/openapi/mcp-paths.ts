/** The MCP endpoint in the API document: JSON-RPC over MCP's streamable HTTP (stateless), for AI agents. */
import { errorResponses } from './responses.js';

const jsonRpc = (description: string) => ({ description, content: { 'application/json': { schema: { type: 'object' } } } });
const notAllowed = jsonRpc('Not allowed: the endpoint is stateless (no sessions to open a stream on or end); JSON-RPC error, Allow: POST');

export function mcpPaths(): Record<string, object> {
  return {
    '/mcp': {
      post: {
        tags: ['MCP'],
        operationId: 'mcp',
        summary: 'Model Context Protocol (streamable HTTP, stateless): JSON-RPC messages (initialize, tools/list, tools/call) with Accept: application/json, text/event-stream. Tools: search, get_entity, list_schema_fields, get_lineage, impact, history, compliance; add_tag, remove_tag, set_structured_property with MCP_WRITES=true',
        requestBody: { required: true, content: { 'application/json': { schema: { type: 'object', description: 'A JSON-RPC 2.0 request or notification' } } } },
        responses: {
          '200': jsonRpc('JSON-RPC response; a tool failure is a result with isError: true and the catalog\'s message'),
          '202': { description: 'A notification, accepted' },
          '406': jsonRpc('Accept does not list application/json and text/event-stream (JSON-RPC error)'),
          ...errorResponses('VALIDATION', 'FORBIDDEN', 'PAYLOAD_TOO_LARGE', 'UNSUPPORTED_MEDIA_TYPE'),
        },
      },
      get: { tags: ['MCP'], operationId: 'mcpStream', summary: 'A server-sent stream: not offered (405)', responses: { '405': notAllowed, ...errorResponses('FORBIDDEN') } },
      delete: { tags: ['MCP'], operationId: 'mcpEndSession', summary: 'Ending a session: there are none (405)', responses: { '405': notAllowed, ...errorResponses('FORBIDDEN') } },
    },
  };
}
