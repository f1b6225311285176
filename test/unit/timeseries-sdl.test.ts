/** The time-series GraphQL types stay in step with the point schemas: every field they present is one a point holds. */
import { buildASTSchema, isObjectType, parse } from 'graphql';
import { describe, expect, it } from 'vitest';
import { loadTypeDefs } from '../../src/graphql/handler.js';
import { DatasetProfileSchema, DataProcessInstanceRunEventSchema, OperationSchema } from '../../src/model/aspects/timeseries.js';

const schema = buildASTSchema(parse(loadTypeDefs().join('\n')));
const fieldsOf = (name: string) => {
  const t = schema.getType(name);
  if (!isObjectType(t)) throw new Error(`${name} is not an object type`);
  return Object.keys(t.getFields()).sort();
};
const keysOf = (s: { shape: object }) => new Set(Object.keys(s.shape));
const fieldProfileKeys = keysOf(DatasetProfileSchema.shape.fieldProfiles.unwrap().element);

describe('time-series SDL and point schemas', () => {
  it('a profile and its column statistics present only what a profile holds', () => {
    expect(fieldsOf('DatasetProfile').filter((f) => !keysOf(DatasetProfileSchema).has(f))).toEqual([]);
    expect(fieldsOf('DatasetFieldProfile').filter((f) => !fieldProfileKeys.has(f))).toEqual([]);
  });

  it('an operation presents what it holds, and its partition (from partitionSpec)', () => {
    expect(fieldsOf('Operation').filter((f) => !keysOf(OperationSchema).has(f))).toEqual(['partition']);
  });

  it('a run state change presents what it holds', () => {
    expect(fieldsOf('DataProcessRunEvent').filter((f) => !keysOf(DataProcessInstanceRunEventSchema).has(f))).toEqual([]);
  });
});
