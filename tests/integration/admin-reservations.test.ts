/**
 * The back office's reservations (issue 15 item 3): the search and its filters, the operator's scope (another
 * company's reservation is 404), the detail view per role, the CSV export (rows, BOM, escaping, scope), cancel and
 * change on the customer's behalf with the customer's services (history row names the staff member, audit row)
 * and the resend of the confirmation through the outbox. Route loaders and actions are called as the server would.
 */
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  airports,
  auditLog,
  mailOutbox,
  parkingLots,
  reservationEvents,
  reservations,
  tariffs,
} from '../../database/schema.ts';
import { action as detailAction, loader as detailLoader } from '../../app/routes/admin/reservation.tsx';
import { loader as downloadLoader } from '../../app/routes/admin/reservation-download.tsx';
import { loader as exportLoader } from '../../app/routes/admin/reservations-export.tsx';
import { loader as listLoader } from '../../app/routes/admin/reservations.tsx';
import type { StaffRole } from '../../app/domain/staff-roles.ts';
import type { Session } from '../../server/session.server.ts';
import { checkoutBody } from '../fixtures/checkout-body.ts';
import { createStaffMember, staffCookie } from '../fixtures/staff.ts';
import { ApiClient, createTestApp, routeContext, type TestApp } from './harness.ts';

let test: TestApp;
const start = new Date('2026-11-21T09:00:00Z');
type Tariff = typeof tariffs.$inferSelect & { operator: string };
let tariffA: Tariff;
let tariffB: Tariff;
const cookies: Record<string, string> = {};
let session: Session;

/** Books a stay at `tariff` through the shop's checkout; returns the reference. */
async function book(tariff: Tariff, overrides: Record<string, unknown> = {}) {
  const stay = {
    entryTime: '2026-12-20T08:00',
    exitTime: '2026-12-22T18:00',
    ...Object.fromEntries(Object.entries(overrides).filter(([k]) => k === 'entryTime' || k === 'exitTime')),
  };
  const client = await new ApiClient(test).start();
  const cart = await client.post('checkout/cart', { airportId: tariff.airportId, tariffId: tariff.id, ...stay });
  expect(cart.status).toBe(200);
  const booked = await client.post('checkout', checkoutBody({ ...stay, personCount: 1, ...overrides }));
  expect(booked.status, JSON.stringify(booked.body)).toBe(201);
  return booked.body.reservation.reference as string;
}

function args(who: string, path: string, params: Record<string, string> = {}, init: RequestInit = {}) {
  return {
    request: new Request(`http://localhost${path}`, {
      ...init,
      headers: { Cookie: cookies[who] ?? '', ...(init.headers as Record<string, string> | undefined) },
    }),
    params,
    context: routeContext({ app: test.ctx, session, cspNonce: '', clientIp: '203.0.113.9' }),
  } as never;
}

function post(who: string, reference: string, fields: Record<string, string>) {
  const form = new FormData();
  for (const [k, v] of Object.entries({ _csrf: session.csrfToken, ...fields })) form.append(k, v);
  return args(who, `/admin/reservierungen/${reference}`, { reference }, { method: 'POST', body: form });
}

type ListData = {
  data: { rows: { reference: string; email: string | null }[]; total: number; errors: Record<string, string> };
  init: { status?: number } | null;
};

async function list(who: string, query: string) {
  return (await listLoader(args(who, `/admin/reservierungen?${query}`))) as unknown as ListData;
}

async function refs(who: string, query: string) {
  return (await list(who, query)).data.rows.map((r) => r.reference);
}

async function status(promise: Promise<unknown>): Promise<number> {
  try {
    const result = (await promise) as { init?: { status?: number } | null };
    return result?.init?.status ?? 200;
  } catch (error) {
    if (error instanceof Response) return error.status;
    if (error && typeof error === 'object' && 'init' in error) {
      return (error as { init: { status: number } }).init.status;
    }
    throw error;
  }
}

let refA: string;
let refA2: string;
let refB: string;

