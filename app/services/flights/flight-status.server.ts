/**
 * The flight status port (issue 35 item 1, decision 0056): what a return flight does — scheduled and expected (or
 * actual) landing, landed, cancelled. Two adapters, chosen from the configuration by {@link flightStatusProviderOf}:
 * AeroDataBox (through RapidAPI; `AERODATABOX_API_KEY`) and a deterministic demo (`FLIGHT_STATUS_DEMO=1`). A
 * provider gets the flight number and the date only — never a name, a plate or a booking.
 */
import type { LocalDate } from '~/domain/local-time.ts';

/** What a provider says about one flight's landing at the airport asked for; instants, or null when unknown. */
export type FlightLookup = {
  status: 'scheduled' | 'delayed' | 'landed' | 'cancelled';
  scheduledArrival: Date;
  /** the expected landing (revised or predicted), or the actual one once landed */
  arrival: Date;
};

/** The port: the landing of `flightNumber` (IATA, e.g. `LH 401`) on `date` (local) at the airport `arrivalIata`. */
export type FlightStatusProvider = {
  name: 'aerodatabox' | 'demo';
  /**
   * @returns the flight, or null when the provider does not know it.
   * @throws on network or provider errors (the caller logs and tries again later).
   */
  lookup(input: {
    flightNumber: string;
    date: LocalDate;
    arrivalIata: string;
    now: Date;
  }): Promise<FlightLookup | null>;
};

/** The settings that choose the provider (README, Configuration). */
export type FlightStatusConfig = {
  AERODATABOX_API_KEY?: string;
  AERODATABOX_API_URL?: string;
  FLIGHT_STATUS_DEMO?: boolean;
};

/** Minutes the demo's flights ending in 7 are late (issue 35: "land 190 minutes late"). */
export const DEMO_DELAY_MINUTES = 190;

/**
 * The demo provider, deterministic like a payment provider's test cards: a flight number ending in 7 lands
 * {@link DEMO_DELAY_MINUTES} late, ending in 0 is cancelled, every other one is on time. Each is scheduled to land at
 * 12:00 UTC of its date; it counts as landed once `now` is past its landing.
 * Source: issue 35 item 1 (`FLIGHT_STATUS_DEMO=1`).
 */
export function createDemoFlightStatus(): FlightStatusProvider {
  return {
    name: 'demo',
    async lookup({ flightNumber, date, now }) {
      const scheduledArrival = new Date(`${date}T12:00:00Z`);
      const last = flightNumber.trim().slice(-1);
      if (last === '0') return { status: 'cancelled', scheduledArrival, arrival: scheduledArrival };
      const arrival = new Date(scheduledArrival.getTime() + (last === '7' ? DEMO_DELAY_MINUTES * 60_000 : 0));
      const landed = now.getTime() >= arrival.getTime();
      return { status: landed ? 'landed' : last === '7' ? 'delayed' : 'scheduled', scheduledArrival, arrival };
    },
  };
}

/** AeroDataBox's time object: `{utc: "2026-12-02 17:15Z", local: "…"}`. */
type AdbTime = { utc?: string } | undefined;
type AdbFlight = {
  status?: string;
  arrival?: {
    airport?: { iata?: string };
    scheduledTime?: AdbTime;
    revisedTime?: AdbTime;
    predictedTime?: AdbTime;
    runwayTime?: AdbTime;
  };
};

function adbInstant(time: AdbTime): Date | null {
  if (!time?.utc) return null;
  const instant = new Date(time.utc.replace(' ', 'T'));
  return Number.isNaN(instant.getTime()) ? null : instant;
}

/**
 * AeroDataBox through RapidAPI: `GET {base}/flights/number/{number}/{date}` with the RapidAPI key; of the legs it
 * lists, the one landing at `arrivalIata`. Status `Canceled`/`CanceledUncertain` → cancelled, `Arrived` → landed;
 * the landing is the runway, revised or predicted time, else the scheduled one.
 * Source: AeroDataBox API (Flight status by number and date).
 */
export function createAeroDataBox(config: { apiKey: string; apiUrl: string }): FlightStatusProvider {
  return {
    name: 'aerodatabox',
    async lookup({ flightNumber, date, arrivalIata }) {
      const number = flightNumber.replace(/\s+/g, '');
      const url = new URL(
        `flights/number/${encodeURIComponent(number)}/${date}`,
        `${config.apiUrl.replace(/\/$/, '')}/`,
      );
      url.searchParams.set('withAircraftImage', 'false');
      url.searchParams.set('withLocation', 'false');
      const response = await fetch(url, {
        headers: { 'X-RapidAPI-Key': config.apiKey, 'X-RapidAPI-Host': url.host },
        signal: AbortSignal.timeout(10_000),
      });
      if (response.status === 404 || response.status === 204) return null;
      if (!response.ok) throw new Error(`AeroDataBox answered ${response.status}`);
      const legs = (await response.json()) as AdbFlight[];
      const leg = legs.find((l) => l.arrival?.airport?.iata?.toUpperCase() === arrivalIata.toUpperCase());
      const scheduledArrival = adbInstant(leg?.arrival?.scheduledTime);
      if (!leg || !scheduledArrival) return null;
      const arrival =
        adbInstant(leg.arrival?.runwayTime) ??
        adbInstant(leg.arrival?.revisedTime) ??
        adbInstant(leg.arrival?.predictedTime) ??
        scheduledArrival;
      const status = (leg.status ?? '').toLowerCase();
      if (status.startsWith('canceled') || status.startsWith('cancelled')) {
        return { status: 'cancelled', scheduledArrival, arrival };
      }
      if (status === 'arrived') return { status: 'landed', scheduledArrival, arrival };
      return { status: arrival > scheduledArrival ? 'delayed' : 'scheduled', scheduledArrival, arrival };
    },
  };
}

/**
 * The provider the configuration asks for: AeroDataBox when `AERODATABOX_API_KEY` is set, else the demo when
 * `FLIGHT_STATUS_DEMO=1`, else none (customers report a delay themselves).
 * Source: issue 35 item 1, decision 0056.
 */
export function flightStatusProviderOf(config: FlightStatusConfig): FlightStatusProvider | null {
  if (config.AERODATABOX_API_KEY) {
    return createAeroDataBox({
      apiKey: config.AERODATABOX_API_KEY,
      apiUrl: config.AERODATABOX_API_URL ?? 'https://aerodatabox.p.rapidapi.com',
    });
  }
  return config.FLIGHT_STATUS_DEMO ? createDemoFlightStatus() : null;
}
