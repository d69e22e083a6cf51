import { describe, expect, it } from 'vitest';
import { checkTariffLimits, TARIFF_LIMIT_MESSAGE_KEYS } from './tariff-limits';
import de from '../../locales/de.json' with { type: 'json' };
import en from '../../locales/en.json' with { type: 'json' };

const limits = { maxPersons: 5, maxChildSeats: 2, allowedBulkyBaggage: ['prams', 'ski'] };
const none = { prams: false, bicycle: false };

describe('checkTariffLimits', () => {
  it('accepts a booking within the limits, exactly at the maxima too', () => {
    expect(
      checkTariffLimits(limits, { personCount: 5, childrenSeat: 2, bulkyBaggage: { prams: true, ski: true } }),
    ).toEqual([]);
    expect(checkTariffLimits(limits, { personCount: 1, childrenSeat: 0, bulkyBaggage: none })).toEqual([]);
  });

  it('refuses more persons than the tariff takes', () => {
    expect(checkTariffLimits(limits, { personCount: 6, childrenSeat: 0, bulkyBaggage: none })).toEqual([
      { field: 'personCount', rule: 'max_persons', messageKey: 'validation.tariff.max_persons' },
    ]);
  });

  it('refuses more child seats than the tariff has', () => {
    expect(checkTariffLimits(limits, { personCount: 4, childrenSeat: 3, bulkyBaggage: none })).toEqual([
      { field: 'childrenSeat', rule: 'max_child_seats', messageKey: 'validation.tariff.max_child_seats' },
    ]);
  });

  it('refuses a set bulky-baggage flag the tariff does not take, ignores unset ones', () => {
    expect(
      checkTariffLimits(limits, { personCount: 1, childrenSeat: 0, bulkyBaggage: { prams: true, bicycle: true } }),
    ).toEqual([{ field: 'bulkyBaggage', rule: 'bulky_baggage', messageKey: 'validation.tariff.bulky_baggage' }]);
    expect(
      checkTariffLimits(
        { ...limits, allowedBulkyBaggage: [] },
        { personCount: 1, childrenSeat: 0, bulkyBaggage: none },
      ),
    ).toEqual([]);
  });

  it('reports every refused limit at once and leaves non-integers to the format rules', () => {
    const all = checkTariffLimits(limits, { personCount: 9, childrenSeat: 9, bulkyBaggage: { bicycle: true } });
    expect(all.map((v) => v.rule)).toEqual(['max_persons', 'max_child_seats', 'bulky_baggage']);
    expect(checkTariffLimits(limits, { personCount: 9.5, childrenSeat: Number.NaN, bulkyBaggage: none })).toEqual([]);
  });

  it('has a text for every message key in both languages', () => {
    for (const key of Object.values(TARIFF_LIMIT_MESSAGE_KEYS)) {
      expect((de as Record<string, string>)[key], key).toBeTruthy();
      expect((en as Record<string, string>)[key], key).toBeTruthy();
    }
  });
});
