/**
 * A tariff's limits on what a booking may bring: persons, child seats and bulky baggage (DESIGN §6 Tariff:
 * `maxPersons`, child seats, allowed bulky-baggage flags). One function, run by the booking page in the
 * browser and by the server's travel-step validation, so a refusal reads the same in both places.
 */

/** The limits of a tariff: the most persons and child seats, and the bulky-baggage flags it takes. */
export type TariffLimits = { maxPersons: number; maxChildSeats: number; allowedBulkyBaggage: readonly string[] };

/** The refused rules, each with its own message key (see {@link TARIFF_LIMIT_MESSAGE_KEYS}). */
export type TariffLimitRule = 'max_persons' | 'max_child_seats' | 'bulky_baggage';

/** One translation key per rule (texts in `locales/*.json`). */
export const TARIFF_LIMIT_MESSAGE_KEYS: Readonly<Record<TariffLimitRule, string>> = Object.freeze({
  max_persons: 'validation.tariff.max_persons',
  max_child_seats: 'validation.tariff.max_child_seats',
  bulky_baggage: 'validation.tariff.bulky_baggage',
});

/** A refused limit: the wire field to flag, the rule, and the translation key of its message. */
export type TariffLimitViolation = {
  field: 'personCount' | 'childrenSeat' | 'bulkyBaggage';
  rule: TariffLimitRule;
  messageKey: string;
};

/**
 * Checks a booking's persons, child seats and bulky baggage against a tariff's limits; all violations, in
 * field order (empty when within the limits):
 * - `personCount` an integer above `maxPersons` → `max_persons` on personCount;
 * - `childrenSeat` an integer above `maxChildSeats` → `max_child_seats` on childrenSeat;
 * - any set flag of `bulkyBaggage` not in `allowedBulkyBaggage` → `bulky_baggage` on bulkyBaggage.
 * A count that is not an integer is the format rules' business (the checkout schema), not a limit.
 *
 * @param limits - the tariff's limits.
 * @param booking.personCount - persons including children.
 * @param booking.childrenSeat - child seats requested.
 * @param booking.bulkyBaggage - bulky-baggage flag → set (SPEC §3 flags, e.g. `{prams: true}`).
 * Source: DESIGN §6 (Tariff: `maxPersons`, child seats, allowed bulky-baggage flags); SPEC §3 (flags).
 */
export function checkTariffLimits(
  limits: TariffLimits,
  booking: { personCount: number; childrenSeat: number; bulkyBaggage: Readonly<Partial<Record<string, boolean>>> },
): TariffLimitViolation[] {
  const violations: TariffLimitViolation[] = [];
  const refuse = (field: TariffLimitViolation['field'], rule: TariffLimitRule) =>
    violations.push({ field, rule, messageKey: TARIFF_LIMIT_MESSAGE_KEYS[rule] });
  if (Number.isInteger(booking.personCount) && booking.personCount > limits.maxPersons)
    refuse('personCount', 'max_persons');
  if (Number.isInteger(booking.childrenSeat) && booking.childrenSeat > limits.maxChildSeats) {
    refuse('childrenSeat', 'max_child_seats');
  }
  const allowed = new Set(limits.allowedBulkyBaggage);
  if (Object.entries(booking.bulkyBaggage).some(([flag, set]) => set && !allowed.has(flag))) {
    refuse('bulkyBaggage', 'bulky_baggage');
  }
  return violations;
}
