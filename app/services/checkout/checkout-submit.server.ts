/**
 * The whole use case behind `POST /api/checkout` (DESIGN §5): idempotency, placing the reservation, guest
 * access, the cart, the confirmation mail. The API route only hands over the request and sends the answer.
 */
import { localePath, type Locale } from '~/i18n.ts';
import { translator } from '~/i18n.server.ts';
import {
  IdempotencyKeyTakenError,
  placeReservation,
  type PlannedReservation,
  type Reservation,
} from './checkout.server.ts';
import { CheckoutError } from './checkout-error.server.ts';
import { grantGuestAccess } from '../reservations/guest-access.server.ts';
import {
  beginIdempotency,
  completeIdempotency,
  isAcceptableIdempotencyKey,
  releaseIdempotency,
  requestFingerprint,
  scopedIdempotencyKey,
} from './idempotency.server.ts';
import { invoiceIssuerOf } from '../documents/invoices.server.ts';
import { kickMailDelivery, reservationConfirmationMail } from '../mail/mail.server.ts';
import { startOnlinePayment } from '../payments/online-payment.server.ts';
import { RequestError, requestErrorBody } from '../request-error.server.ts';
import { buildGuestAccessUrl } from '../reservations/reservations.server.ts';
import type { ServiceContext } from '../service-context.ts';
import type { SessionChange, SessionPort } from '../session-port.ts';

/** A checkout submission as the API received it. */
export type CheckoutSubmission = {
  /** the visitor's session: its cart names the tariff; gets guest access and loses the cart on success */
  session: SessionPort;
  /** the flat wire body of all steps (DESIGN §5) */
  body: Record<string, unknown>;
  /** the `Idempotency-Key` header as sent, undefined without one */
  idempotencyKey: string | undefined;
  /** the App-Language: stored with the reservation, language of messages and of the redirect */
  locale: Locale;
};

/** The answer to send: HTTP status and JSON body. */
export type CheckoutAnswer = { status: number; body: unknown };

/** The public view of a new reservation in the 201 answer (DESIGN §5: `{reservation, redirect}`). */
function createdAnswer(
  reservation: Pick<
    Reservation,
    'reference' | 'status' | 'totalCents' | 'entryLocal' | 'exitLocal' | 'paymentType' | 'invoiceNumber'
  >,
  locale: Locale,
) {
  // An online payment goes on at the provider: our own "pay" path sends the customer to the hosted checkout
  // started after the booking (a replayed answer leads there too, or to the reservation page once paid).
  const page = `/reservierung/${reservation.reference}`;
  return {
    reservation: {
      reference: reservation.reference,
      status: reservation.status,
      totalCents: reservation.totalCents,
      currency: 'EUR' as const,
      entryTime: reservation.entryLocal,
      exitTime: reservation.exitLocal,
      paymentType: reservation.paymentType,
      invoiceNumber: reservation.invoiceNumber,
    },
    redirect: localePath(locale, reservation.status === 'pending_payment' ? `${page}/bezahlen` : page),
  };
}

/**
 * Judges a request with an `Idempotency-Key` against the key's row (`beginIdempotency`), after its booking was
 * refused.
 * @param key - the `Idempotency-Key` header as sent.
 * @returns the scoped key, now `in_flight` for this request, to complete or release; or the stored answer to replay.
 * @throws CheckoutError 409 `checkout.api.idempotency_in_flight`, 422 `checkout.api.idempotency_key_invalid` /
 *   `checkout.api.idempotency_mismatch`.
 */
async function beginKey(ctx: ServiceContext, input: CheckoutSubmission, key: string): Promise<string | CheckoutAnswer> {
  const decision = await beginIdempotency(ctx.db, {
    key,
    sessionId: input.session.id,
    body: input.body,
    cart: input.session.get('cart') ?? null,
  });
  if (decision.kind === 'replay') return { status: decision.status, body: decision.body };
  if (decision.kind === 'refused') throw new CheckoutError(decision.status, decision.messageKey);
  return decision.key;
}

/**
 * Settles the idempotency key of a failed placement, then the caller rethrows. A 422 depends only on the
 * request and is stored for replays; a 409 (sold out) depends on the moment, so the key is released and a
 * retry is judged afresh; an unexpected error releases the key (a failure to release is only logged).
 */
async function settleFailedKey(ctx: ServiceContext, key: string, error: unknown, locale: Locale): Promise<void> {
  if (error instanceof RequestError) {
    if (error.status === 409) await releaseIdempotency(ctx.db, key);
    else await completeIdempotency(ctx.db, key, error.status, requestErrorBody(error, translator(locale)));
    return;
  }
  await releaseIdempotency(ctx.db, key).catch((err: unknown) =>
    ctx.logger.error({ err }, 'could not release idempotency key'),
  );
}

/**
 * The confirmation mail with the secret guest link, queued by the booking statement itself, so the mail is queued
 * exactly when the booking commits (transactional outbox, issue 14 item 2): a booking that cannot queue its mail
 * is not taken (decisions 0026 and 0034), because an acknowledged booking without its confirmation is what
 * issue 14 forbids. The mail is rendered when delivered.
 */
function confirmationMail(ctx: ServiceContext, input: CheckoutSubmission) {
  return (reservation: PlannedReservation, guestToken: string) =>
    reservationConfirmationMail(ctx.env, {
      reservation,
      accessUrl: buildGuestAccessUrl(ctx.env.PUBLIC_URL, input.locale, reservation.reference, guestToken),
    });
}

