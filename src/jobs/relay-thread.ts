/**
 * Where the change relay runs. From the build, in a worker thread of its own (relay-worker.ts): a round's engine calls
 * then never queue behind the main thread's request handling, and the relay follows a bulk load at its own pace (on the
 * main thread it fell minutes behind one). From the sources (the tests, `tsx`), or with RELAY_THREAD=main, on the
 * main thread. Either way the one relay (change-relay.ts) does the work; this is only its transport.
 */
import { Worker } from 'node:worker_threads';
import { fileURLToPath } from 'node:url';
import type { Config } from '../config.js';
import type { Logger } from '../logger.js';
import type { Metrics } from '../metrics/metrics.js';
import { ChangeRelay, type RelayDeps, type RelayMetrics, type RelayPositions, type RelayState } from './change-relay.js';

/** What the server and tests drive: the loop, one round now, a stop that hands the lease on. */
export interface Relay {
  start(): this;
  /** One round now (after any in progress); answers whether this process leads. */
  tick(): Promise<boolean>;
  stop(): Promise<void>;
}

export type ToRelay = { type: 'start' } | { type: 'tick'; id: number } | { type: 'stop' };
export type FromRelay =
  | { type: 'ready' }
  | { type: 'positions'; state: Pick<RelayState, 'positions' | 'hot' | 'backlog' | 'updatedAt'> }
  | { type: 'metric'; metric: keyof RelayMetrics; op: 'inc' | 'set'; args: unknown[] }
  | { type: 'ticked'; id: number; led?: boolean; error?: string }
  | { type: 'unhandled' }
  | { type: 'stopped' };

/** A worker that ended unasked is started again after this long (its lease is its own: it takes it back at once). */
const RESTART_MS = 1_000;

export function createRelay(config: Config, deps: RelayDeps, positions: RelayPositions, opensearchUrl: string, metrics: Metrics): Relay {
  const fromBuild = import.meta.url.endsWith('.js');
  if (config.RELAY_THREAD === 'main' || !fromBuild) return new ChangeRelay(deps, positions);
  return new RelayThread(config, opensearchUrl, deps.instanceId, positions, metrics, deps.log);
}

class RelayThread implements Relay {
  private worker?: Worker;
  private started = false;
  private stopping?: Promise<void>;
  private ticks = new Map<number, { resolve(led: boolean): void; reject(e: Error): void }>();
  private nextTick = 1;

  constructor(
    private readonly config: Config,
    private readonly opensearchUrl: string,
    private readonly instanceId: string,
    private readonly positions: RelayPositions,
    private readonly metrics: Metrics,
    private readonly log: Logger,
  ) {}

  start(): this {
    this.started = true;
    this.spawn().postMessage({ type: 'start' } satisfies ToRelay);
    return this;
  }

  tick(): Promise<boolean> {
    const id = this.nextTick++;
    return new Promise((resolve, reject) => {
      this.ticks.set(id, { resolve, reject });
      this.spawn().postMessage({ type: 'tick', id } satisfies ToRelay);
    });
  }

  stop(): Promise<void> {
    const worker = this.worker;
    this.started = false;
    if (!worker) return Promise.resolve();
    return (this.stopping ??= new Promise<void>((resolve) => {
      const done = () => void worker.terminate().finally(resolve);
      worker.once('exit', () => resolve());
      worker.on('message', (m: FromRelay) => m.type === 'stopped' && done());
      worker.postMessage({ type: 'stop' } satisfies ToRelay);
    }).finally(() => {
      this.worker = undefined;
      this.stopping = undefined;
    }));
  }

  private spawn(): Worker {
    if (this.worker) return this.worker;
    const file = fileURLToPath(new URL('./relay-worker.js', import.meta.url));
    const worker = new Worker(file, { workerData: { config: this.config, opensearchUrl: this.opensearchUrl, instanceId: this.instanceId } });
    this.worker = worker;
    worker.on('message', (m: FromRelay) => this.receive(m));
    worker.on('error', (e) => this.log.error({ err: e }, 'the change relay thread failed'));
    worker.on('exit', (code) => {
      if (this.worker !== worker) return;
      this.worker = undefined;
      for (const t of this.ticks.values()) t.reject(new Error(`the change relay thread ended (code ${code})`));
      this.ticks.clear();
      if (!this.started) return;
      this.metrics.unhandledRejections.inc();
      this.log.error({ code }, 'the change relay thread ended; starting it again');
      setTimeout(() => this.started && !this.worker && this.start(), RESTART_MS).unref();
    });
    return worker;
  }

  private receive(m: FromRelay): void {
    if (m.type === 'positions') this.positions.set(m.state);
    else if (m.type === 'metric') {
      const instrument = this.metrics[m.metric] as unknown as Record<'inc' | 'set', (...a: unknown[]) => void>;
      instrument[m.op](...m.args);
    }
    else if (m.type === 'unhandled') this.metrics.unhandledRejections.inc();
    else if (m.type === 'ticked') {
      const t = this.ticks.get(m.id);
      this.ticks.delete(m.id);
      if (m.error !== undefined) t?.reject(new Error(m.error));
      else t?.resolve(m.led ?? false);
    }
  }
}
