/** Writes a text answer (a page, a script, a document already rendered) on any Node response; headers set before are kept. */
import type { ServerResponse } from 'node:http';

export function sendText(res: ServerResponse, status: number, contentType: string, text: string | Buffer, headers: Record<string, string> = {}): void {
  const type = typeof text === 'string' && !contentType.includes('charset') ? `${contentType}; charset=utf-8` : contentType;
  res.writeHead(status, { ...headers, 'Content-Type': type, 'Content-Length': typeof text === 'string' ? Buffer.byteLength(text) : text.length });
  res.end(text);
}
