import { createServer, type RequestListener } from 'node:http';
import { GraphQLError } from 'graphql';
import { describe, expect, it } from 'vitest';
import { describeError } from '../../src/cli/cli-error.js';
import { CatalogError, ERROR_CODES, ERROR_KINDS, errorCodeOfStatus, errorEnvelope } from '../../src/errors.js';
import { maskGraphqlError } from '../../src/graphql/errors.js';
import { answerError } from '../../src/http/error-handler.js';
import { createLogger } from '../../src/logger.js';
import { TesseraApiError } from '../../src/sdk/sdk-errors.js';
import { sendError } from '../../src/wire/send-error.js';

// Every code of the one error table, through every boundary that presents errors: REST (the Express error handler),
// the /gms wire (its 422 dialect for validation), GraphQL (the yoga mask) and the CLI (what it prints).
async function viaHttp(handler: RequestListener, path: string) {
  const server = createServer(handler).listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  try {
    const r = await fetch(`http://127.0.0.1:${(server.address() as { port: number }).port}${path}`);
    return { status: r.status, retryAfter: r.headers.get('retry-after'), body: await r.json() };
  } finally {
    server.close();
  }
}

describe('the error table', () => {
  for (const code of ERROR_CODES) {
    const kind = ERROR_KINDS[code];
    const error = new CatalogError(code, `something about ${code}`);

    it(`${code}: REST answers ${kind.status} with the envelope and the retry hint`, async () => {
      const r = await viaHttp((_req, res) => answerError(res, error, createLogger('silent')), '/x');
      expect(r).toEqual({ status: kind.status, retryAfter: kind.retryAfterSeconds === undefined ? null : String(kind.retryAfterSeconds), body: { error: kind.title, message: error.message } });
    });

    it(`${code}: the /gms wire answers with the same envelope (validation as 422)`, async () => {
      const wireStatus = code === 'VALIDATION' || code === 'INVALID_URN' ? 422 : undefined;
      const r = await viaHttp((_req, res) => sendError(res, error, wireStatus), '/aspects');
      expect(r.status).toBe(wireStatus ?? kind.status);
      expect(r.body).toEqual(errorEnvelope(error).body);
    });

    it(`${code}: GraphQL carries code ${kind.status} and type ${kind.graphqlType}`, () => {
      const masked = maskGraphqlError(new GraphQLError('wrapped', { originalError: error }), () => undefined) as GraphQLError;
      expect(masked.message).toBe(error.message);
      expect(masked.extensions).toEqual({ code: kind.status, type: kind.graphqlType, ...(kind.retryAfterSeconds !== undefined && { retryAfterSeconds: kind.retryAfterSeconds }) });
    });

    it(`${code}: the CLI prints the title, the status and the message on one line`, () => {
      const { status, body } = errorEnvelope(error);
      const hint = kind.retryAfterSeconds !== undefined ? ` (temporary: try again in ${kind.retryAfterSeconds} s)` : '';
      expect(describeError(new TesseraApiError(status, body.error, body.message))).toBe(`${kind.title} (HTTP ${status}): ${error.message}${hint}`);
      expect(ERROR_KINDS[errorCodeOfStatus(status)!].status).toBe(status);
    });
  }

  it('masks anything that is not a catalog error as INTERNAL, without its message', () => {
    let seen: unknown;
    const masked = maskGraphqlError(new GraphQLError('x', { originalError: new Error('secret detail') }), (e) => (seen = e)) as GraphQLError;
    expect(masked.message).toBe('An unexpected error occurred');
    expect(masked.extensions).toEqual({ code: 500, type: 'SERVER_ERROR' });
    expect((seen as Error).message).toBe('secret detail');
  });
});
