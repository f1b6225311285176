/**
 * Index sets kept between the test files of one worker. Creating a catalog's 18 indices costs the node seconds of
 * cluster-state updates; emptying them costs tens of milliseconds. A set is handed on only when it is exactly as
 * created: an index whose mappings, settings or aliases a test changed (a property's field, a rebuild, a block, the
 * events index's retention horizon) is deleted and made anew by the next app, and documents that outlive the emptying
 * give up the whole set.
 *
 * A slot belongs to one worker (VITEST_POOL_ID is exclusive among running workers of a pool), so its state file needs
 * no lock. The state lives in the run's directory (the global setup makes it and deletes what is left at the end).
 */
import { createHash } from 'node:crypto';
import { existsSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { isMainThread } from 'node:worker_threads';
import type { Client } from '@opensearch-project/opensearch';
import { inject } from 'vitest';

/** What an index set held when its app started: per alias, the physical index and a fingerprint of its definition. */
type Pristine = Record<string, { index: string; fingerprint: string }>;

const claimed = new Set<number>();

/** Settings that differ between two identical indices, or that the node changes by itself. */
const VOLATILE_SETTINGS = new Set(['uuid', 'creation_date', 'provided_name', 'version', 'history']);

function fingerprint(definition: { mappings?: unknown; settings?: { index?: Record<string, unknown> }; aliases?: unknown }): string {
  const settings = Object.fromEntries(Object.entries(definition.settings?.index ?? {}).filter(([k]) => !VOLATILE_SETTINGS.has(k)));
  return createHash('sha1').update(JSON.stringify([definition.mappings, settings, definition.aliases])).digest('hex');
}

async function definitions(raw: Client, prefix: string): Promise<Record<string, any>> {
  const res = await raw.indices.get({ index: `${prefix}*` }, { ignore: [404] });
  return res.statusCode === 404 ? {} : (res.body as Record<string, any>);
}

export interface IndexSlot {
  prefix: string;
  /** Records the set as it stands now (after the app created and seeded it) as the state to hand on. */
  started(raw: Client): Promise<void>;
  /** Empties the set for the next file if it is unchanged; deletes what changed (everything when in doubt). */
  release(raw: Client): Promise<void>;
}

/** The lowest slot of this worker that no app of this process holds; its indices are emptied or absent. */
export async function claimIndexSlot(raw: Client): Promise<IndexSlot> {
  let slot = 0;
  while (claimed.has(slot)) slot++;
  claimed.add(slot);
  const run = inject('testRunId');
  const worker = `${isMainThread ? 'p' : 't'}${process.env.VITEST_POOL_ID ?? '0'}`;
  const prefix = `t_${run}_${worker}_${slot}_`;
  const stateFile = join(inject('testRunDir'), `${prefix}.json`);
  let pristine: Pristine = {};
  // A set not released cleanly (a file that failed before closing its app) is deleted, not trusted; so is one that
  // holds documents again (a write that landed after the last file emptied it).
  const trusted = existsSync(stateFile) && (await raw.count({ index: `${prefix}*` }, { ignore: [404] })).body?.count === 0;
  if (!trusted) await raw.indices.delete({ index: `${prefix}*` }, { ignore: [404] });
  rmSync(stateFile, { force: true });
  return {
    prefix,
    async started(client) {
      const defs = await definitions(client, prefix);
      pristine = {};
      for (const [index, def] of Object.entries(defs)) {
        for (const alias of Object.keys(def.aliases ?? {})) pristine[alias] = { index, fingerprint: fingerprint(def) };
      }
    },
    async release(client) {
      claimed.delete(slot);
      const defs = await definitions(client, prefix);
      const keep = Object.values(pristine)
        .filter(({ index, fingerprint: fp }) => defs[index] && fingerprint(defs[index]) === fp)
        .map(({ index }) => index);
      const drop = Object.keys(defs).filter((index) => !keep.includes(index));
      if (drop.length) await client.indices.delete({ index: drop.join(',') }, { ignore: [404] });
      if (keep.length === 0) return;
      const target = keep.join(',');
      await client.deleteByQuery({ index: target, body: { query: { match_all: {} } }, refresh: true, conflicts: 'proceed', wait_for_completion: true } as any);
      const left = await client.count({ index: target });
      if ((left.body as { count: number }).count !== 0) {
        await client.indices.delete({ index: `${prefix}*` }, { ignore: [404] });
        return;
      }
      // The file's presence is the whole state: the next app of this slot may trust the set (absent indices it makes).
      writeFileSync(stateFile, '');
    },
  };
}
