/**
 * What a tariff includes, for the `services` modal of the airport page (SPEC §2 modal `services`, DESIGN §6
 * Parking lot features): transfer (shuttle, valet handover or walk), keys, covered or open-air, EV charging,
 * security, maximum vehicle height, persons, child seats and free cancellation, from the tariff and its lot.
 * Pure: the texts are message keys with their parameters; the page translates them.
 */
import type { Locale } from '~/i18n.ts';
import { numberFormat } from './intl-cache.ts';

/** One line of the services list: a message key, its parameters, and whether it is a plus (✓) or a limit (–). */
export type ServiceItem = { key: string; params?: Record<string, string | number>; included: boolean };

/** What the rule needs of a tariff and its lot. */
export type TariffServicesInput = {
  category: 'shuttle' | 'valet' | 'terminal';
  features: {
    covered: boolean;
    keysHandedOver: boolean;
    evCharging: boolean;
    security24h: boolean;
    /** centimetres, null when unlimited */
    maxHeightCm: number | null;
  };
  /** minutes to the terminal (shuttle ride or walk) */
  transferMinutes: number;
  includedPersons: number;
  maxPersons: number;
  maxChildSeats: number;
  freeCancellationHours: number;
};

/**
 * The services list of a tariff, in a fixed order: transfer, keys, roof, EV charging, security, height,
 * persons, child seats, cancellation. Heights are formatted in metres with two decimals in `locale`.
 * Source: DESIGN §6 (Parking lot features; free cancellation until 24 h before entry), DESIGN §10 (offer facts).
 */
export function tariffServices(input: TariffServicesInput, locale: Locale): ServiceItem[] {
  const { features } = input;
  const metres = (cm: number) =>
    numberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(cm / 100);
  const transfer: ServiceItem =
    input.category === 'shuttle'
      ? { key: 'services.shuttle', params: { minutes: input.transferMinutes }, included: true }
      : input.category === 'valet'
        ? { key: 'services.valet', included: true }
        : { key: 'services.walk', params: { minutes: input.transferMinutes }, included: true };
  const items: ServiceItem[] = [
    transfer,
    { key: features.keysHandedOver ? 'services.keys.handed_over' : 'services.keys.kept', included: true },
    { key: features.covered ? 'services.covered' : 'services.open_air', included: features.covered },
    { key: features.evCharging ? 'services.ev_charging' : 'services.no_ev_charging', included: features.evCharging },
  ];
  if (features.security24h) items.push({ key: 'services.security', included: true });
  items.push(
    features.maxHeightCm === null
      ? { key: 'services.max_height.none', included: true }
      : { key: 'services.max_height', params: { height: metres(features.maxHeightCm) }, included: false },
    {
      key: 'services.persons',
      params: { included: input.includedPersons, max: input.maxPersons },
      included: true,
    },
  );
  if (input.maxChildSeats > 0)
    items.push({ key: 'services.child_seats', params: { count: input.maxChildSeats }, included: true });
  items.push({ key: 'services.free_cancellation', params: { hours: input.freeCancellationHours }, included: true });
  return items;
}