beforeAll(async () => {
  test = await createTestApp({ now: start });
  session = (await test.ctx.sessions.load(undefined)) as Session;
  const rows = await test.ctx.db
    .select({ tariff: tariffs, operator: parkingLots.operator })
    .from(tariffs)
    .innerJoin(parkingLots, eq(parkingLots.id, tariffs.parkingLotId))
    .innerJoin(airports, eq(airports.id, tariffs.airportId))
    .where(and(eq(airports.iata, 'FRA'), eq(tariffs.active, true)))
    .orderBy(asc(tariffs.id));
  const first = rows[0];
  const other = rows.find((r) => r.operator !== first.operator)!;
  tariffA = { ...first.tariff, operator: first.operator };
  tariffB = { ...other.tariff, operator: other.operator };
  const roles: [string, StaffRole, string | null][] = [
    ['admin', 'admin', null],
    ['support', 'support', null],
    ['operatorA', 'operator', tariffA.operator],
    ['operatorB', 'operator', tariffB.operator],
  ];
  for (const [name, role, operator] of roles) {
    const member = await createStaffMember(test.ctx.db, { role, operator, name: `Anna ${name}` });
    cookies[name] = await staffCookie(test.ctx.db, member.id, start);
  }
  refA = await book(tariffA, {
    firstname: '=HYPERLINK("http://evil.example")',
    lastname: 'Formel',
    licensePlate: 'F-XY 123',
  });
  refA2 = await book(tariffA, {
    entryTime: '2027-01-10T08:00',
    exitTime: '2027-01-12T18:00',
    email: 'zweite@example.com',
    lastname: 'Zweitbucher',
    licensePlate: 'OF-ZZ 77',
  });
  refB = await book(tariffB, { email: 'bertha@example.com', lastname: 'Beta', licensePlate: 'MZ-B 42' });
});
afterAll(() => test.close());

describe('reservation search', () => {
  it('finds by reference, name, e-mail, plate (any spelling), status, airport and date range', async () => {
    expect(await refs('admin', `q=${refA.toLowerCase()}`)).toEqual([refA]);
    expect(await refs('admin', 'q=zweitbucher')).toEqual([refA2]);
    expect(await refs('admin', 'q=bertha%40example')).toEqual([refB]);
    expect(await refs('admin', 'q=fxy123')).toEqual([refA]);
    expect(await refs('admin', 'q=OF%20ZZ-77')).toEqual([refA2]);
    const mine = [refA, refA2, refB];
    expect((await refs('admin', 'status=confirmed')).filter((r) => mine.includes(r)).sort()).toEqual([...mine].sort());
    expect((await refs('admin', 'status=cancelled')).filter((r) => mine.includes(r))).toEqual([]);
    expect((await refs('admin', 'airport=MUC')).filter((r) => mine.includes(r))).toEqual([]);
    expect((await refs('admin', 'from=2027-01-01&to=2027-01-31')).filter((r) => mine.includes(r))).toEqual([refA2]);
    expect(
      (await refs('admin', 'dateField=exit&from=2026-12-22&to=2026-12-22')).filter((r) => mine.includes(r)).sort(),
    ).toEqual([refA, refB].sort());
  });

  it('answers refused filter fields with 400 and their messages', async () => {
    const answer = await list('admin', 'from=morgen&status=weg');
    expect(answer.init?.status).toBe(400);
    expect(answer.data.errors).toEqual({
      from: 'Bitte ein Datum im Format JJJJ-MM-TT angeben.',
      status: 'Diesen Status gibt es nicht.',
    });
  });

  it("limits an operator to its company's lots, without contact data", async () => {
    const a = await list('operatorA', '');
    expect(a.data.rows.map((r) => r.reference)).toEqual(expect.arrayContaining([refA, refA2]));
    expect(a.data.rows.map((r) => r.reference)).not.toContain(refB);
    expect(a.data.rows.every((r) => r.email === null)).toBe(true);
    // no search by e-mail address for an operator
    expect(await refs('operatorA', 'q=zweite%40example.com')).toEqual([]);
    expect(await refs('operatorB', `q=${refA}`)).toEqual([]);
    expect(await refs('operatorB', `q=${refB}`)).toEqual([refB]);
  });

  it('forbids the list to nobody with the permission and sends strangers to the sign-in', async () => {
    expect(await status(listLoader(args('nobody', '/admin/reservierungen')))).toBe(302);
    expect(await status(listLoader(args('support', '/admin/reservierungen')))).toBe(200);
  });
});

