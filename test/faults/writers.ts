/** Writers that keep adding keys to a few datasets through HTTP and remember exactly which writes were acknowledged. */
import { setTimeout as sleep } from 'node:timers/promises';
import { encodeUrn } from '../../src/model/urn.js';

export interface Writers {
  /** Acknowledged keys per dataset URN. */
  acked: Map<string, Set<string>>;
  attempts: () => number;
  stop(): Promise<void>;
}

/** `base()` is read before every request, so writers follow a service that was started again on the same URL. */
export function startWriters(base: () => string, token: string, datasets: string[], count = 8): Writers {
  const acked = new Map(datasets.map((d) => [d, new Set<string>()]));
  let stopped = false;
  let attempts = 0;
  const loops = Array.from({ length: count }, async (_, w) => {
    for (let i = 0; !stopped; i++) {
      const urn = datasets[(w + i) % datasets.length];
      const key = `w${w}_${i}`;
      attempts++;
      try {
        const r = await fetch(`${base()}/openapi/v3/entity/dataset/${encodeUrn(urn)}/datasetProperties`, {
          method: 'PATCH',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json-patch+json' },
          body: JSON.stringify([{ op: 'add', path: `/customProperties/${key}`, value: String(i) }]),
          signal: AbortSignal.timeout(15_000),
        });
        if (r.status === 200) acked.get(urn)!.add(key);
        else await sleep(100);
      } catch {
        await sleep(100); // service or engine down: not acknowledged, try the next write
      }
    }
  });
  return {
    acked,
    attempts: () => attempts,
    async stop() {
      stopped = true;
      await Promise.all(loops);
    },
  };
}

/** Keys acknowledged but missing from what the service reads back now. */
export async function lostWrites(base: string, token: string, writers: Writers): Promise<string[]> {
  const lost: string[] = [];
  for (const [urn, keys] of writers.acked) {
    const r = await fetch(`${base}/openapi/v3/entity/dataset/${encodeUrn(urn)}/datasetProperties`, { headers: { authorization: `Bearer ${token}` } });
    const stored = ((await r.json()) as any).datasetProperties.value.customProperties ?? {};
    for (const k of keys) if (!(k in stored)) lost.push(`${urn} ${k}`);
  }
  return lost;
}
