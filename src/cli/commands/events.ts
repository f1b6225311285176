/** `tessera events prune` and `tessera webhook …`: the retention job, and webhook subscriptions with their deliveries. */
import type { CliContext } from '../cli-context.js';
import { readYamlFile } from '../yaml-file.js';

interface Hook {
  id: string;
  url: string;
  enabled: boolean;
  disabledReason?: string;
  filter: Record<string, unknown>;
  position: number;
  secret?: string;
}

export async function runEventsPrune(ctx: CliContext): Promise<void> {
  const done = await ctx.client().request<{ removed: number; removedBefore: string; oldestSeqKept: number | null }>('POST', '/openapi/v3/events/retention/run', { body: {} });
  if (ctx.json()) return ctx.printJson(done);
  ctx.io.out(`Removed ${done.removed} change record(s) from before ${done.removedBefore}; the oldest kept is #${done.oldestSeqKept ?? 'none'}.`);
}

export async function runWebhookList(ctx: CliContext): Promise<void> {
  const { webhooks } = await ctx.client().request<{ webhooks: Hook[] }>('GET', '/openapi/v3/webhooks');
  if (ctx.json()) return ctx.printJson({ webhooks });
  if (webhooks.length === 0) return ctx.io.err('No webhooks.');
  ctx.io.out(['ID', 'URL', 'ENABLED', 'POSITION', 'FILTER'].join('\t'));
  for (const h of webhooks) ctx.io.out([h.id, h.url, h.enabled ? 'yes' : `no (${h.disabledReason ?? 'disabled'})`, h.position, JSON.stringify(h.filter)].join('\t'));
}

export async function runWebhookCreate(ctx: CliContext, opts: { url: string; filter?: string; description?: string }): Promise<void> {
  const filter = opts.filter ? readYamlFile(opts.filter) : {};
  const hook = await ctx.client().request<Hook>('POST', '/openapi/v3/webhooks', { body: { url: opts.url, filter, ...(opts.description && { description: opts.description }) } });
  if (ctx.json()) return ctx.printJson(hook);
  ctx.io.out(`Created webhook ${hook.id} for ${hook.url}; it receives events after #${hook.position}.`);
  ctx.io.out(`Signing secret (shown once; verify deliveries with it): ${hook.secret}`);
}

export async function runWebhookDelete(ctx: CliContext, opts: { id: string }): Promise<void> {
  await ctx.client().request('DELETE', `/openapi/v3/webhooks/${encodeURIComponent(opts.id)}`);
  if (ctx.json()) return ctx.printJson({ deleted: opts.id });
  ctx.io.out(`Deleted webhook ${opts.id}`);
}

export async function runWebhookDeliveries(ctx: CliContext, opts: { id: string; status?: string }): Promise<void> {
  const page = await ctx.client().request<{ deliveries: { eventId: string; seq: number; urn: string; status: string; attempts: { status?: number; error?: string }[] }[] }>(
    'GET',
    `/openapi/v3/webhooks/${encodeURIComponent(opts.id)}/deliveries`,
    { query: { status: opts.status } },
  );
  if (ctx.json()) return ctx.printJson(page);
  if (page.deliveries.length === 0) return ctx.io.err('No deliveries.');
  ctx.io.out(['SEQ', 'EVENT', 'URN', 'STATUS', 'ATTEMPTS'].join('\t'));
  for (const d of page.deliveries) ctx.io.out([d.seq, d.eventId, d.urn, d.status, d.attempts.map((a) => a.status ?? a.error).join(',')].join('\t'));
}

export async function runWebhookReplay(ctx: CliContext, opts: { id: string; event: string }): Promise<void> {
  await ctx.client().request('POST', `/openapi/v3/webhooks/${encodeURIComponent(opts.id)}/deliveries/${encodeURIComponent(opts.event)}/replay`, { body: {} });
  if (ctx.json()) return ctx.printJson({ replayed: opts.event });
  ctx.io.out(`Event ${opts.event} will be delivered again to webhook ${opts.id}`);
}
