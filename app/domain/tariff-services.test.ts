import { describe, expect, it } from 'vitest';
import { tariffServices, type TariffServicesInput } from './tariff-services.ts';

const base: TariffServicesInput = {
  category: 'shuttle',
  features: { covered: false, keysHandedOver: false, evCharging: false, security24h: true, maxHeightCm: null },
  transferMinutes: 8,
  includedPersons: 4,
  maxPersons: 8,
  maxChildSeats: 2,
  freeCancellationHours: 24,
};

describe('tariffServices', () => {
  it('lists a shuttle car park: transfer, keys kept, open air, no charging, security, no height limit, persons', () => {
    expect(tariffServices(base, 'de')).toEqual([
      { key: 'services.shuttle', params: { minutes: 8 }, included: true },
      { key: 'services.keys.kept', included: true },
      { key: 'services.open_air', included: false },
      { key: 'services.no_ev_charging', included: false },
      { key: 'services.security', included: true },
      { key: 'services.max_height.none', included: true },
      { key: 'services.persons', params: { included: 4, max: 8 }, included: true },
      { key: 'services.child_seats', params: { count: 2 }, included: true },
      { key: 'services.free_cancellation', params: { hours: 24 }, included: true },
    ]);
  });

  it('valet: handover at the terminal, keys handed over; a terminal car park: walk, height limit in metres', () => {
    const valet = tariffServices(
      { ...base, category: 'valet', features: { ...base.features, keysHandedOver: true, covered: true } },
      'en',
    );
    expect(valet.slice(0, 3).map((i) => i.key)).toEqual([
      'services.valet',
      'services.keys.handed_over',
      'services.covered',
    ]);
    const terminal = tariffServices(
      {
        ...base,
        category: 'terminal',
        maxChildSeats: 0,
        features: { ...base.features, evCharging: true, security24h: false, maxHeightCm: 205 },
      },
      'de',
    );
    expect(terminal[0]).toEqual({ key: 'services.walk', params: { minutes: 8 }, included: true });
    expect(terminal.find((i) => i.key === 'services.ev_charging')?.included).toBe(true);
    expect(terminal.find((i) => i.key === 'services.max_height')?.params).toEqual({ height: '2,05' });
    expect(terminal.some((i) => i.key === 'services.security' || i.key === 'services.child_seats')).toBe(false);
    expect(
      tariffServices({ ...base, features: { ...base.features, maxHeightCm: 190 } }, 'en').find(
        (i) => i.key === 'services.max_height',
      )?.params,
    ).toEqual({ height: '1.90' });
  });
});
