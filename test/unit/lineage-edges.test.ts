import { describe, expect, it } from 'vitest';
import { lineageEdgesOf, lineageUrns } from '../../src/model/lineage-edges.js';

const v = (value: unknown) => ({ value });

describe('the lineage edges an entity names', () => {
  it('reads every aspect that names lineage, in both directions, with the stamps the aspect gives', () => {
    const edges = lineageEdgesOf({
      upstreamLineage: v({ upstreams: [{ dataset: 'urn:a', auditStamp: { time: 5, actor: 'urn:li:corpuser:x' } }, { type: 'COPY' }] }),
      dataJobInputOutput: v({ inputDatasets: ['urn:b', { string: 'urn:c' }, 7], outputDatasetEdges: [{ destinationUrn: 'urn:d', created: { time: 9, actor: 'urn:li:corpuser:y' }, properties: { source: 'UI' } }] }),
    });
    expect(edges).toEqual([
      { direction: 'UPSTREAM', type: 'DownstreamOf', urn: 'urn:a', aspect: 'upstreamLineage', createdOn: 5, createdActor: 'urn:li:corpuser:x', updatedOn: 5, updatedActor: 'urn:li:corpuser:x' },
      { direction: 'UPSTREAM', type: 'Consumes', urn: 'urn:b', aspect: 'dataJobInputOutput' },
      { direction: 'UPSTREAM', type: 'Consumes', urn: 'urn:c', aspect: 'dataJobInputOutput' },
      { direction: 'DOWNSTREAM', type: 'Produces', urn: 'urn:d', aspect: 'dataJobInputOutput', createdOn: 9, createdActor: 'urn:li:corpuser:y', properties: { source: 'UI' } },
    ]);
    expect(lineageUrns(edges, 'DOWNSTREAM')).toEqual(['urn:d']);
  });

  it('names an entity once per direction: an edge list entry (with its stamps) wins over the plain list, in its place', () => {
    const edges = lineageEdgesOf({ chartInfo: v({ inputs: ['urn:a', 'urn:b', 'urn:a'], inputEdges: [{ destinationUrn: 'urn:a', lastModified: { time: 3 } }] }) });
    expect(edges.map((e) => [e.urn, e.updatedOn])).toEqual([['urn:a', 3], ['urn:b', undefined]]);
  });

  it('names nothing for aspects without lineage or with malformed entries', () => {
    expect(lineageEdgesOf({ datasetProperties: v({ name: 'x' }), upstreamLineage: v({ upstreams: 'no' }), dashboardInfo: v({ charts: null }) })).toEqual([]);
  });
});
