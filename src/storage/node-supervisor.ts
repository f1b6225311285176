/**
 * Keeps the managed OpenSearch node alive: when it stops answering, it is started again with backoff (logged), so
 * requests succeed again without restarting the service. Meanwhile requests answer 503 with Retry-After.
 */
import type { Logger } from '../logger.js';
import type { IndexAdmin } from './index-admin.js';

export interface NodeSupervisor {
  stop(): void;
  /** How many times the node was started again. */
  restarts(): number;
}

export interface SupervisorOptions {
  probeMs?: number;
  /** Consecutive failed probes before a restart is tried. */
  failuresBeforeRestart?: number;
  maxBackoffMs?: number;
  onRestart?: () => void;
}

export function superviseNode(indices: IndexAdmin, restart: () => Promise<void>, log: Logger, opts: SupervisorOptions = {}): NodeSupervisor {
  const probeMs = opts.probeMs ?? 2000;
  const threshold = opts.failuresBeforeRestart ?? 2;
  const maxBackoff = opts.maxBackoffMs ?? 60_000;
  let failures = 0;
  let backoff = 0;
  let restarts = 0;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;

  const tick = async () => {
    if (stopped) return;
    if (await indices.reachable(Math.min(probeMs, 3000))) {
      if (failures >= threshold) log.info({ restarts }, 'managed OpenSearch node is answering again');
      failures = 0;
      backoff = 0;
    } else if (++failures >= threshold) {
      log.warn({ failures, backoffMs: backoff }, 'managed OpenSearch node is not answering; starting it again');
      try {
        await restart();
        restarts++;
        opts.onRestart?.();
        log.info({ restarts }, 'managed OpenSearch node started again');
        failures = 0;
        backoff = 0;
      } catch (e) {
        backoff = Math.min(maxBackoff, Math.max(probeMs, backoff * 2));
        log.error({ err: e, nextTryMs: backoff }, 'could not start the managed OpenSearch node');
      }
    }
    if (!stopped) {
      timer = setTimeout(() => void tick(), probeMs + backoff);
      timer.unref();
    }
  };
  timer = setTimeout(() => void tick(), probeMs);
  timer.unref();
  return {
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
    },
    restarts: () => restarts,
  };
}
