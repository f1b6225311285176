import { describe, expect, it } from 'vitest';
import { parseReindexArgs } from '../../src/reindex-command.js';
import { leavesOf, mergeProperties, sameLeaf, setLeaf } from '../../src/jobs/mapping-tree.js';
import { desiredMappings, propertyWordOf } from '../../src/jobs/reindex-plan.js';
import type { DefinitionInfo } from '../../src/catalog/definitions.js';

const def = (qualifiedName: string, valueType: string, entityTypes: string[], version?: string): DefinitionInfo => ({
  urn: `urn:li:structuredProperty:${qualifiedName}`,
  definition: { qualifiedName, valueType, entityTypes, cardinality: 'SINGLE', ...(version && { version }) },
  removed: false,
  generation: 'g',
});

describe('mapping trees', () => {
  it('flattens leaves, treating objects as containers unless disabled', () => {
    const leaves = leavesOf({
      urn: { type: 'keyword' },
      aspects: { type: 'object', enabled: false },
      structuredProperties: { type: 'object', dynamic: true, properties: { _versioned: { type: 'object' }, a_b: { type: 'double' } } },
    });
    expect([...leaves.keys()]).toEqual(['urn', 'aspects', 'structuredProperties.a_b']);
  });
  it('merges fragments and places leaves at dotted paths', () => {
    const target = mergeProperties({ sp: { type: 'object', properties: { x: { type: 'double' } } } }, { sp: { properties: { y: { type: 'keyword' } } } });
    setLeaf(target, 'sp._versioned.z.1.string', { type: 'keyword' });
    expect([...leavesOf(target).keys()]).toEqual(['sp.x', 'sp.y', 'sp._versioned.z.1.string']);
  });
  it('compares leaves regardless of key order and of how OpenSearch echoes scalars', () => {
    expect(sameLeaf({ type: 'keyword', ignore_above: 8191, doc_values: true }, { doc_values: 'true', ignore_above: '8191', type: 'keyword' })).toBe(true);
    expect(sameLeaf({ type: 'keyword' }, { type: 'double' })).toBe(false);
  });
});

describe('desired mappings', () => {
  it('include the fields of definitions for the entity type only, versioned ones under _versioned', () => {
    const m = desiredMappings('dataset', [
      def('io.a', 'urn:li:dataType:service.number', ['urn:li:entityType:service.dataset']),
      def('io.b', 'urn:li:dataType:datahub.date', ['urn:li:entityType:datahub.dataset'], '20240614080000'),
      def('io.c', 'urn:li:dataType:service.string', ['urn:li:entityType:service.dataFlow']),
    ]);
    const leaves = leavesOf(m.properties);
    expect(leaves.get('structuredProperties.io_a')).toEqual({ type: 'double' });
    expect(leaves.get('structuredProperties._versioned.io_b.20240614080000.date')).toMatchObject({ type: 'date' });
    expect(leaves.has('structuredProperties.io_c')).toBe(false);
    expect(leaves.get('urn')).toEqual({ type: 'keyword' });
  });
  it('names the property of a field', () => {
    expect(propertyWordOf('structuredProperties.io_a')).toBe('io_a');
    expect(propertyWordOf('structuredProperties._versioned.io_b.20240614080000.date')).toBe('io_b');
  });
});

describe('reindex command arguments', () => {
  const on = { SEARCH_INDEX_BUILDER_MAPPINGS_REINDEX: 'true', ENABLE_STRUCTURED_PROPERTIES_SYSTEM_UPDATE: 'true' };
  it('rebuilds only with both variables (either spelling of the first)', () => {
    expect(parseReindexArgs([], on)).toMatchObject({ rebuild: true, dryRun: false });
    expect(parseReindexArgs([], { ...on, SEARCH_INDEX_BUILDER_MAPPINGS_REINDEX: undefined, ELASTICSEARCH_INDEX_BUILDER_MAPPINGS_REINDEX: 'TRUE' })).toMatchObject({ rebuild: true });
    expect(parseReindexArgs([], { SEARCH_INDEX_BUILDER_MAPPINGS_REINDEX: 'true' })).toMatchObject({ rebuild: false });
    expect(parseReindexArgs(['--dry-run', '--types=Dataset,tag'], {})).toMatchObject({ dryRun: true, entityTypes: ['dataset', 'tag'] });
  });
  it('refuses what it does not know', () => {
    expect(parseReindexArgs(['--types'], {})).toContain('--types needs');
    expect(parseReindexArgs(['--types', 'spaceship'], {})).toContain('unknown entity type(s): spaceship');
    expect(parseReindexArgs(['-x'], {})).toContain('unknown argument -x');
  });
});
