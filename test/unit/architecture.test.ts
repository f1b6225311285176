import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

// The layering rule of docs/architecture.md, checked on the real import graph of src/, type-only imports included. The
// one upward edge allowed is an adapter's type-only import of the `Services` interface (the contract the composition
// root fulfils); catalog operations and jobs name only CatalogDeps / JobDeps.
const SRC = join(import.meta.dirname, '../../src');

/** Lower rank = lower layer. A module may import only modules of its own layer or of a lower one. */
const RANK: Record<string, number> = {
  errors: 0, config: 0, logger: 0,
  model: 1,
  storage: 2, search: 2, auth: 2, metrics: 2,
  catalog: 3,
  jobs: 4,
  wire: 5,
  gms: 6, graphql: 6, sdk: 6, cli: 6, ui: 6, mcp: 6,
  http: 7,
  services: 8, server: 8, main: 8, contracts: 8, 'reindex-command': 8,
};

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(join(dir, e.name)) : e.name.endsWith('.ts') && !e.name.endsWith('.d.ts') ? [join(dir, e.name)] : []));
}

interface Edge {
  to: string;
  typeOnly: boolean;
}

function imports(file: string): Edge[] {
  const text = readFileSync(file, 'utf8');
  const out: Edge[] = [];
  for (const m of text.matchAll(/^(import|export)\s+(type\s+)?([^'"]*?)\s*from\s+'(\.[^']+)'/gm)) {
    const names = m[3].replace(/^\{|\}$/g, '').split(',').map((s) => s.trim()).filter(Boolean);
    const typeOnly = !!m[2] || (m[1] === 'import' && names.length > 0 && names.every((n) => n.startsWith('type ')));
    out.push({ to: normalize(join(dirname(file), m[4].replace(/\.js$/, '.ts'))), typeOnly });
  }
  for (const m of text.matchAll(/^import\s+'(\.[^']+)'/gm)) out.push({ to: normalize(join(dirname(file), m[1].replace(/\.js$/, '.ts'))), typeOnly: false });
  return out;
}

const layerOf = (file: string) => relative(SRC, file).split('/')[0].replace(/\.ts$/, '');
const graph = new Map(files(SRC).map((f) => [f, imports(f)]));
const ADAPTERS = RANK.wire;

describe('src/ import graph', () => {
  it('puts every module in a known layer', () => {
    const unknown = [...new Set([...graph.keys()].map(layerOf))].filter((l) => !(l in RANK));
    expect(unknown).toEqual([]);
  });

  it('never imports from a higher layer (model → storage/search → catalog → jobs → adapters → composition)', () => {
    const upward: string[] = [];
    for (const [from, tos] of graph) {
      for (const { to, typeOnly } of tos) {
        const contract = typeOnly && layerOf(to) === 'services' && RANK[layerOf(from)] >= ADAPTERS;
        if (RANK[layerOf(to)] > RANK[layerOf(from)] && !contract) upward.push(`${relative(SRC, from)} → ${relative(SRC, to)}`);
      }
    }
    expect(upward).toEqual([]);
  });

  it('has no cycle between modules, type-only imports included', () => {
    const cycles: string[] = [];
    const state = new Map<string, 'open' | 'done'>();
    const visit = (f: string, path: string[]) => {
      if (state.get(f) === 'done') return;
      if (state.get(f) === 'open') {
        cycles.push([...path.slice(path.indexOf(f)), f].map((p) => relative(SRC, p)).join(' → '));
        return;
      }
      state.set(f, 'open');
      for (const { to } of graph.get(f) ?? []) visit(to, [...path, f]);
      state.set(f, 'done');
    };
    for (const f of graph.keys()) visit(f, []);
    expect(cycles).toEqual([]);
  });

  it('lets only storage/ import the OpenSearch client', () => {
    const outside = [...graph.keys()].filter((f) => layerOf(f) !== 'storage' && /from '@opensearch-project\/opensearch/.test(readFileSync(f, 'utf8')));
    expect(outside.map((f) => relative(SRC, f))).toEqual([]);
  });
});
