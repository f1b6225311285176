/**
 * Serves the app over node:http with bounded request heads: an oversized request line or header block is answered
 * with a JSON 431 (and any other unparseable request with a JSON 400) instead of a bare socket reset.
 */
import { createServer, type RequestListener, type Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { CatalogError, errorEnvelope } from '../errors.js';

function rawAnswer(socket: Duplex, e: CatalogError): void {
  const { status, headers, body } = errorEnvelope(e);
  const text = JSON.stringify(body);
  const head = [`HTTP/1.1 ${status} ${body.error}`, 'Content-Type: application/json', `Content-Length: ${Buffer.byteLength(text)}`, 'Connection: close'];
  for (const [k, v] of Object.entries(headers)) head.push(`${k}: ${v}`);
  socket.end(`${head.join('\r\n')}\r\n\r\n${text}`);
}

const KEEP_ALIVE_MS = 65_000;

export function listen(app: RequestListener, port: number, host: string, maxHeaderBytes: number): Promise<Server> {
  const server = createServer({ maxHeaderSize: maxHeaderBytes }, app);
  // An idle kept-alive connection stays open 65 s (Node's default is 5 s), longer than the 60 s idle timeout of common
  // proxies and clients: with the short default, a client that reuses a connection as the server closes it gets a reset
  // (seen on a loaded machine after a few seconds' pause). The head timeout must exceed it.
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  server.headersTimeout = KEEP_ALIVE_MS + 1000;
  server.on('clientError', (err: NodeJS.ErrnoException, socket: Duplex) => {
    if (!socket.writable || (err.code === 'ECONNRESET')) return socket.destroy();
    if (err.code === 'HPE_HEADER_OVERFLOW') {
      return rawAnswer(socket, new CatalogError('HEADERS_TOO_LARGE', `Request line and headers exceed ${maxHeaderBytes} bytes (setting MAX_HEADER_BYTES)`));
    }
    rawAnswer(socket, new CatalogError('VALIDATION', `Malformed HTTP request: ${err.code ?? err.message}`));
  });
  return new Promise((resolve) => server.listen(port, host, () => resolve(server)));
}
