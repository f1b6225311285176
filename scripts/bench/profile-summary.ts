/**
 * Summarises a Node .cpuprofile: the share of busy samples in which each package (or Tessera module) and each function
 * is on the stack (inclusive), counting a sample once per name however deep the recursion. Usage: tsx profile-summary.ts <file> [top]
 */
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

/** `express`, `@opensearch-project/opensearch`, `tessera:http`, `node:internal`, or a V8 pseudo-frame like `(garbage collector)`. */
export function packageOf(url: string, fn: string): string {
  if (!url) return fn.startsWith('(') ? fn : '(native)';
  const nm = url.lastIndexOf('node_modules/');
  if (nm >= 0) {
    const parts = url.slice(nm + 'node_modules/'.length).split('/');
    return parts[0].startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0];
  }
  const own = /\/(?:dist|src)\/([^/]+)\//.exec(url);
  if (own) return `tessera:${own[1]}`;
  if (/\/(?:dist|src)\/[^/]+\.[jt]s$/.test(url)) return 'tessera:root';
  return url.startsWith('node:') ? 'node:internal' : url.split('/').slice(-2).join('/');
}

export function summariseProfile(profile: { nodes: ProfileNode[]; samples: number[] }, top = 25) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const pkgs = new Map<string, number>();
  const fns = new Map<string, number>();
  const self = new Map<string, number>();
  const selfPkgs = new Map<string, number>();
  const nameOf = (f: ProfileNode['callFrame']) => `${f.functionName || '(anonymous)'} ${f.url.split('/').slice(-2).join('/')}:${f.lineNumber + 1}`;
  let busy = 0;
  for (const s of profile.samples) {
    const leaf = byId.get(s)!;
    if (leaf.callFrame.functionName === '(idle)') continue;
    busy++;
    self.set(nameOf(leaf.callFrame), (self.get(nameOf(leaf.callFrame)) ?? 0) + 1);
    // Native leaves (writev, JSON.parse) count for the nearest JavaScript caller's package; GC stays itself.
    let owner: number | undefined = s;
    // …and so do Node's own internals (http, streams, sockets): the layer that asked for the work pays for it.
    const internal = (id: number) => {
      const f = byId.get(id)!.callFrame;
      return (!f.url && !f.functionName.startsWith('(')) || f.url.startsWith('node:');
    };
    while (owner !== undefined && internal(owner)) owner = parent.get(owner);
    const ownerFrame = byId.get(owner ?? s)!.callFrame;
    const ownerPkg = packageOf(ownerFrame.url, ownerFrame.functionName);
    selfPkgs.set(ownerPkg, (selfPkgs.get(ownerPkg) ?? 0) + 1);
    const seenPkg = new Set<string>();
    const seenFn = new Set<string>();
    for (let id: number | undefined = s; id !== undefined; id = parent.get(id)) {
      const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
      if (functionName === '(root)') continue;
      seenPkg.add(packageOf(url, functionName));
      seenFn.add(nameOf({ functionName, url, lineNumber }));
    }
    for (const k of seenPkg) pkgs.set(k, (pkgs.get(k) ?? 0) + 1);
    for (const k of seenFn) fns.set(k, (fns.get(k) ?? 0) + 1);
  }
  const rank = (m: Map<string, number>) => [...m].sort((a, b) => b[1] - a[1]).slice(0, top).map(([name, n]) => ({ name, share: n / Math.max(1, busy) }));
  return { busySamples: busy, packages: rank(pkgs), selfPackages: rank(selfPkgs), functions: rank(fns), self: rank(self) };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const s = summariseProfile(JSON.parse(readFileSync(process.argv[2], 'utf8')), Number(process.argv[3] ?? 25));
  const pct = (x: number) => `${(x * 100).toFixed(1).padStart(5)} %`;
  process.stdout.write(`${s.busySamples} busy samples\n\npackages (inclusive):\n`);
  for (const p of s.packages) process.stdout.write(`  ${pct(p.share)}  ${p.name}\n`);
  process.stdout.write('\npackages (self, Node internals and native code charged to the nearest package that called them):\n');
  for (const p of s.selfPackages) process.stdout.write(`  ${pct(p.share)}  ${p.name}\n`);
  process.stdout.write('\nfunctions (inclusive):\n');
  for (const f of s.functions) process.stdout.write(`  ${pct(f.share)}  ${f.name}\n`);
  process.stdout.write('\nfunctions (self):\n');
  for (const f of s.self) process.stdout.write(`  ${pct(f.share)}  ${f.name}\n`);
}
