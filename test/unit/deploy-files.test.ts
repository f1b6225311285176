/** The Dockerfile and docker-compose.yml, read statically (no Docker here): multi-stage, pinned, non-root, plain node; three healthy nodes the service points at. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { ConfigSchema, loadConfig } from '../../src/config.js';

const read = (p: string) => readFileSync(new URL(`../../${p}`, import.meta.url), 'utf8');

/** Dockerfile instructions (continuations joined, comments dropped), grouped by build stage. */
function dockerStages(text: string): { from: string; name?: string; lines: [string, string][] }[] {
  const logical = text.replace(/\\\n/g, ' ').split('\n').map((l) => l.trim()).filter((l) => l && !l.startsWith('#'));
  const stages: { from: string; name?: string; lines: [string, string][] }[] = [];
  for (const line of logical) {
    const [, op, rest] = /^(\w+)\s+(.*)$/.exec(line)!;
    if (op.toUpperCase() === 'FROM') {
      const [, image, name] = /^(\S+)(?:\s+AS\s+(\S+))?$/i.exec(rest)!;
      stages.push({ from: image, name, lines: [] });
    } else stages.at(-1)!.lines.push([op.toUpperCase(), rest]);
  }
  return stages;
}

/** An image reference pinned to an exact release (x.y.z tag) or a digest; never a floating tag. */
const PINNED = /^[\w./-]+(:\d+\.\d+\.\d+[\w.-]*|@sha256:[0-9a-f]{64})$/;
const OPENSEARCH_VERSION = /^OPENSEARCH_VERSION=(\S+)$/m.exec(read('scripts/opensearch.sh'))![1];

describe('Dockerfile', () => {
  const stages = dockerStages(read('Dockerfile'));
  const final = stages.at(-1)!;
  const ops = (op: string) => final.lines.filter(([o]) => o === op).map(([, rest]) => rest);

  it('builds in one stage and runs in another, both from a pinned base image', () => {
    expect(stages.length).toBeGreaterThanOrEqual(2);
    for (const s of stages) expect(s.from).toMatch(PINNED);
    const build = stages.find((s) => s.lines.some(([o, r]) => o === 'RUN' && /npm run build/.test(r)));
    expect(build, 'a stage that runs npm run build').toBeDefined();
    expect(build).not.toBe(final);
    expect(ops('COPY').some((c) => c.includes(`--from=${build!.name}`) && /\/dist\b/.test(c))).toBe(true);
  });

  it('runs the compiled dist/ with plain node as a non-root user', () => {
    const user = ops('USER').at(-1);
    expect(user).toBeDefined();
    expect(user).not.toMatch(/^(root|0)(:|$)/);
    expect(JSON.parse(ops('CMD').at(-1)!)).toEqual(['node', 'dist/main.js']);
    expect(final.lines.some(([, r]) => /\btsx\b/.test(r))).toBe(false);
    expect(ops('HEALTHCHECK')).toHaveLength(1);
  });

  it('ships the files the compiled code reads at run time', () => {
    const copies = ops('COPY').join('\n');
    for (const dir of ['node_modules', 'dist', 'mappings', 'src/graphql/schema', 'package.json']) expect(copies).toContain(dir);
  });

  it('keeps dependencies, builds, VCS data and secrets out of the build context', () => {
    const ignored = read('.dockerignore').split('\n').map((l) => l.trim());
    for (const entry of ['node_modules', 'dist', '.git', '.env']) expect(ignored).toContain(entry);
  });
});

describe('docker-compose.yml', () => {
  const compose = parse(read('docker-compose.yml'), { merge: true }) as { services: Record<string, any> };
  const nodes = Object.entries(compose.services).filter(([, s]) => String(s.image).startsWith('opensearchproject/opensearch'));
  const tessera = compose.services.tessera;

  it('runs three OpenSearch nodes of the version the tests use, pinned, with health checks', () => {
    expect(nodes).toHaveLength(3);
    const names = nodes.map(([, s]) => s.environment['node.name']);
    expect(new Set(names).size).toBe(3);
    for (const [, s] of nodes) {
      expect(s.image).toBe(`opensearchproject/opensearch:${OPENSEARCH_VERSION}`);
      expect(s.healthcheck?.test?.join(' ')).toContain('_cluster/health');
      expect(s.environment['discovery.seed_hosts'].split(',').sort()).toEqual(nodes.map(([n]) => n).sort());
      expect(s.environment['cluster.initial_cluster_manager_nodes'].split(',').sort()).toEqual([...names].sort());
    }
  });

  it('builds Tessera from this Dockerfile, points it at all three nodes with replicas, and waits for them to be healthy', () => {
    expect(tessera.build).toBe('.');
    expect(tessera.healthcheck?.test?.join(' ')).toContain('/ready');
    for (const [name] of nodes) expect(tessera.depends_on[name]).toEqual({ condition: 'service_healthy' });
    const env: Record<string, string> = { ...tessera.environment, AUTH_SECRET: 'x'.repeat(32) };
    for (const key of Object.keys(env)) expect(Object.keys(ConfigSchema.shape), key).toContain(key);
    const config = loadConfig(env);
    expect(config.OPENSEARCH_URL!.split(',').map((u) => new URL(u).hostname).sort()).toEqual(nodes.map(([n]) => n).sort());
    expect(config.OPENSEARCH_REPLICAS).toBeGreaterThanOrEqual(1);
  });
});
