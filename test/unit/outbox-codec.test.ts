import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { EntityDoc } from '../../src/storage/entity-store.js';
import { packOutbox, unpackOutbox } from '../../src/storage/outbox-codec.js';

const URN = 'urn:li:dataset:(urn:li:dataPlatform:hive,db.orders,PROD)';
const schema = { schemaName: 'orders', fields: [{ fieldPath: 'id', nativeDataType: 'int' }] };

function doc(): EntityDoc {
  const stamp = { urn: URN, entityType: 'dataset', actor: 'urn:li:corpuser:ann', via: 'REST_V3', requestId: 'r1', time: 1000 };
  return {
    urn: URN, entityType: 'dataset', changeVersion: 2,
    aspects: { schemaMetadata: { value: schema }, globalTags: { value: { tags: [{ tag: 'urn:li:tag:pii' }] } } },
    outbox: [
      // carried from version 1: its `after` is not what the document holds now
      { ...stamp, id: 'a', version: 1, aspect: 'schemaMetadata', category: 'TECHNICAL_SCHEMA', operation: 'ADD', after: { schemaName: 'old' } },
      { ...stamp, time: 2000, requestId: 'r2', tokenId: 't9', id: 'b', version: 2, aspect: 'schemaMetadata', category: 'TECHNICAL_SCHEMA', operation: 'MODIFY', before: { schemaName: 'old' }, after: schema },
      { ...stamp, time: 2000, requestId: 'r2', tokenId: 't9', id: 'f', version: 2, aspect: 'schemaMetadata', category: 'TECHNICAL_SCHEMA', operation: 'MODIFY', path: ['fields'], before: [], after: schema.fields },
      { ...stamp, time: 2000, requestId: 'r2', tokenId: 't9', id: 'c', version: 2, aspect: 'globalTags', category: 'TAG', operation: 'ADD', modifier: 'urn:li:tag:pii', after: 'urn:li:tag:pii' },
    ],
  } as EntityDoc;
}

describe('outbox codec', () => {
  it('stores what the document does not say already, and reads back the records as written', () => {
    const original = doc();
    const stored = JSON.parse(JSON.stringify(packOutbox(original)));
    const [carried, modified, columns, tagged] = stored.outbox;
    expect(carried.after).toEqual({ schemaName: 'old' });
    expect(carried.urn).toBeUndefined();
    expect(modified['~after']).toBe('aspect');
    expect(modified.after).toBeUndefined();
    expect(modified.before).toEqual({ schemaName: 'old' });
    expect(columns['~after']).toBe('aspect');
    expect(columns.after).toBeUndefined();
    expect(tagged['~same']).toBe(1);
    expect(tagged.actor).toBeUndefined();
    expect(tagged.version).toBe(2);
    expect(JSON.stringify(stored.outbox).length).toBeLessThan(JSON.stringify(original.outbox).length * 0.6);
    expect(original.outbox![1]).toHaveProperty('after', schema); // the document written from is left alone
    expect(unpackOutbox(stored).outbox).toEqual(doc().outbox);
  });

  it('reads records stored in full as they are, and unpacking twice changes nothing', () => {
    const full = doc();
    expect(unpackOutbox(full).outbox).toEqual(doc().outbox);
    const once = unpackOutbox(JSON.parse(JSON.stringify(packOutbox(doc()))));
    expect(unpackOutbox(once).outbox).toEqual(doc().outbox);
  });

  it('keeps everything of a tombstone, whose aspects are gone', () => {
    const d = { ...doc(), aspects: {}, tombstone: true };
    const stored = JSON.parse(JSON.stringify(packOutbox(d)));
    expect(stored.outbox[1].after).toEqual(schema);
    expect(unpackOutbox(stored).outbox).toEqual(d.outbox);
  });

  it('round-trips any records', () => {
    const value = fc.oneof(fc.string(), fc.integer(), fc.array(fc.string(), { maxLength: 3 }), fc.dictionary(fc.string({ maxLength: 4 }), fc.string(), { maxKeys: 3 }));
    const record = fc.record(
      {
        id: fc.uuid(), version: fc.integer({ min: 1, max: 3 }), aspect: fc.constantFrom('schemaMetadata', 'globalTags', 'other'), path: fc.constantFrom(['fields'], ['fields', '0'], []),
        actor: fc.constantFrom('urn:li:corpuser:a', 'urn:li:corpuser:b'), tokenId: fc.constantFrom('t1', undefined), via: fc.constantFrom('REST_V3', 'GRAPHQL'),
        requestId: fc.constantFrom('r1', 'r2', undefined), time: fc.constantFrom(1, 2), after: value, before: value,
        urn: fc.constantFrom(URN, 'urn:li:tag:other'), entityType: fc.constantFrom('dataset', 'tag'),
      },
      { requiredKeys: ['id', 'version', 'aspect', 'actor', 'via', 'time', 'urn', 'entityType'] },
    );
    fc.assert(
      fc.property(fc.array(record, { maxLength: 6 }), fc.boolean(), (records, sameAsAspect) => {
        const clean = JSON.parse(JSON.stringify(records));
        const d = { urn: URN, entityType: 'dataset', changeVersion: 3, aspects: { schemaMetadata: { value: sameAsAspect ? clean[0]?.after : schema }, globalTags: { value: { fields: clean[1]?.after } } }, outbox: clean } as EntityDoc;
        const stored = JSON.parse(JSON.stringify(packOutbox(d)));
        expect(unpackOutbox(stored).outbox).toEqual(clean);
      }),
    );
  });
});
