import { describe, expect, it } from 'vitest';
import { WebhookSignatureError } from './payment.server.ts';
import { createDemoProvider, demoWebhookCall } from './demo.server.ts';
import { signStripePayload, verifyStripeEvent } from './stripe.server.ts';

const SECRET = 'whsec_unit';
const NOW = new Date('2026-11-21T09:00:00Z');

/** A signed Stripe-shaped event, verified and read back. */
function read(type: string, object: Record<string, unknown>) {
  const body = JSON.stringify({ id: `evt_${type}`, object: 'event', type, data: { object } });
  return verifyStripeEvent(SECRET, signStripePayload(SECRET, body, NOW), Buffer.from(body), NOW);
}

describe('Stripe webhook events (issue 13)', () => {
  it('maps the checkout and payment intent events to paid, failed, expired or ignored', () => {
    const session = { id: 'cs_1', client_reference_id: 'ABCD2345', amount_total: 4200, payment_intent: 'pi_1' };
    expect(read('checkout.session.completed', { ...session, payment_status: 'paid' })).toEqual({
      id: 'evt_checkout.session.completed',
      type: 'checkout.session.completed',
      kind: 'paid',
      reference: 'ABCD2345',
      sessionId: 'cs_1',
      paymentIntentId: 'pi_1',
      amountCents: 4200,
    });
    // SEPA debit under way: completed but unpaid until async_payment_succeeded
    expect(read('checkout.session.completed', { ...session, payment_status: 'unpaid' }).kind).toBe('ignored');
    expect(read('checkout.session.async_payment_succeeded', session).kind).toBe('paid');
    expect(read('checkout.session.async_payment_failed', session).kind).toBe('failed');
    expect(read('checkout.session.expired', { ...session, payment_intent: null })).toMatchObject({
      kind: 'expired',
      sessionId: 'cs_1',
      paymentIntentId: null,
    });
    expect(
      read('payment_intent.payment_failed', { id: 'pi_9', object: 'payment_intent', metadata: { reference: 'X' } }),
    ).toMatchObject({ kind: 'failed', reference: 'X', sessionId: null, paymentIntentId: 'pi_9' });
    expect(read('customer.created', { id: 'cus_1' })).toMatchObject({ kind: 'ignored', reference: null });
  });

  it('refuses a wrong secret, a changed body, a stale timestamp and a missing header', () => {
    const body = JSON.stringify({ id: 'evt_1', object: 'event', type: 'x', data: { object: {} } });
    const signature = signStripePayload(SECRET, body, NOW);
    expect(() => verifyStripeEvent('whsec_other', signature, Buffer.from(body), NOW)).toThrow(WebhookSignatureError);
    expect(() => verifyStripeEvent(SECRET, signature, Buffer.from(body.replace('x', 'y')), NOW)).toThrow(
      WebhookSignatureError,
    );
    const later = new Date(NOW.getTime() + 6 * 60_000);
    expect(() => verifyStripeEvent(SECRET, signature, Buffer.from(body), later)).toThrow(WebhookSignatureError);
    expect(() => verifyStripeEvent(SECRET, undefined, Buffer.from(body), NOW)).toThrow(WebhookSignatureError);
  });

  it('the demo provider signs its own events and verifies them like Stripe, with its own secret', async () => {
    const demo = createDemoProvider({ sessionSecret: 's'.repeat(40) });
    const call = demoWebhookCall('s'.repeat(40), {
      outcome: 'pay',
      sessionId: 'demo_cs_1',
      reference: 'ABCD2345',
      amountCents: 4200,
      now: NOW,
    })!;
    expect(demo.verifyWebhook(call.signature, Buffer.from(call.body), NOW)).toMatchObject({
      kind: 'paid',
      reference: 'ABCD2345',
      sessionId: 'demo_cs_1',
      amountCents: 4200,
    });
    const other = createDemoProvider({ sessionSecret: 'o'.repeat(40) });
    expect(() => other.verifyWebhook(call.signature, Buffer.from(call.body), NOW)).toThrow(WebhookSignatureError);
    expect(
      demoWebhookCall('s'.repeat(40), { outcome: 'abandon', sessionId: 'x', reference: 'y', amountCents: 1, now: NOW }),
    ).toBeNull();
    const { url } = await demo.createPayment({
      reference: 'ABCD2345',
      amountCents: 4200,
      description: 'Parken',
      locale: 'en',
      email: null,
      successUrl: 'https://shop.example/en/reservierung/ABCD2345?zahlung=ok',
      cancelUrl: 'https://shop.example/en/reservierung/ABCD2345?zahlung=abgebrochen',
      idempotencyKey: 'ABCD2345-1',
      expiresAt: NOW,
    });
    expect(url).toMatch(/^https:\/\/shop\.example\/en\/zahlung\/demo\/demo_cs_[0-9a-f]{24}$/);
    const a = await demo.refund({ paymentIntentId: 'pi', amountCents: 1, idempotencyKey: 'refund-ABCD2345' });
    const b = await demo.refund({ paymentIntentId: 'pi', amountCents: 1, idempotencyKey: 'refund-ABCD2345' });
    expect(a).toEqual(b);
  });
});