describe('reservation detail', () => {
  it('shows the customer to support, not to the operator; another operator gets 404', async () => {
    const support = (await detailLoader(args('support', `/admin/reservierungen/${refB}`, { reference: refB }))) as {
      data: { view: { customer: { value: string }[] | null; history: { kind: string }[] } };
    };
    expect(support.data.view.customer?.map((f) => f.value)).toContain('bertha@example.com');
    expect(support.data.view.history.map((h) => h.kind)).toContain('created');
    const operator = (await detailLoader(args('operatorB', `/admin/reservierungen/${refB}`, { reference: refB }))) as {
      data: { view: { customer: unknown; booking: { value: string }[]; canResend: boolean } };
    };
    expect(operator.data.view.customer).toBeNull();
    expect(operator.data.view.canResend).toBe(false);
    expect(operator.data.view.booking.map((f) => f.value)).toContain('MZ-B 42');
    expect(await status(detailLoader(args('operatorA', `/admin/reservierungen/${refB}`, { reference: refB })))).toBe(
      404,
    );
    expect(await status(detailLoader(args('admin', '/admin/reservierungen/ZZZZZZZZ', { reference: 'ZZZZZZZZ' })))).toBe(
      404,
    );
  });

  it('refuses a post without the CSRF token and a post of another operator', async () => {
    const form = new FormData();
    form.append('intent', 'cancel-confirm');
    const forged = await detailAction(
      args('admin', `/admin/reservierungen/${refB}`, { reference: refB }, { method: 'POST', body: form }),
    );
    expect(await status(Promise.resolve(forged))).toBe(419);
    expect(await status(detailAction(post('operatorA', refB, { intent: 'cancel-confirm' })))).toBe(404);
    const [row] = await test.ctx.db.select().from(reservations).where(eq(reservations.reference, refB));
    expect(row.status).toBe('confirmed');
  });
});

describe('reservation documents', () => {
  it("lists the voucher and the invoice with links, and serves them to the lot's staff only", async () => {
    const detail = (await detailLoader(args('support', `/admin/reservierungen/${refB}`, { reference: refB }))) as {
      data: { view: { documents: { kind: string; number: string; fileName: string }[] } };
    };
    const [voucher, invoice] = detail.data.view.documents;
    expect(voucher).toMatchObject({ kind: 'Parkschein', number: refB, fileName: `Parkschein-${refB}.pdf` });
    expect(invoice.fileName).toBe(`Rechnung-${invoice.number}.pdf`);
    const download = (who: string, file: string) =>
      downloadLoader(args(who, `/admin/reservierungen/${refB}/dokumente/${file}`, { reference: refB, file }));
    for (const file of [voucher.fileName, invoice.fileName]) {
      const res = (await download('operatorB', file)) as Response;
      expect(res.status).toBe(200);
      expect(res.headers.get('Content-Type')).toBe('application/pdf');
      expect(res.headers.get('Content-Disposition')).toBe(`attachment; filename="${file}"`);
      expect(res.headers.get('Cache-Control')).toMatch(/no-store/);
      expect(
        Buffer.from(await res.arrayBuffer())
          .subarray(0, 5)
          .toString(),
      ).toBe('%PDF-');
    }
    const ics = (await download('support', `Parkplatz-${refB}.ics`)) as Response;
    expect(ics.headers.get('Content-Type')).toMatch(/^text\/calendar/);
    // another company's operator, an unknown file, another booking's invoice, nobody signed in
    expect(await status(download('operatorA', voucher.fileName))).toBe(404);
    expect(await status(download('admin', 'Rechnung-RE-2026-999999.pdf'))).toBe(404);
    expect(await status(download('admin', `Parkschein-${refA}.pdf`))).toBe(404);
    expect(await status(download('admin', '..%2F..%2Fetc%2Fpasswd'))).toBe(404);
    expect(await status(download('nobody', voucher.fileName))).toBe(302);
  });
});

describe('CSV export', () => {
  async function csv(who: string, query: string) {
    const response = (await exportLoader(args(who, `/admin/reservierungen/export.csv?${query}`))) as Response;
    expect(response.headers.get('Content-Type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('Content-Disposition')).toMatch(
      /^attachment; filename="reservierungen-2026-11-21\.csv"$/,
    );
    expect(response.headers.get('Cache-Control')).toBe('private, no-store');
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    return new TextDecoder().decode(bytes.slice(3)).split('\r\n').filter(Boolean);
  }

  it('has the header and the filtered rows, formulas defused', async () => {
    const lines = await csv('admin', `q=${refA}`);
    expect(lines[0].split(';').slice(0, 3)).toEqual(['Referenz', 'Status', 'Flughafen']);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`${refA};Bestätigt;FRA;`);
    // the name cell starts with the apostrophe, so no spreadsheet runs it
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://evil.example"") Formel"`);
    expect(lines[1]).toContain('erika@example.com');
  });

  it("exports only the operator's lots and no e-mail column", async () => {
    const lines = await csv('operatorA', '');
    expect(lines[0]).not.toContain('E-Mail');
    expect(lines.some((l) => l.startsWith(refA))).toBe(true);
    expect(lines.some((l) => l.startsWith(refB))).toBe(false);
    expect(lines.join('\n')).not.toContain('@example.com');
  });
});

