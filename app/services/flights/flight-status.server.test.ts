import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createAeroDataBox,
  createDemoFlightStatus,
  DEMO_DELAY_MINUTES,
  flightStatusProviderOf,
} from './flight-status.server';

describe('the demo flight provider', () => {
  const demo = createDemoFlightStatus();
  const ask = (flightNumber: string, now = new Date('2026-12-02T10:00:00Z')) =>
    demo.lookup({ flightNumber, date: '2026-12-02', arrivalIata: 'FRA', now });

  it('is deterministic: …7 late, …0 cancelled, the rest on time', async () => {
    expect(await ask('LH 407')).toMatchObject({
      status: 'delayed',
      arrival: new Date(Date.UTC(2026, 11, 2, 12, DEMO_DELAY_MINUTES)),
    });
    expect(await ask('LH 400')).toMatchObject({ status: 'cancelled' });
    expect(await ask('LH 401')).toMatchObject({ status: 'scheduled' });
    expect(await ask('LH 401', new Date('2026-12-02T12:00:00Z'))).toMatchObject({ status: 'landed' });
  });
});

describe('AeroDataBox', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks for the flight number and date only, and reads the leg landing at the airport', async () => {
    const calls: { url: string; headers: Record<string, string> }[] = [];
    vi.stubGlobal('fetch', async (url: URL, init: { headers: Record<string, string> }) => {
      calls.push({ url: url.href, headers: init.headers });
      return new Response(
        JSON.stringify([
          { status: 'Arrived', arrival: { airport: { iata: 'MUC' }, scheduledTime: { utc: '2026-12-02 09:00Z' } } },
          {
            status: 'Delayed',
            arrival: {
              airport: { iata: 'FRA' },
              scheduledTime: { utc: '2026-12-02 16:15Z' },
              revisedTime: { utc: '2026-12-02 19:25Z' },
            },
          },
        ]),
        { status: 200, headers: { 'Content-Type': 'application/json' } },
      );
    });
    const provider = createAeroDataBox({ apiKey: 'k', apiUrl: 'https://adb.test/' });
    const lookup = await provider.lookup({
      flightNumber: 'LH 401',
      date: '2026-12-02',
      arrivalIata: 'FRA',
      now: new Date(),
    });
    expect(calls[0].url).toBe(
      'https://adb.test/flights/number/LH401/2026-12-02?withAircraftImage=false&withLocation=false',
    );
    expect(calls[0].headers['X-RapidAPI-Key']).toBe('k');
    expect(lookup).toEqual({
      status: 'delayed',
      scheduledArrival: new Date('2026-12-02T16:15:00Z'),
      arrival: new Date('2026-12-02T19:25:00Z'),
    });
  });

  it('reads a cancellation, knows no unknown flight, and fails loudly on a server error', async () => {
    const answer = (status: number, body: unknown) =>
      vi.stubGlobal('fetch', async () => new Response(JSON.stringify(body), { status }));
    const provider = createAeroDataBox({ apiKey: 'k', apiUrl: 'https://adb.test' });
    const ask = () =>
      provider.lookup({ flightNumber: 'LH 400', date: '2026-12-02', arrivalIata: 'FRA', now: new Date() });
    answer(200, [
      { status: 'Canceled', arrival: { airport: { iata: 'FRA' }, scheduledTime: { utc: '2026-12-02 16:15Z' } } },
    ]);
    expect(await ask()).toMatchObject({ status: 'cancelled' });
    answer(404, {});
    expect(await ask()).toBeNull();
    answer(500, {});
    await expect(ask()).rejects.toThrow(/500/);
  });

  it('is chosen over the demo when its key is set', () => {
    expect(flightStatusProviderOf({ AERODATABOX_API_KEY: 'k', FLIGHT_STATUS_DEMO: true })?.name).toBe('aerodatabox');
    expect(flightStatusProviderOf({ FLIGHT_STATUS_DEMO: true })?.name).toBe('demo');
    expect(flightStatusProviderOf({})).toBeNull();
  });
});
