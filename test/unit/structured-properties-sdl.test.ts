import { buildASTSchema, isInputObjectType, isObjectType, parse } from 'graphql';
import { describe, expect, it } from 'vitest';
import { loadTypeDefs } from '../../src/graphql/handler.js';
import { PropertyDefinitionSchema } from '../../src/model/aspects/property-definition.js';
import { StructuredPropertySettingsSchema } from '../../src/model/aspects/structured-property-settings.js';

const schema = buildASTSchema(parse(loadTypeDefs().join('\n')));
const fieldsOf = (name: string) => {
  const t = schema.getType(name);
  if (!isObjectType(t) && !isInputObjectType(t)) throw new Error(`${name} is not an object type`);
  return Object.keys(t.getFields()).sort();
};

describe('structured property SDL stays in step with the aspect schemas', () => {
  it('settings type and input carry exactly the settings aspect booleans', () => {
    const booleans = Object.keys(StructuredPropertySettingsSchema.shape).filter((k) => k !== 'lastModified').sort();
    expect(fieldsOf('StructuredPropertySettings')).toEqual(booleans);
    expect(fieldsOf('StructuredPropertySettingsInput')).toEqual(booleans);
  });

  it('every create input field is a definition field, except the id, the settings and the rules (their own aspects)', () => {
    const defFields = new Set(Object.keys(PropertyDefinitionSchema.shape));
    expect(fieldsOf('CreateStructuredPropertyInput').filter((f) => !defFields.has(f))).toEqual(['constraints', 'id', 'settings']);
  });

  it('every definition output field is a definition field', () => {
    const defFields = new Set(Object.keys(PropertyDefinitionSchema.shape));
    expect(fieldsOf('StructuredPropertyDefinition').filter((f) => !defFields.has(f))).toEqual([]);
  });
});
