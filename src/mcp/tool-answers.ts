/**
 * How the MCP tools answer: compact JSON text within a byte budget sized for a model's context, lists cut to what
 * fits (flagged `truncated`, with the `nextStart` of the rest), and failures as tool errors carrying the catalog's own
 * message — never a stack trace or an engine's words.
 */
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { boundedMessage, CatalogError, ERROR_KINDS } from '../errors.js';
import type { Services } from '../services.js';
import { engineFailureOf, logRequestFailure } from '../storage/engine-failures.js';

/** The most text one tool answer carries. */
export const ANSWER_BYTES = 8 * 1024;
/** Descriptions and other free text in lists are cut to this many characters. */
export const TEXT_CHARS = 200;

/** What every tool runs with: the caller, as authenticated by the pipeline, and the request it came in. */
export interface ToolContext {
  services: Services;
  actor: string;
  requestId: string;
  waitForSearch: boolean;
}

type Obj = Record<string, unknown>;

export const bytesOf = (value: unknown): number => Buffer.byteLength(JSON.stringify(value));

/** Text cut to `max` characters, ending in … when cut. */
export function cutText(text: unknown, max = TEXT_CHARS): string | undefined {
  if (typeof text !== 'string' || text === '') return undefined;
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

/**
 * One page of a list: as many of `items` (the page read, from `start`) as fit the budget beside the rest of the
 * answer. When some were left out, or the catalog holds more, `nextStart` says where the next page begins;
 * `truncated` says the page was cut to fit.
 */
export function fitPage<T>(head: Obj, key: string, items: readonly T[], start: number, moreAfter: boolean, budget = ANSWER_BYTES): Obj {
  const build = (k: number): Obj => {
    const cut = k < items.length;
    return { ...head, [key]: items.slice(0, k), ...((cut || moreAfter) && { nextStart: start + k }), ...(cut && { truncated: true }) };
  };
  if (bytesOf(build(items.length)) <= budget) return build(items.length);
  // The largest number of items that fits (answers grow with each item kept).
  let lo = 0;
  let hi = items.length - 1;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (bytesOf(build(mid)) <= budget) lo = mid;
    else hi = mid - 1;
  }
  // Items are capped so that one always fits; should one not, it is passed over (said so) rather than asked for again and again.
  if (lo === 0 && items.length > 0 && bytesOf(build(0)) <= budget) return { ...build(0), nextStart: start + 1, note: `the item at ${start} alone exceeds ${budget} bytes and was left out` };
  return build(lo);
}

/** A value as the tool's answer. A value still over the budget (never expected: lists are fitted) is cut and flagged. */
export function answerOf(value: unknown, budget = ANSWER_BYTES): CallToolResult {
  const whole = JSON.stringify(value);
  let text = whole;
  // The preview is itself escaped in the answer: shortened until the whole fits.
  for (let chars = budget; Buffer.byteLength(text) > budget; chars = Math.floor(chars * 0.8)) {
    const preview = whole.slice(0, chars);
    text = JSON.stringify({ truncated: true, note: `the answer exceeded ${budget} bytes; ask for less (a smaller count, fewer aspects)`, preview });
  }
  return { content: [{ type: 'text', text }] };
}

export const toolError = (message: string): CallToolResult => ({ isError: true, content: [{ type: 'text', text: message }] });

/** A failure as a tool error: the catalog's message under its title; anything else logged and answered plainly. */
export function failureOf(ctx: ToolContext, e: unknown): CallToolResult {
  // A failure the engine caused names it in a line of its own with the request's id, as the pipeline does for routes.
  const failure = engineFailureOf(e);
  if (failure) logRequestFailure(ctx.services.log, ctx.requestId, failure);
  if (e instanceof CatalogError) return toolError(`${ERROR_KINDS[e.code].title}: ${boundedMessage(e.message)}`);
  ctx.services.log.error({ err: e, requestId: ctx.requestId }, 'MCP tool failed');
  return toolError(`An unexpected error occurred (request ${ctx.requestId})`);
}

/** A tool's callback: its answer bounded, its failure a tool error. */
export function tool<A>(ctx: ToolContext, run: (args: A) => Promise<unknown>): (args: A) => Promise<CallToolResult> {
  return async (args) => {
    try {
      return answerOf(await run(args));
    } catch (e) {
      return failureOf(ctx, e);
    }
  };
}
