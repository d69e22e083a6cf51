/**
 * The demo provider's test checkout page (issue 13 item 5): what `/zahlung/demo/:session` shows and what its
 * buttons do. Paying or declining sends the demo's signed, Stripe-shaped event through the same webhook handling
 * as a real provider's call ({@link handlePaymentWebhook}: signature check, events stored once); abandoning sends
 * nothing (the hold expires). Then the customer goes back to the reservation page, like from a hosted checkout.
 */
import { and, eq } from 'drizzle-orm';
import { payments, reservations } from '#database/schema.ts';
import { localePath, type Locale } from '~/i18n.ts';
import { amountDue, handlePaymentWebhook } from './online-payment.server.ts';
import { paymentProvider } from './payment.server.ts';
import { demoPaymentIntent, demoWebhookCall, isDemoProvider, type DemoOutcome } from './demo.server.ts';
import type { ServiceContext } from '../service-context.ts';

/** The demo checkout of a session as the page shows it, or null (unknown session or demo not configured). */
export type DemoCheckout = { sessionId: string; reference: string; amountCents: number; open: boolean };

/**
 * The demo checkout of `sessionId`: `open` while the attempt is unpaid and what it pays is still due (the booking's
 * hold, the hold of the change whose difference it pays, or an overstay's open invoice).
 * @returns null when the demo provider is not the configured one or the session is unknown (the page answers 404).
 * @throws on database errors only.
 */
export async function loadDemoCheckout(
  ctx: Pick<ServiceContext, 'db' | 'now'>,
  sessionId: string,
): Promise<DemoCheckout | null> {
  if (paymentProvider()?.name !== 'demo') return null;
  const [row] = await ctx.db
    .select({ payment: payments, reservation: reservations })
    .from(payments)
    .innerJoin(reservations, eq(reservations.id, payments.reservationId))
    .where(and(eq(payments.provider, 'demo'), eq(payments.sessionId, sessionId)))
    .limit(1);
  if (!row) return null;
  const r = row.reservation;
  // Open while this attempt is unpaid and pays what is due now (the booking's total, a change's difference, an
  // overstay's invoice).
  const due = row.payment.status === 'open' ? await amountDue(ctx.db, r, ctx.now()) : null;
  const open = due !== null && due.changeId === row.payment.changeId && due.overstayId === row.payment.overstayId;
  return { sessionId, reference: r.reference, amountCents: row.payment.amountCents, open };
}

/**
 * Acts on a button of the demo checkout: `pay` and `decline` deliver the signed event to the webhook handling,
 * `abandon` only goes back.
 * @param input.sessionSecret - the app's session secret (the demo's webhook secret derives from it).
 * @returns the path to send the customer to (the reservation page), or null for an unknown session.
 * @throws Error when the webhook handling refuses the demo's own event (a bug); database errors pass through.
 * Source: issue 13 item 5.
 */
export async function completeDemoCheckout(
  ctx: ServiceContext,
  input: { sessionId: string; outcome: DemoOutcome; locale: Locale; sessionSecret: string },
): Promise<string | null> {
  const checkout = await loadDemoCheckout(ctx, input.sessionId);
  if (!checkout) return null;
  const back = localePath(input.locale, `/reservierung/${checkout.reference}`);
  if (!checkout.open) return back;
  const call = demoWebhookCall(input.sessionSecret, { ...checkout, outcome: input.outcome, now: ctx.now() });
  if (!call) return `${back}?zahlung=abgebrochen`;
  // The demo's provider side took the money (its ledger, for the reconciliation), as Stripe would before its event.
  const provider = paymentProvider();
  if (input.outcome === 'pay' && isDemoProvider(provider)) {
    provider.capture({
      paymentIntentId: demoPaymentIntent(input.sessionId),
      reference: checkout.reference,
      amountCents: checkout.amountCents,
      at: ctx.now(),
    });
  }
  const answer = await handlePaymentWebhook(ctx, {
    provider: 'demo',
    signature: call.signature,
    rawBody: Buffer.from(call.body),
  });
  if (answer.status !== 200) throw new Error(`the demo webhook was refused with ${answer.status}`);
  return `${back}?zahlung=${input.outcome === 'pay' ? 'ok' : 'abgelehnt'}`;
}