/** The session after a booking of `reference`: guest access to it, its thank-you banner once, no cart. */
function afterBooking(reference: string): SessionChange {
  return (session) => {
    grantGuestAccess(session, reference);
    session.set('bookedReference', reference);
    session.unset('cart');
  };
}

/** How the booking stores its idempotent answer: a new row for the key, or the completion of a begun one. */
type AnswerPlan = { key: string; requestHash?: string } | null;

/**
 * Books (`placeReservation`) with the answer stored as `plan` says and the session after the booking (guest access,
 * no cart) stored by the same statement where the session can be (decision 0035). An online payment's hosted
 * checkout is started; mail delivery is kicked.
 */
async function book(ctx: ServiceContext, input: CheckoutSubmission, plan: AnswerPlan): Promise<CheckoutAnswer> {
  const { session } = input;
  const { reservation } = await placeReservation(ctx.db, {
    cart: input.session.get('cart') ?? null,
    body: input.body,
    userId: input.session.get('userId') ?? null,
    locale: input.locale,
    issuer: invoiceIssuerOf(ctx.env),
    now: ctx.now(),
    // Queued only with a confirmed booking: an online payment's confirmation is queued when the provider reports
    // the payment (issue 13).
    mail: confirmationMail(ctx, input),
    answer: plan ? { ...plan, body: (planned) => createdAnswer(planned, input.locale) } : undefined,
    // The session after the booking is stored by the booking's statement (decision 0035: one round trip less).
    session: session.rowAfter ? (planned) => session.rowAfter!(afterBooking(planned.reference)) : undefined,
  });
  if (session.applyStored) session.applyStored(afterBooking(reservation.reference));
  else afterBooking(reservation.reference)(session);
  if (reservation.status === 'pending_payment') {
    // The hosted checkout is created now, with the server's price (issue 13); a provider failure is logged and
    // the reservation page's "pay now" tries again while the hold lasts.
    await startOnlinePayment(ctx, {
      reference: reservation.reference,
      locale: input.locale,
    });
  }
  // The confirmation was queued with the booking; the mail worker (the jobs process in a cluster) delivers it.
  kickMailDelivery(ctx);
  return { status: 201, body: createdAnswer(reservation, input.locale) };
}

/**
 * Submits the checkout (`POST /api/checkout`, DESIGN §5):
 * 1. `placeReservation` (validate, price, book); the confirmation mail is queued by the booking's own
 *    statement (a failure to queue it fails the booking: no booking without its mail);
 * 2. with an `Idempotency-Key` (1–200 characters, else 422), the booking statement stores the 201 answer as the
 *    key's row too, so a crash in between cannot book twice, and refuses to book when the key has a row already
 *    (decision 0034: one round trip less than beginning the key first). Only when the booking is refused (that
 *    row, or a 409/422 of its own) is the request judged against the key as before: the stored answer of an
 *    earlier request with the same body is replayed (status and body as first sent; after a success the cart is
 *    gone, so a retry lands here), a different body is 422 and a request in flight 409; a key that was free, or
 *    abandoned long ago, gets this request's 422 stored for replays (a 409 depends on the moment and is not), or,
 *    when the booking was refused only for the key's old row, books again under it;
 * 3. the session gets guest access to the reservation and loses its cart, stored by the booking statement itself
 *    (decision 0035; a session port without `rowAfter` is left for the caller to save);
 * 4. an online payment (`pending_payment`, issue 13): the provider's hosted checkout is started, and the answer's
 *    redirect is the reservation's `…/bezahlen` path that leads there;
 * 5. mail delivery is kicked (offline types; an online payment's confirmation is queued by its webhook).
 *
 * @param ctx - database, clock, logger and configuration (`PUBLIC_URL`, mail settings).
 * @param input - see {@link CheckoutSubmission}.
 * @returns 201 `{reservation, redirect}` (reservation: reference, status, totalCents, currency, entryTime,
 *   exitTime (airport local), paymentType, invoiceNumber), or a replayed `{status, body}`.
 * @throws CheckoutError (a RequestError) 409 no cart / locked / sold out / not bookable / key in flight,
 *   422 validation or key invalid or mismatch — the API maps it to JSON; database errors pass through.
 * Source: DESIGN §5 (POST checkout, Idempotency-Key), DESIGN §6 (Reservation), issue 3 (confirmation mail),
 *   decision 0034.
 */
export async function submitCheckout(ctx: ServiceContext, input: CheckoutSubmission): Promise<CheckoutAnswer> {
  if (input.idempotencyKey === undefined) return book(ctx, input, null);
  if (!isAcceptableIdempotencyKey(input.idempotencyKey)) {
    throw new CheckoutError(422, 'checkout.api.idempotency_key_invalid');
  }
  const claim = {
    key: scopedIdempotencyKey(input.session.id, input.idempotencyKey),
    requestHash: requestFingerprint(input.body, input.session.get('cart') ?? null),
  };
  try {
    return await book(ctx, input, claim);
  } catch (error) {
    // Database and other unexpected errors stored nothing (no key row either): the client may retry.
    if (!(error instanceof RequestError)) throw error;
    const key = await beginKey(ctx, input, input.idempotencyKey);
    if (typeof key === 'object') return key;
    if (error instanceof IdempotencyKeyTakenError) {
      // The row that refused the booking was an abandoned request's, taken over now: book under it.
      try {
        return await book(ctx, input, { key });
      } catch (retryError) {
        await settleFailedKey(ctx, key, retryError, input.locale);
        throw retryError;
      }
    }
    await settleFailedKey(ctx, key, error, input.locale);
    throw error;
  }
}
