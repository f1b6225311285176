import { describe, expect, it } from 'vitest';
import { stringifyCatalogJson } from '../../src/wire/json.js';
import { formatJavaDouble } from '../../src/model/java-double.js';

describe('wire JSON', () => {
  it('renders double union members with a decimal point and leaves other numbers alone', () => {
    expect(stringifyCatalogJson({ values: [{ double: 30 }, { double: 2.5 }, { string: '30' }], count: 3 })).toBe(
      '{"values":[{"double":30.0},{"double":2.5},{"string":"30"}],"count":3}',
    );
  });

  it('leaves text that only looks like a double member alone, and renders large and tiny doubles like Java', () => {
    expect(stringifyCatalogJson({ description: '{"double":5}', double: 'x', n: { double: 1e21 }, m: { double: -1.5e-7 }, z: { double: Number.NaN } })).toBe(
      '{"description":"{\\"double\\":5}","double":"x","n":{"double":1.0E21},"m":{"double":-1.5E-7},"z":{"double":null}}',
    );
  });

  it('keeps the sign of -0.0 and leaves keys that only end in "double" alone', () => {
    expect(stringifyCatalogJson({ a: { double: -0 }, b: [{ double: 0 }, { double: 7 }] })).toBe('{"a":{"double":-0.0},"b":[{"double":0.0},{"double":7.0}]}');
    expect(stringifyCatalogJson({ 'x"double': 5, double: 5 })).toBe('{"x\\"double":5,"double":5.0}');
  });

  it('formats doubles like Java', () => {
    expect(formatJavaDouble(60)).toBe('60.0');
    expect(formatJavaDouble(0.5)).toBe('0.5');
    expect(formatJavaDouble(1e7)).toBe('1.0E7');
    expect(formatJavaDouble(1.5e-4)).toBe('1.5E-4');
    expect(formatJavaDouble(-12)).toBe('-12.0');
  });
});
