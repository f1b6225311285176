/** The access snapshot's freshness: a decision never rests on rules read longer ago than `freshMs`. */
import { describe, expect, it } from 'vitest';
import { AccessControl, type AccessSource } from '../../src/catalog/access/access-control.js';
import type { StoredAccess } from '../../src/storage/access-store.js';

const EMPTY: StoredAccess = { policies: [], groups: [], bindings: [], serviceAccounts: [] };
const DENY_READ = {
  ...EMPTY,
  policies: [{ id: 'd', urn: 'urn:li:dataHubPolicy:d', name: 'deny', state: 'ACTIVE', effect: 'DENY', privileges: ['VIEW_METADATA'], actors: { users: ['urn:li:corpuser:u'] }, createdAt: 0, createdBy: 'x', updatedAt: 0, updatedBy: 'x' }],
} as unknown as StoredAccess;

/** A source whose reads answer only when the test says, in the order they were asked. */
function controlledSource() {
  const pending: ((docs: StoredAccess) => void)[] = [];
  const source: AccessSource = { all: () => new Promise<StoredAccess>((resolve) => pending.push(resolve)) };
  return { source, pending };
}

describe('the access snapshot', () => {
  it('does not join a reload that began longer ago than freshMs: it reads again, and decides on the newer rules', async () => {
    const { source, pending } = controlledSource();
    const access = new AccessControl(source, 'Reader', false, 50);
    const first = access.decide('urn:li:corpuser:u', 'VIEW_METADATA');
    expect(pending).toHaveLength(1);
    // The first read stalls past freshMs; meanwhile the rules change (a deny), and a new request asks.
    await new Promise((r) => setTimeout(r, 80));
    const second = access.decide('urn:li:corpuser:u', 'VIEW_METADATA');
    expect(pending).toHaveLength(2);
    pending[1](DENY_READ);
    expect((await second).allowed).toBe(false);
    pending[0](EMPTY);
    expect((await first).allowed).toBe(true);
  });

  it('joins a reload that began within freshMs', async () => {
    const { source, pending } = controlledSource();
    const access = new AccessControl(source, 'Reader', false, 10_000);
    const a = access.decide('urn:li:corpuser:u', 'VIEW_METADATA');
    const b = access.decide('urn:li:corpuser:u', 'VIEW_METADATA');
    expect(pending).toHaveLength(1);
    pending[0](EMPTY);
    expect([(await a).allowed, (await b).allowed]).toEqual([true, true]);
  });
});