describe('on the customer’s behalf', () => {
  it('changes with quote and confirmation; the history names the staff member; audit row', async () => {
    const travel = {
      entryTime: '2027-01-10T08:00',
      exitTime: '2027-01-13T18:00',
      personCount: '1',
      childrenSeat: '0',
      licensePlate: 'OF-ZZ 77',
    };
    const quote = (await detailAction(post('operatorA', refA2, { intent: 'change-quote', ...travel }))) as {
      data: { changeQuote: { newTotal: string } | null; message: string | null };
    };
    expect(quote.data.message).toBeNull();
    expect(quote.data.changeQuote?.newTotal).toMatch(/€/);
    const done = (await detailAction(
      post('operatorA', refA2, { intent: 'change-confirm', ...travel, bulkyBaggage: '' }),
    )) as {
      data: { done: string | null };
    };
    expect(done.data.done).toBe('changed');
    const [row] = await test.ctx.db.select().from(reservations).where(eq(reservations.reference, refA2));
    expect(row.exitLocal).toBe('2027-01-13T18:00');
    const events = await test.ctx.db
      .select()
      .from(reservationEvents)
      .where(and(eq(reservationEvents.reservationId, row.id), eq(reservationEvents.kind, 'changed')));
    expect(events[0].data.staff).toMatchObject({ name: 'Anna operatorA', role: 'operator' });
    const audit = await test.ctx.db.select().from(auditLog).where(eq(auditLog.entityId, refA2));
    expect(audit.map((a) => a.action)).toEqual(['reservation.change']);
    expect(audit[0].after).toMatchObject({ exitTime: '2027-01-13T18:00' });
    // the same confirmation again changes nothing
    const again = await detailAction(
      post('operatorA', refA2, { intent: 'change-confirm', ...travel, bulkyBaggage: '' }),
    );
    expect(await status(Promise.resolve(again))).toBe(422);
  });

  it('cancels within the free period, with a mail to the customer and an audit row', async () => {
    const quote = (await detailAction(post('support', refB, { intent: 'cancel-quote' }))) as {
      data: { cancelQuote: { summary: string } | null };
    };
    expect(quote.data.cancelQuote?.summary).toBeTruthy();
    const done = (await detailAction(post('support', refB, { intent: 'cancel-confirm' }))) as {
      data: { done: string };
    };
    expect(done.data.done).toBe('cancelled');
    const [row] = await test.ctx.db.select().from(reservations).where(eq(reservations.reference, refB));
    expect(row.status).toBe('cancelled');
    const mails = await test.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.reservationId, row.id));
    expect(mails.map((m) => m.kind)).toContain('reservation_cancelled');
    const audit = await test.ctx.db.select().from(auditLog).where(eq(auditLog.entityId, refB));
    expect(audit.map((a) => a.action)).toEqual(['reservation.cancel']);
    expect(audit[0].before).toMatchObject({ status: 'confirmed' });
    const view = (await detailLoader(args('admin', `/admin/reservierungen/${refB}`, { reference: refB }))) as {
      data: { view: { history: { kind: string; by: string | null }[] } };
    };
    expect(view.data.view.history.find((h) => h.kind === 'cancelled')?.by).toBe('durch Anna support (Support)');
  });

  it('keeps the 24-hour rule for staff too', async () => {
    const late = await book(tariffA, { entryTime: '2026-11-22T08:00', exitTime: '2026-11-23T18:00' });
    const refused = (await detailAction(post('admin', late, { intent: 'cancel-confirm' }))) as {
      data: { message: string };
      init: { status: number };
    };
    expect(refused.init.status).toBe(409);
    expect(refused.data.message).toBeTruthy();
    const [row] = await test.ctx.db.select().from(reservations).where(eq(reservations.reference, late));
    expect(row.status).toBe('confirmed');
  });

  it('resends the confirmation through the outbox (support), not for an operator', async () => {
    const [row] = await test.ctx.db.select().from(reservations).where(eq(reservations.reference, refA));
    const before = row.guestTokenHash;
    const sent = (await detailAction(post('support', refA, { intent: 'resend' }))) as { data: { resent: string } };
    expect(sent.data.resent).toContain('erika@example.com');
    const mails = await test.ctx.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.reservationId, row.id), eq(mailOutbox.kind, 'reservation_confirmation')));
    expect(mails.length).toBeGreaterThanOrEqual(2);
    const [after] = await test.ctx.db.select().from(reservations).where(eq(reservations.reference, refA));
    expect(after.guestTokenHash).not.toBe(before);
    const audit = await test.ctx.db.select().from(auditLog).where(eq(auditLog.entityId, refA));
    expect(audit.map((a) => a.action)).toContain('reservation.confirmation.resend');
    expect(await status(detailAction(post('operatorA', refA, { intent: 'resend' })))).toBe(404);
    const cancelled = await detailAction(post('admin', refB, { intent: 'resend' }));
    expect(await status(Promise.resolve(cancelled))).toBe(409);
  });
});
