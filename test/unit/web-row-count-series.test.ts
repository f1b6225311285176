/** The dataset page's row-count chart geometry (web/src/model/row-count-series.ts). */
import { describe, expect, it } from 'vitest';
import { rowCountSeries } from '../../web/src/model/row-count-series.js';

const box = { width: 110, height: 60, pad: 5 };

describe('rowCountSeries', () => {
  it('draws oldest left to newest right, the largest count at the top', () => {
    const s = rowCountSeries([{ timestampMillis: 30, rowCount: 200 }, { timestampMillis: 20, rowCount: null }, { timestampMillis: 10, rowCount: 100 }, { timestampMillis: 20, rowCount: 150 }], box);
    expect(s).toEqual({ points: '5,55 55,30 105,5', min: 100, max: 200, first: 10, last: 30, count: 3 });
  });

  it('draws equal counts, or a single profile, in the middle; nothing without a row count', () => {
    expect(rowCountSeries([{ timestampMillis: 1, rowCount: 7 }], box)?.points).toBe('55,30');
    expect(rowCountSeries([{ timestampMillis: 1, rowCount: 7 }, { timestampMillis: 2, rowCount: 7 }], box)?.points).toBe('5,30 105,30');
    expect(rowCountSeries([{ timestampMillis: 1, rowCount: null }], box)).toBeNull();
  });
});
