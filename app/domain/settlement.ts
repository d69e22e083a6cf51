/**
 * Settling money with the customer when a booking changes (issue 33, decision 0051). Pure rules; amounts are integer
 * euro cents, gross.
 */

/**
 * How a change is settled: `charge` (the customer pays the difference through the provider), `refund` (the
 * difference goes back on the original payment), `none` (nothing moves now: invoice and on-site payers owe what
 * the new invoice says; a change that costs the same).
 */
export type Settlement = 'charge' | 'refund' | 'none';

/**
 * The settlement of a change of `differenceCents` (new total minus old, may be negative). Only a reservation paid
 * online (`paymentType` `online`, status `confirmed`: an online booking is confirmed only once paid) has money at
 * the provider to top up or give back; every other booking settles on its new invoice.
 *
 * @param input.paymentType - the reservation's payment type (`online`, `invoice`, `on_site`).
 * @param input.status - its status (`confirmed`, `pending_payment`, …).
 * @param input.differenceCents - new total minus booked total, cents.
 * @returns the settlement.
 * @throws RangeError when `differenceCents` is not an integer.
 * Source: issue 33 items 1 and 2, decision 0051.
 */
export function changeSettlement(input: { paymentType: string; status: string; differenceCents: number }): Settlement {
  if (!Number.isInteger(input.differenceCents)) {
    throw new RangeError(`differenceCents must be an integer, got ${input.differenceCents}`);
  }
  if (input.paymentType !== 'online' || input.status !== 'confirmed') return 'none';
  if (input.differenceCents > 0) return 'charge';
  if (input.differenceCents < 0) return 'refund';
  return 'none';
}

/**
 * What may still be refunded on one payment: what it captured minus what was refunded on it so far, never
 * negative. A refund is capped at this (a refund twice, or more than was paid, is impossible).
 *
 * @param capturedCents - the amount the provider captured, cents (≥ 0).
 * @param refundedCents - the refunds planned or made on it so far, cents (≥ 0).
 * @returns the refundable cents, 0 when nothing is left.
 * @throws RangeError on a negative or non-integer amount.
 * Source: issue 33 (no refund twice, nothing negative), decision 0051.
 */
export function refundableCents(capturedCents: number, refundedCents: number): number {
  for (const [name, value] of [
    ['capturedCents', capturedCents],
    ['refundedCents', refundedCents],
  ] as const) {
    if (!Number.isInteger(value) || value < 0) throw new RangeError(`${name} must be an integer ≥ 0, got ${value}`);
  }
  return Math.max(0, capturedCents - refundedCents);
}
