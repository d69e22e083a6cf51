import { describe, expect, it } from 'vitest';
import { filterQuery, parseReservationFilter, plateKey, safeCsvCell } from './reservation-search';

const parse = (query: string) => parseReservationFilter(new URLSearchParams(query));

describe('parseReservationFilter', () => {
  it('reads every field', () => {
    expect(
      parse('q=%20Muster%20&status=confirmed&airport=fra&dateField=exit&from=2026-12-01&to=2026-12-31&page=3'),
    ).toEqual({
      filter: {
        q: 'Muster',
        status: 'confirmed',
        airport: 'FRA',
        dateField: 'exit',
        from: '2026-12-01',
        to: '2026-12-31',
        page: 3,
      },
      errors: {},
    });
  });

  it('refuses bad fields with their messages and ignores them', () => {
    const { filter, errors } = parse('status=lost&airport=Frankfurt&from=1.12.2026&to=2026-02-30&page=-4');
    expect(errors).toEqual({
      status: 'admin.reservations.error.status',
      airport: 'admin.reservations.error.airport',
      from: 'admin.reservations.error.date',
      to: 'admin.reservations.error.date',
    });
    expect(filter).toMatchObject({ status: '', airport: '', from: '', to: '', page: 1, dateField: 'entry' });
  });

  it('refuses a range that ends before it starts', () => {
    const { filter, errors } = parse('from=2026-12-10&to=2026-12-01');
    expect(errors).toEqual({ to: 'admin.reservations.error.range' });
    expect(filter).toMatchObject({ from: '2026-12-10', to: '' });
  });

  it('round-trips through filterQuery, leaving defaults out', () => {
    const { filter } = parse('q=AB&status=&dateField=entry&page=1');
    expect(filterQuery(filter)).toBe('q=AB');
    expect(filterQuery(filter, { page: 2 })).toBe('q=AB&page=2');
    const { filter: exit } = parse('dateField=exit&from=2026-12-01');
    expect(parse(filterQuery(exit)).filter).toEqual(exit);
  });
});

describe('plateKey', () => {
  it('keeps letters and digits only, upper case', () => {
    expect(plateKey('f-ab 1234')).toBe('FAB1234');
    expect(plateKey('M-ÖZ 99e')).toBe('MÖZ99E');
  });
});

describe('safeCsvCell', () => {
  it('defuses formulas', () => {
    expect(safeCsvCell('=HYPERLINK("x")')).toBe(`'=HYPERLINK("x")`);
    expect(safeCsvCell('+49 170')).toBe(`'+49 170`);
    expect(safeCsvCell('-1')).toBe(`'-1`);
    expect(safeCsvCell('@SUM(A1)')).toBe(`'@SUM(A1)`);
    expect(safeCsvCell('\tcmd')).toBe(`'\tcmd`);
    expect(safeCsvCell('Erika Mustermann')).toBe('Erika Mustermann');
    expect(safeCsvCell('')).toBe('');
  });
});
