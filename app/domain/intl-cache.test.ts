import { describe, expect, it } from 'vitest';
import { dateTimeFormat, displayNamesOf, numberFormat } from './intl-cache.ts';

describe('memoised Intl formatters', () => {
  it('format exactly like freshly built ones', () => {
    expect(numberFormat('de', { maximumFractionDigits: 1 }).format(4.25)).toBe(
      new Intl.NumberFormat('de-DE', { maximumFractionDigits: 1 }).format(4.25),
    );
    expect(numberFormat('en').format(12345.5)).toBe(new Intl.NumberFormat('en-GB').format(12345.5));
    const date = new Date(Date.UTC(2026, 11, 20));
    const options: Intl.DateTimeFormatOptions = { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'UTC' };
    expect(dateTimeFormat('de', options).format(date)).toBe('20.12.2026');
    expect(dateTimeFormat('en', options).format(date)).toBe('20/12/2026');
    expect(displayNamesOf('de', { type: 'region' }).of('AT')).toBe('Österreich');
    expect(displayNamesOf('en', { type: 'region' }).of('AT')).toBe('Austria');
  });

  it('build one formatter per locale and option set', () => {
    expect(numberFormat('de', { maximumFractionDigits: 2 })).toBe(numberFormat('de', { maximumFractionDigits: 2 }));
    expect(numberFormat('de', { maximumFractionDigits: 2 })).not.toBe(numberFormat('en', { maximumFractionDigits: 2 }));
    expect(numberFormat('de', { maximumFractionDigits: 2 })).not.toBe(numberFormat('de', { maximumFractionDigits: 1 }));
    expect(displayNamesOf('en', { type: 'region' })).toBe(displayNamesOf('en', { type: 'region' }));
  });
});
