import { describe, expect, it } from 'vitest';
import { bookingStatement, type BookingStatementInput } from './checkout-book-statement.server.ts';

const sessionRow = {
  id: 'session-id',
  json: '{"bookedReference":"ABCDEFGH"}',
  expiresAt: new Date('2026-12-09T10:00:00Z'),
  userId: null,
};

function input(overrides: Partial<BookingStatementInput> = {}): BookingStatementInput {
  const now = new Date('2026-11-25T10:00:00Z');
  return {
    tariffId: 7,
    dates: ['2026-12-01', '2026-12-02'],
    couponId: null,
    reservation: {
      reference: 'ABCDEFGH',
      status: 'confirmed',
      locale: 'de',
      airportId: 1,
      tariffId: 7,
      userId: null,
      entryLocal: '2026-12-01T08:00',
      exitLocal: '2026-12-02T18:00',
      entryAt: new Date('2026-12-01T07:00:00Z'),
      exitAt: new Date('2026-12-02T17:00:00Z'),
      billableDays: 2,
      personCount: 1,
      childrenSeat: 0,
      bulkyBaggage: '',
      licensePlate: 'F-AB 1234',
      outboundFlightNumber: '',
      returnFlightNumber: '',
      billingAddress: { email: 'a@example.com' },
      invoiceAddress: null,
      paymentType: 'invoice',
      couponCode: null,
      parkingCents: 3000,
      personsCents: 0,
      childSeatsCents: 0,
      discountCents: 0,
      totalCents: 3000,
      vatCents: 479,
      vatRateBp: 1900,
      guestTokenHash: 'hash',
      createdAt: now,
      confirmedAt: now,
      holdUntil: null,
    },
    invoice: { year: 2026, prefix: 'RE-2026-', issuedAt: now, json: '{"number":"{n}"}', placeholder: '{n}' },
    mail: null,
    answer: null,
    session: null,
    ...overrides,
  };
}

/** The highest `$n` the text uses. */
function highestParameter(text: string): number {
  return Math.max(...[...text.matchAll(/\$(\d+)/g)].map((m) => Number(m[1])));
}

describe('bookingStatement', () => {
  it('binds every value as a parameter, none inlined, with as many values as the text uses', () => {
    const statement = bookingStatement(input());
    expect(highestParameter(statement.text)).toBe(statement.values.length);
    expect(statement.text).not.toContain('F-AB 1234');
    expect(statement.text).not.toContain('a@example.com');
    expect(statement.values).toContain('{2026-12-01,2026-12-02}');
    expect(statement.values).toContain('2026-12-01T07:00:00.000Z');
    expect(statement.values).toContain('{"email":"a@example.com"}');
  });

  it('stores the session only with an inserted reservation, its values as parameters', () => {
    const statement = bookingStatement(input({ session: sessionRow }));
    expect(statement.name).toBe('booking_invoice_session');
    expect(statement.text).toMatch(/session as \(insert into sessions[\s\S]*from inserted/);
    expect(statement.text).not.toContain('session-id');
    expect(statement.values).toContain('session-id');
    expect(statement.values).toContain('{"bookedReference":"ABCDEFGH"}');
    expect(statement.values).toContain('2026-12-09T10:00:00.000Z');
    expect(highestParameter(statement.text)).toBe(statement.values.length);
  });

  it('has one text per variant, so one prepared statement name never stands for two texts', () => {
    const texts = new Map<string, string>();
    const mail = { kind: 'k', baseUrl: 'http://x', locale: 'de', to: 'a@b.c', subject: 's', payload: { a: 'b' } };
    const answers = [null, { key: 'key', json: '{}' }, { key: 'key', json: '{}', requestHash: 'hash' }];
    for (const couponId of [null, 3]) {
      for (const invoice of [input().invoice, null]) {
        for (const withMail of [true, false]) {
          for (const answer of answers) {
            for (const session of [null, sessionRow]) {
              const parts = { couponId, invoice, mail: withMail ? mail : null, answer, session };
              const a = bookingStatement(input(parts));
              const b = bookingStatement(
                input({
                  ...parts,
                  tariffId: 8,
                  dates: ['2027-01-01'],
                  session: session && { ...session, id: 'other' },
                }),
              );
              expect(b.name).toBe(a.name);
              expect(b.text).toBe(a.text);
              expect(highestParameter(a.text)).toBe(a.values.length);
              texts.set(a.name, a.text);
            }
          }
        }
      }
    }
    expect(texts.size).toBe(48);
    expect(new Set(texts.values()).size).toBe(48);
  });

  it('refuses through shop_refuse, naming the reasons the caller maps', () => {
    const { text } = bookingStatement(input({ couponId: 3 }));
    expect(text).toContain('shop_refuse');
    for (const reason of ['sold_out', 'coupon_used_up', 'invoice_numbers_exhausted', 'reference_taken']) {
      expect(text).toContain(`'${reason}'`);
    }
    expect(text).not.toContain('idempotency_key_taken');
    const claiming = bookingStatement(input({ answer: { key: 'k', json: '{}', requestHash: 'h' } })).text;
    expect(claiming).toContain(`shop_refuse('idempotency_key_taken')`);
    expect(claiming).toContain('on conflict (key) do nothing');
  });
});
