/** The contention row: 32 concurrent PATCHes adding keys to one entity, in rounds; raw side is the OCC loop with if_seq_no. */
import { setTimeout as sleep } from 'node:timers/promises';
import { datasetIndex, enc, osCall, osOk, tesseraOk, type BenchContext } from './context.js';
import { CpuMeter, TICKS_PER_SECOND } from './proc.js';
import { cpuPerUnitUs, summarise, type SideFigures } from './stats.js';

const WRITERS = 32;
const ROUNDS_PER_HALF = 10;

export interface RmwFigures {
  tessera: SideFigures & { lost: number };
  raw: SideFigures & { lost: number; attemptsPerWrite: number };
}

const urnOf = (side: string) => `urn:li:dataset:(urn:li:dataPlatform:hive,bench.rmw.${side}_${Date.now()},PROD)`;

async function keysOf(c: BenchContext, urn: string): Promise<number> {
  const r = await osOk(c, 'GET', `/${datasetIndex(c)}/_doc/${enc(urn)}?realtime=true`);
  return Object.keys(r.json()._source.aspects.datasetProperties.value.customProperties ?? {}).length;
}

function tesseraPatch(c: BenchContext, urn: string) {
  return async (key: string) => {
    await tesseraOk(c, 'PATCH', `/openapi/v3/entity/dataset/${enc(urn)}/datasetProperties`, { patch: [{ op: 'add', path: `/customProperties/${key}`, value: 'v' }] });
    return 1;
  };
}

/** Read, change, write conditionally, retry on 409 with the same jittered backoff the entity store uses. */
function rawOcc(c: BenchContext, urn: string, attempts: { n: number }) {
  const doc = `/${datasetIndex(c)}/_doc/${enc(urn)}`;
  return async (key: string) => {
    for (let attempt = 1; ; attempt++) {
      attempts.n++;
      const cur = (await osOk(c, 'GET', `${doc}?realtime=true`)).json();
      const src = cur._source;
      src.aspects.datasetProperties.value.customProperties = { ...src.aspects.datasetProperties.value.customProperties, [key]: 'v' };
      const w = await osCall(c, 'PUT', `${doc}?if_seq_no=${cur._seq_no}&if_primary_term=${cur._primary_term}`, src);
      if (w.status < 300) return 1;
      if (w.status !== 409) throw new Error(`raw write ${w.status}: ${w.text.slice(0, 200)}`);
      await sleep(Math.min(200, 2 ** Math.min(attempt, 7)) * (0.5 + Math.random()));
    }
  };
}

export async function runRmw(c: BenchContext): Promise<RmwFigures> {
  const urns = { tessera: urnOf('tessera'), raw: urnOf('raw') };
  for (const urn of Object.values(urns)) {
    await tesseraOk(c, 'POST', `/openapi/v3/entity/dataset/${enc(urn)}/datasetProperties?createIfNotExists=false`, { value: { name: 'rmw', customProperties: {} } });
  }
  const attempts = { n: 0 };
  const ops = { tessera: tesseraPatch(c, urns.tessera), raw: rawOcc(c, urns.raw, attempts) };
  // Equal-results probe: one write each, the key is there.
  await ops.tessera('probe');
  await ops.raw('probe');
  if ((await keysOf(c, urns.tessera)) !== 1 || (await keysOf(c, urns.raw)) !== 1) throw new Error('rmw probe: a key is missing');
  attempts.n = 0;
  const meter = new CpuMeter({ os: c.osPid, tessera: c.tesseraPid });
  const acc = { tessera: { lat: [] as number[], units: 0, s: 0, errors: 0, os: 0, svc: 0 }, raw: { lat: [] as number[], units: 0, s: 0, errors: 0, os: 0, svc: 0 } };
  let half = 0;
  for (const side of ['tessera', 'raw', 'raw', 'tessera'] as const) {
    half++;
    const before = meter.sample();
    const t0 = performance.now();
    for (let round = 0; round < ROUNDS_PER_HALF; round++) {
      await Promise.all(Array.from({ length: WRITERS }, async (_, w) => {
        const s = performance.now();
        try {
          const units = await ops[side](`k${half}_${round}_${w}`);
          acc[side].units += units;
          acc[side].lat.push(performance.now() - s);
        } catch {
          acc[side].errors++;
        }
      }));
    }
    const secs = (performance.now() - t0) / 1000;
    const after = meter.sample();
    acc[side].s += secs;
    acc[side].os += after.os - before.os;
    acc[side].svc += after.tessera - before.tessera;
    c.progress(`  ${side.padEnd(8)} ${(WRITERS * ROUNDS_PER_HALF / secs).toFixed(0).padStart(7)}/s over ${secs.toFixed(1)} s`);
  }
  const expected = 1 + 2 * ROUNDS_PER_HALF * WRITERS;
  const lost = { tessera: expected - (await keysOf(c, urns.tessera)), raw: expected - (await keysOf(c, urns.raw)) };
  for (const urn of Object.values(urns)) await tesseraOk(c, 'DELETE', `/openapi/v3/entity/dataset/${enc(urn)}`);
  const fig = (side: 'tessera' | 'raw') => ({
    ...summarise(acc[side].lat, acc[side].units, acc[side].s, acc[side].errors),
    osCpuUs: cpuPerUnitUs(acc[side].os, TICKS_PER_SECOND, acc[side].units),
    serviceCpuUs: side === 'tessera' ? cpuPerUnitUs(acc[side].svc, TICKS_PER_SECOND, acc[side].units) : undefined,
  });
  return {
    tessera: { ...fig('tessera'), lost: lost.tessera },
    raw: { ...fig('raw'), lost: lost.raw, attemptsPerWrite: attempts.n / acc.raw.units },
  };
}
