/** The CSV cell text: what the export writes, the import reads back exactly (fuzzed with fast-check). */
import { parse } from 'csv-parse/sync';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csvLine, joinValues, splitValues, unguardCell } from '../../src/catalog/csv/csv-text.js';

/** One exported line of cells, read as the importer reads it. */
const roundTrip = (cells: string[][]): string[][] => {
  const [record] = parse(csvLine(cells.map(joinValues)), { bom: true, relax_quotes: false }) as string[][];
  return record.map((cell) => splitValues(unguardCell(cell)));
};

describe('CSV cells', () => {
  it('give back every list of values they were written with', () => {
    const text = fc.oneof(
      fc.string(),
      fc.string({ unit: 'grapheme' }),
      fc.constantFrom("'", "'=x", "''x", '=1+1', '+x', '@x', '\tx', '\rx', ' ', '', '  ', '\\', '\\_', ';', '; ', 'a;b', '"q"', 'a,b', 'line\nbreak', "'abc"),
    );
    fc.assert(fc.property(fc.array(fc.array(text, { maxLength: 4 }), { minLength: 1, maxLength: 4 }), (cells) => {
      expect(roundTrip(cells)).toEqual(cells);
    }), { numRuns: 2000 });
  });

  it('keep a stored leading quote, and guard formulas with one', () => {
    expect(csvLine([joinValues(["'abc"]), joinValues(['=SUM(A1)'])])).toBe("''abc,'=SUM(A1)\r\n");
    expect(roundTrip([["'abc"], ['=SUM(A1)'], ["'=x"]])).toEqual([["'abc"], ['=SUM(A1)'], ["'=x"]]);
  });

  it('read what a person types: blank pieces hold nothing, a quote before a formula is taken off', () => {
    expect(splitValues(unguardCell('a; ; b;'))).toEqual(['a', 'b']);
    expect(splitValues(unguardCell("'=x"))).toEqual(['=x']);
    expect(splitValues(unguardCell("'abc"))).toEqual(["'abc"]);
    expect(splitValues('   ')).toEqual([]);
  });
});
