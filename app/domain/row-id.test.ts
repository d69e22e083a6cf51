import { describe, expect, it } from 'vitest';
import { MAX_ROW_ID, parseRowId } from './row-id.ts';

describe('parseRowId', () => {
  it('reads plain decimal ids within a PostgreSQL integer', () => {
    expect(parseRowId('1')).toBe(1);
    expect(parseRowId('42')).toBe(42);
    expect(parseRowId(String(MAX_ROW_ID))).toBe(2_147_483_647);
  });

  it('refuses ids beyond the column, and anything that is not a plain positive whole number', () => {
    for (const value of [
      '2147483648',
      '9999999999',
      '99999999999',
      '0',
      '-1',
      '01',
      '1.5',
      '1e3',
      ' 1',
      '1 ',
      '+1',
      '0x1f',
      '',
      '１',
    ]) {
      expect(parseRowId(value), value).toBeNull();
    }
    for (const value of [1, null, undefined, ['1'], { id: 1 }]) expect(parseRowId(value)).toBeNull();
  });
});
