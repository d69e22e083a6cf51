/**
 * Parking lots and their tariffs per airport (DESIGN §6, §8).
 *
 * Operators and phone numbers are fictional (no real company is named); streets, postcodes and coordinates
 * are the real surroundings of each airport. Distances and transfer times follow the categories:
 * terminal car parks are a 200–900 m walk (3–12 min), shuttle car parks 3–12 km away by road (5–15 min by bus),
 * valet hands the car over at the terminal (0–300 m). `distanceMeters` is the route travelled (road or footpath),
 * never the straight line: `seed.test.ts` keeps it between the straight-line distance from the airport's
 * terminal coordinates and twice that plus 1 km. Phone numbers lie in the blocks the Bundesnetzagentur keeps
 * free for media productions (`drama-numbers.ts`), so no real subscriber is ever called.
 *
 * Prices are gross euro cents derived from the 2026 German market (see `prices.ts`): shuttle ≈ 45–75 € for
 * eight days, valet ≈ 90–140 €, terminal car park ≈ 120–220 €; the big hubs FRA and MUC are dearest, LEJ and
 * DTM cheapest.
 */
import type { parkingLots, ParkingLotFeatures, tariffs } from '../schema.ts';
import { peakSeasons, standardList, type PriceCurve, type PriceListSeed } from './prices.ts';

/** A tariff as the seed inserts it: the row without ids, plus its price lists (default first). */
type TariffSeed = Omit<typeof tariffs.$inferInsert, 'id' | 'airportId' | 'parkingLotId'> & {
  priceLists: PriceListSeed[];
};

/** A parking lot as the seed inserts it: the row without ids, plus the tariffs sold for it. */
export type ParkingLotSeed = Omit<typeof parkingLots.$inferInsert, 'id' | 'airportId'> & {
  tariffs: TariffSeed[];
};

/** Bulky-baggage flags of SPEC §3; a car park (own car) accepts all of them. */
const ALL_BAGGAGE = ['prams', 'wheelchair', 'bicycle', 'golfBag', 'surfboard', 'other'];
/** What fits into a shuttle bus without a trailer. */
const BUS_BAGGAGE = ['prams', 'wheelchair', 'golfBag', 'other'];
/** Shuttle buses with a luggage trailer also take bicycles and surfboards. */
const TRAILER_BAGGAGE = ALL_BAGGAGE;

// ---------------------------------------------------------------------------------------------------------
// Texts shared by the lots of one category, filled with each lot's concrete places and numbers.
// ---------------------------------------------------------------------------------------------------------

type Texts = Pick<
  ParkingLotSeed,
  | 'openingHoursDe'
  | 'openingHoursEn'
  | 'arrivalInstructionsDe'
  | 'arrivalInstructionsEn'
  | 'returnInstructionsDe'
  | 'returnInstructionsEn'
>;

/** Opening hours, arrival and return instructions of a shuttle car park. */
function shuttleTexts(o: {
  entranceDe: string;
  entranceEn: string;
  phone: string;
  stopDe: string;
  stopEn: string;
  minutes: number;
  every: number;
  open: string;
}): Texts {
  return {
    openingHoursDe: `Täglich ${o.open} Uhr; Shuttle alle ${o.every} Minuten, außerhalb der Zeiten nach Anruf`,
    openingHoursEn: `Daily ${o.open}; shuttle every ${o.every} minutes, outside these hours on request by phone`,
    arrivalInstructionsDe:
      `Fahren Sie zur Einfahrt ${o.entranceDe} und halten Sie an der Schranke. Nennen Sie dem Personal Ihre Buchungsnummer ` +
      `oder zeigen Sie den QR-Code Ihres Parkscheins; Sie erhalten einen Stellplatz zugewiesen und behalten Ihren Schlüssel. ` +
      `Der Shuttle-Bus bringt Sie mit Ihrem Gepäck in etwa ${o.minutes} Minuten zum Terminal. Planen Sie 30 Minuten Puffer ein.`,
    arrivalInstructionsEn:
      `Drive to the entrance ${o.entranceEn} and stop at the barrier. Give the staff your booking number or show the QR code ` +
      `on your voucher; you are shown to a space and keep your keys. The shuttle bus takes you and your luggage to the terminal ` +
      `in about ${o.minutes} minutes. Allow 30 minutes of buffer.`,
    returnInstructionsDe:
      `Rufen Sie nach der Gepäckausgabe ${o.phone} an und nennen Sie Ihre Buchungsnummer. Der Shuttle holt Sie ${o.stopDe} ab, ` +
      `in der Regel innerhalb von 15 Minuten, und bringt Sie zurück zu Ihrem Fahrzeug.`,
    returnInstructionsEn:
      `After baggage claim call ${o.phone} and give your booking number. The shuttle picks you up ${o.stopEn}, ` +
      `usually within 15 minutes, and takes you back to your car.`,
  };
}

/** A valet service handing over at the terminal's kerb: open air, keys handed over, guarded day and night. */
const KERBSIDE_VALET = {
  covered: false,
  keysHandedOver: true,
  evCharging: false,
  security24h: true,
  maxHeightCm: null,
};

/** Opening hours, arrival and return instructions of a valet service. */
function valetTexts(o: { meetDe: string; meetEn: string; phone: string; open: string }): Texts {
  return {
    openingHoursDe: `Fahrzeugübergabe täglich ${o.open} Uhr, Rückgabe zu jeder Landung nach Anruf`,
    openingHoursEn: `Car handover daily ${o.open}, return for every landing on request by phone`,
    arrivalInstructionsDe:
      `Rufen Sie etwa 30 Minuten vor Ihrer Ankunft ${o.phone} an. Fahren Sie zum Treffpunkt ${o.meetDe}; ` +
      `unser Fahrer erwartet Sie dort, nennen Sie ihm Ihre Buchungsnummer. Gemeinsam prüfen Sie den Zustand des Fahrzeugs, ` +
      `dann übergeben Sie den Schlüssel und gehen direkt zum Check-in.`,
    arrivalInstructionsEn:
      `Call ${o.phone} about 30 minutes before you arrive. Drive to the meeting point ${o.meetEn}; ` +
      `our driver is waiting there, give them your booking number. You check the condition of the car together, ` +
      `hand over the key and walk straight to check-in.`,
    returnInstructionsDe:
      `Rufen Sie nach der Landung, spätestens bei der Gepäckausgabe, ${o.phone} an und nennen Sie Ihre Buchungsnummer. ` +
      `Ihr Fahrzeug steht in etwa 15 Minuten wieder am selben Treffpunkt ${o.meetDe} bereit.`,
    returnInstructionsEn:
      `After landing, at the latest at baggage claim, call ${o.phone} and give your booking number. ` +
      `Your car is back at the same meeting point ${o.meetEn} in about 15 minutes.`,
  };
}

/** Opening hours, arrival and return instructions of a car park at the terminal. */
function terminalTexts(o: {
  entranceDe: string;
  entranceEn: string;
  levelDe: string;
  levelEn: string;
  walkDe: string;
  walkEn: string;
  phone: string;
}): Texts {
  return {
    openingHoursDe: 'Rund um die Uhr geöffnet (24/7)',
    openingHoursEn: 'Open around the clock (24/7)',
    arrivalInstructionsDe:
      `Fahren Sie zur Einfahrt ${o.entranceDe}. Die Schranke öffnet sich, sobald die Kamera Ihr bei der Buchung angegebenes ` +
      `Kennzeichen erkennt; andernfalls drücken Sie die Ruftaste und nennen Ihre Buchungsnummer. Reservierte Stellplätze finden Sie ` +
      `${o.levelDe}. ${o.walkDe}`,
    arrivalInstructionsEn:
      `Drive to the entrance ${o.entranceEn}. The barrier opens as soon as the camera recognises the licence plate you gave when ` +
      `booking; otherwise press the intercom button and give your booking number. Reserved spaces are ${o.levelEn}. ${o.walkEn}`,
    returnInstructionsDe:
      `Gehen Sie direkt zu Ihrem Fahrzeug; an der Ausfahrt erkennt die Kamera Ihr Kennzeichen. Zusätzliche Tage über die gebuchte ` +
      `Parkdauer hinaus zahlen Sie vorher am Kassenautomaten. Bei Problemen drücken Sie die Ruftaste oder rufen ${o.phone} an.`,
    returnInstructionsEn:
      `Walk straight to your car; at the exit the camera recognises your licence plate. Pay any days beyond the booked stay at the ` +
      `pay machine first. If anything goes wrong, press the intercom button or call ${o.phone}.`,
  };
}

// ---------------------------------------------------------------------------------------------------------
// Tariff builders: the category decides persons, child seats and baggage (DESIGN §6).
// ---------------------------------------------------------------------------------------------------------

type TariffNames = Pick<TariffSeed, 'nameDe' | 'nameEn' | 'descriptionDe' | 'descriptionEn' | 'capacity' | 'sort'>;

/** Price lists of a tariff: the 'Standard' list, plus the peak seasons when `seasons` is true. */
function lists(curve: PriceCurve, seasons = false): PriceListSeed[] {
  return seasons ? [standardList(curve), ...peakSeasons(curve)] : [standardList(curve)];
}

/**
 * A shuttle tariff: `includedPersons` ride free (default 4), up to `maxPersons` (default 7) at
 * `extraPersonPrice` cents each; child seats in the bus cost `childSeatPrice` cents per stay.
 */
function shuttle(
  t: TariffNames & {
    curve: PriceCurve;
    seasons?: boolean;
    includedPersons?: number;
    maxPersons?: number;
    childSeatPrice?: number;
    maxChildSeats?: number;
    trailer?: boolean;
  },
): TariffSeed {
  return {
    category: 'shuttle',
    nameDe: t.nameDe,
    nameEn: t.nameEn,
    descriptionDe: t.descriptionDe,
    descriptionEn: t.descriptionEn,
    includedPersons: t.includedPersons ?? 4,
    maxPersons: t.maxPersons ?? 7,
    extraPersonPrice: 500,
    childSeatPrice: t.childSeatPrice ?? 300,
    maxChildSeats: t.maxChildSeats ?? 2,
    allowedBulkyBaggage: t.trailer ? TRAILER_BAGGAGE : BUS_BAGGAGE,
    capacity: t.capacity,
    sort: t.sort,
    priceLists: lists(t.curve, t.seasons),
  };
}

/**
 * A valet tariff: nobody rides with the operator, so persons are free (5 included, up to 9 in the car, no
 * surcharge); no child seats are offered; any baggage stays in the customer's own car.
 */
function valet(t: TariffNames & { curve: PriceCurve; seasons?: boolean }): TariffSeed {
  return {
    category: 'valet',
    nameDe: t.nameDe,
    nameEn: t.nameEn,
    descriptionDe: t.descriptionDe,
    descriptionEn: t.descriptionEn,
    includedPersons: 5,
    maxPersons: 9,
    extraPersonPrice: 0,
    childSeatPrice: 0,
    maxChildSeats: 0,
    allowedBulkyBaggage: ALL_BAGGAGE,
    capacity: t.capacity,
    sort: t.sort,
    priceLists: lists(t.curve, t.seasons),
  };
}

/** A terminal car park tariff: the customer walks, so persons (up to 9) and baggage are free; no child seats. */
function terminal(t: TariffNames & { curve: PriceCurve; seasons?: boolean }): TariffSeed {
  return {
    category: 'terminal',
    nameDe: t.nameDe,
    nameEn: t.nameEn,
    descriptionDe: t.descriptionDe,
    descriptionEn: t.descriptionEn,
    includedPersons: 9,
    maxPersons: 9,
    extraPersonPrice: 0,
    childSeatPrice: 0,
    maxChildSeats: 0,
    allowedBulkyBaggage: ALL_BAGGAGE,
    capacity: t.capacity,
    sort: t.sort,
    priceLists: lists(t.curve, t.seasons),
  };
}

/** Features of an open-air shuttle car park behind a fence. */
const OPEN_AIR: ParkingLotFeatures = {
  covered: false,
  keysHandedOver: false,
  evCharging: false,
  security24h: true,
  maxHeightCm: null,
};

/** Shared description of shuttle tariffs (de/en). */
function shuttleDescription(
  minutes: number,
  extraDe = '',
  extraEn = '',
): Pick<TariffSeed, 'descriptionDe' | 'descriptionEn'> {
  return {
    descriptionDe:
      `Sie parken auf einem umzäunten, videoüberwachten Parkplatz und behalten Ihren Schlüssel. Der Shuttle-Bus bringt Sie in ` +
      `etwa ${minutes} Minuten zum Terminal und holt Sie nach der Rückkehr wieder ab.${extraDe}`,
    descriptionEn:
      `You park on a fenced car park with video surveillance and keep your key. The shuttle bus takes you to the terminal in ` +
      `about ${minutes} minutes and picks you up again when you return.${extraEn}`,
  };
}

/** Shared description of valet tariffs (de/en). */
function valetDescription(whereDe: string, whereEn: string): Pick<TariffSeed, 'descriptionDe' | 'descriptionEn'> {
  return {
    descriptionDe:
      `Ein geschulter Fahrer übernimmt Ihr Auto ${whereDe} und parkt es auf einem bewachten Gelände. ` +
      `Bei der Rückkehr steht es am selben Ort für Sie bereit – ohne Shuttle, ohne Wartezeit.`,
    descriptionEn:
      `A trained driver takes over your car ${whereEn} and parks it in a guarded compound. ` +
      `When you return it is waiting at the same place – no shuttle, no waiting.`,
  };
}

/** Shared description of terminal car park tariffs (de/en). */
function terminalDescription(
  walkMinutes: number,
  extraDe = '',
  extraEn = '',
): Pick<TariffSeed, 'descriptionDe' | 'descriptionEn'> {
  return {
    descriptionDe:
      `Überdachter Stellplatz im Parkhaus direkt am Terminal; zu Fuß sind Sie in etwa ${walkMinutes} Minuten beim Check-in. ` +
      `Ihr Stellplatz ist garantiert, die Einfahrt erfolgt per Kennzeichenerkennung.${extraDe}`,
    descriptionEn:
      `Covered space in the multi-storey car park right at the terminal; check-in is about ${walkMinutes} minutes’ walk. ` +
      `Your space is guaranteed and the barrier opens by licence-plate recognition.${extraEn}`,
  };
}

/**
 * Parking lots with their tariffs, keyed by IATA code. Every airport has 2–4 tariffs in at least two
 * categories. DTM's valet tariff has a capacity of 3 spaces per day (small operator), handy for sold-out demos.
 */
export const PARKING: Record<string, ParkingLotSeed[]> = {
  FRA: [
    {
      name: 'Parkplatz P4 Kelsterbach',
      operator: 'ParkDirekt Rhein-Main GmbH',
      street: 'Langer Kornweg',
      streetNumber: '15',
      postcode: '65451',
      city: 'Kelsterbach',
      latitude: 50.064,
      longitude: 8.542,
      phone: '+49 69 90009 141',
      distanceMeters: 5200,
      transferMinutes: 9,
      ...shuttleTexts({
        entranceDe: 'Langer Kornweg 15 (blaues Schild „ParkDirekt P4“)',
        entranceEn: 'Langer Kornweg 15 (blue sign “ParkDirekt P4”)',
        phone: '+49 69 90009 141',
        stopDe:
          'an Terminal 1, Ankunft Ebene 1, Bushaltestelle „Hotel-Shuttle“, bzw. an Terminal 2, Ebene 2, Ausgang D',
        stopEn: 'at Terminal 1, arrivals level 1, bus stop “Hotel-Shuttle”, or at Terminal 2, level 2, exit D',
        minutes: 9,
        every: 15,
        open: '03:30–24:00',
      }),
      features: { ...OPEN_AIR },
      tariffs: [
        shuttle({
          nameDe: 'Shuttle-Parken P4 Basic',
          nameEn: 'Shuttle parking P4 Basic',
          ...shuttleDescription(9),
          capacity: 400,
          sort: 1,
          includedPersons: 5,
          maxPersons: 8,
          childSeatPrice: 400,
          maxChildSeats: 3,
          curve: { day1: 32, day8: 65, days: 15, decay: 0.92, extraDayPrice: 500 },
          seasons: true,
        }),
      ],
    },
    {
      name: 'Parkhalle Walldorf',
      operator: 'Airport Parkhaus Walldorf GmbH & Co. KG',
      street: 'Farmstraße',
      streetNumber: '118',
      postcode: '64546',
      city: 'Mörfelden-Walldorf',
      latitude: 50.005,
      longitude: 8.583,
      phone: '+49 69 90009 157',
      distanceMeters: 7500,
      transferMinutes: 13,
      ...shuttleTexts({
        entranceDe: 'Farmstraße 118, Tor 2 (Zufahrt über die Aschaffenburger Straße)',
        entranceEn: 'Farmstraße 118, gate 2 (access from Aschaffenburger Straße)',
        phone: '+49 69 90009 157',
        stopDe:
          'an Terminal 1, Ankunft Ebene 1, Bushaltestelle „Hotel-Shuttle“, bzw. an Terminal 2, Ebene 2, Ausgang D',
        stopEn: 'at Terminal 1, arrivals level 1, bus stop “Hotel-Shuttle”, or at Terminal 2, level 2, exit D',
        minutes: 13,
        every: 20,
        open: '04:00–23:30',
      }),
      features: { covered: true, keysHandedOver: false, evCharging: true, security24h: true, maxHeightCm: 210 },
      tariffs: [
        shuttle({
          nameDe: 'Shuttle-Parken Walldorf Halle (überdacht)',
          nameEn: 'Shuttle parking Walldorf hall (covered)',
          ...shuttleDescription(
            13,
            ' Die Halle ist überdacht; Ladesäulen für Elektroautos (11 kW) gegen Aufpreis vor Ort.',
            ' The hall is covered; charging points for electric cars (11 kW) at extra cost on site.',
          ),
          capacity: 160,
          sort: 2,
          childSeatPrice: 500,
          maxChildSeats: 2,
          trailer: true,
          curve: { day1: 39, day8: 75, days: 15, decay: 0.92, extraDayPrice: 600 },
        }),
      ],
    },
    {
      name: 'Valet-Treffpunkt P36 Terminal 1',
      operator: 'Rhein-Main Valet Service GmbH',
      street: 'Hugo-Eckener-Ring',
      streetNumber: '1',
      postcode: '60549',
      city: 'Frankfurt am Main',
      latitude: 50.0502,
      longitude: 8.5701,
      phone: '+49 69 90009 163',
      distanceMeters: 150,
      transferMinutes: 2,
      ...valetTexts({
        meetDe: 'im Parkhaus P36 an Terminal 1, Ebene 0, Bereich „Valet“',
        meetEn: 'in car park P36 at Terminal 1, level 0, “Valet” area',
        phone: '+49 69 90009 163',
        open: '04:00–23:30',
      }),
      features: { covered: true, keysHandedOver: true, evCharging: false, security24h: true, maxHeightCm: 200 },
      tariffs: [
        valet({
          nameDe: 'Valet Parking Terminal 1',
          nameEn: 'Valet Parking Terminal 1',
          ...valetDescription('im Parkhaus P36 an Terminal 1', 'in car park P36 at Terminal 1'),
          capacity: 80,
          sort: 3,
          curve: { day1: 55, day8: 135, days: 15, decay: 0.93, extraDayPrice: 1000 },
          seasons: true,
        }),
      ],
    },
    {
      name: 'Parkhaus P2 Terminal 1',
      operator: 'Terminal Parking Frankfurt GmbH',
      street: 'Hugo-Eckener-Ring',
      streetNumber: '2',
      postcode: '60549',
      city: 'Frankfurt am Main',
      latitude: 50.052,
      longitude: 8.5735,
      phone: '+49 69 90009 178',
      distanceMeters: 400,
      transferMinutes: 6,
      ...terminalTexts({
        entranceDe: 'P2 an der Vorfahrt Terminal 1 (Beschilderung „P2 / Terminal 1 B–C“)',
        entranceEn: 'P2 at the Terminal 1 forecourt (signs “P2 / Terminal 1 B–C”)',
        levelDe: 'auf Ebene 3, Bereich „Online-Reservierung“',
        levelEn: 'on level 3, “Online reservation” area',
        walkDe: 'Über die Brücke auf Ebene 2 gehen Sie in sechs Minuten zum Check-in in Halle B.',
        walkEn: 'The bridge on level 2 takes you to check-in hall B in six minutes.',
        phone: '+49 69 90009 178',
      }),
      features: { covered: true, keysHandedOver: false, evCharging: true, security24h: true, maxHeightCm: 200 },
      tariffs: [
        terminal({
          nameDe: 'Parkhaus P2 Terminal 1',
          nameEn: 'Car park P2 Terminal 1',
          ...terminalDescription(6, ' Ladesäulen auf Ebene 1.', ' Charging points on level 1.'),
          capacity: 300,
          sort: 4,
          curve: { day1: 38, day8: 209, days: 10, decay: 0.95, extraDayPrice: 1900 },
          seasons: true,
        }),
      ],
    },
  ],

  MUC: [
    {
      name: 'Parkplatz Hallbergmoos',
      operator: 'IsarPark Flughafen-Service GmbH',
      street: 'Lilienthalstraße',
      streetNumber: '12',
      postcode: '85399',
      city: 'Hallbergmoos',
      latitude: 48.33,
      longitude: 11.748,
      phone: '+49 89 99998 211',
      distanceMeters: 5800,
      transferMinutes: 11,
      ...shuttleTexts({
        entranceDe: 'Lilienthalstraße 12 (Schild „IsarPark“, zweite Einfahrt rechts)',
        entranceEn: 'Lilienthalstraße 12 (sign “IsarPark”, second entrance on the right)',
        phone: '+49 89 99998 211',
        stopDe: 'an Terminal 1, Ankunft Modul B, Busbucht 12, bzw. an Terminal 2, Ebene 03, Busbucht 27',
        stopEn: 'at Terminal 1, arrivals module B, bus bay 12, or at Terminal 2, level 03, bus bay 27',
        minutes: 11,
        every: 15,
        open: '03:30–24:00',
      }),
      features: { ...OPEN_AIR, evCharging: true },
      tariffs: [
        shuttle({
          nameDe: 'Shuttle-Parken Hallbergmoos',
          nameEn: 'Shuttle parking Hallbergmoos',
          ...shuttleDescription(11),
          capacity: 350,
          sort: 1,
          includedPersons: 5,
          maxPersons: 8,
          childSeatPrice: 300,
          maxChildSeats: 3,
          trailer: true,
          curve: { day1: 29, day8: 69, days: 15, decay: 0.92, extraDayPrice: 550 },
          seasons: true,
        }),
      ],
    },
    {
      name: 'Valet-Übergabe P20 Terminal 2',
      operator: 'Erdinger Moos Valet GmbH',
      street: 'Terminalstraße Mitte',
      streetNumber: '18',
      postcode: '85356',
      city: 'München-Flughafen',
      latitude: 48.3531,
      longitude: 11.7866,
      phone: '+49 89 99998 226',
      distanceMeters: 200,
      transferMinutes: 3,
      ...valetTexts({
        meetDe: 'im Parkhaus P20 an Terminal 2, Ebene 02, Bereich „Valet Parking“',
        meetEn: 'in car park P20 at Terminal 2, level 02, “Valet Parking” area',
        phone: '+49 89 99998 226',
        open: '04:00–24:00',
      }),
      features: { covered: true, keysHandedOver: true, evCharging: true, security24h: true, maxHeightCm: 200 },
      tariffs: [
        valet({
          nameDe: 'Valet Parking Terminal 2',
          nameEn: 'Valet Parking Terminal 2',
          ...valetDescription('im Parkhaus P20 an Terminal 2', 'in car park P20 at Terminal 2'),
          capacity: 70,
          sort: 2,
          curve: { day1: 59, day8: 139, days: 15, decay: 0.93, extraDayPrice: 1000 },
        }),
      ],
    },
    {
      name: 'Parkhaus P20 Terminal 2',
      operator: 'Terminal Parking München GmbH',
      street: 'Nordallee',
      streetNumber: '25',
      postcode: '85356',
      city: 'München-Flughafen',
      latitude: 48.3545,
      longitude: 11.788,
      phone: '+49 89 99998 234',
      distanceMeters: 450,
      transferMinutes: 6,
      ...terminalTexts({
        entranceDe: 'P20 an der Nordallee (Beschilderung „Terminal 2 / P20“)',
        entranceEn: 'P20 on Nordallee (signs “Terminal 2 / P20”)',
        levelDe: 'auf Ebene 04, Bereich „Reserviert“',
        levelEn: 'on level 04, “Reserved” area',
        walkDe: 'Der Aufzug bringt Sie auf Ebene 04 direkt in die Abflughalle von Terminal 2.',
        walkEn: 'The lift takes you straight to the Terminal 2 departures hall on level 04.',
        phone: '+49 89 99998 234',
      }),
      features: { covered: true, keysHandedOver: false, evCharging: true, security24h: true, maxHeightCm: 200 },
      tariffs: [
        terminal({
          nameDe: 'Parkhaus P20 Terminal 2',
          nameEn: 'Car park P20 Terminal 2',
          ...terminalDescription(6),
          capacity: 280,
          sort: 3,
          curve: { day1: 36, day8: 199, days: 10, decay: 0.95, extraDayPrice: 1800 },
          seasons: true,
        }),
      ],
    },
  ],

  BER: [
    {
      name: 'Parkplatz Schönefeld Nord',
      operator: 'Hauptstadt-Parken Schönefeld GmbH',
      street: 'Hans-Grade-Allee',
      streetNumber: '61',
      postcode: '12529',
      city: 'Schönefeld',
      latitude: 52.389,
      longitude: 13.52,
      phone: '+49 30 23125 310',
      distanceMeters: 4800,
      transferMinutes: 8,
      ...shuttleTexts({
        entranceDe: 'Hans-Grade-Allee 61 (gegenüber dem ehemaligen Terminal 5)',
        entranceEn: 'Hans-Grade-Allee 61 (opposite the former Terminal 5)',
        phone: '+49 30 23125 310',
        stopDe: 'an Terminal 1, Ebene E0, Bushaltestelle 6',
        stopEn: 'at Terminal 1, level E0, bus stop 6',
        minutes: 8,
        every: 15,
        open: '03:00–24:00',
      }),
      features: { ...OPEN_AIR },
      tariffs: [
        shuttle({
          nameDe: 'Shuttle-Parken Schönefeld Basic',
          nameEn: 'Shuttle parking Schönefeld Basic',
          ...shuttleDescription(8),
          capacity: 300,
          sort: 1,
          curve: { day1: 25, day8: 55, days: 15, decay: 0.92, extraDayPrice: 450 },
        }),
      ],
    },
    {
      name: 'Parkhalle Schönefeld Mittelstraße',
      operator: 'Spree Parkhallen GmbH',
      street: 'Mittelstraße',
      streetNumber: '7',
      postcode: '12529',
      city: 'Schönefeld',
      latitude: 52.388,
      longitude: 13.506,
      phone: '+49 30 23125 325',
      distanceMeters: 4000,
      transferMinutes: 8,
      ...shuttleTexts({
        entranceDe: 'Mittelstraße 7, Hallentor 1',
        entranceEn: 'Mittelstraße 7, hall gate 1',
        phone: '+49 30 23125 325',
        stopDe: 'an Terminal 1, Ebene E0, Bushaltestelle 6',
        stopEn: 'at Terminal 1, level E0, bus stop 6',
        minutes: 8,
        every: 20,
        open: '03:30–23:30',
      }),
      features: { covered: true, keysHandedOver: false, evCharging: true, security24h: true, maxHeightCm: 220 },
      tariffs: [
        shuttle({
          nameDe: 'Shuttle-Parken Halle Premium (überdacht)',
          nameEn: 'Shuttle parking hall Premium (covered)',
          ...shuttleDescription(
            8,
            ' Ihr Auto steht in einer geschlossenen Halle, geschützt vor Hagel und Frost.',
            ' Your car stands in a closed hall, protected from hail and frost.',
          ),
          capacity: 120,
          sort: 2,
          childSeatPrice: 500,
          maxChildSeats: 2,
          trailer: true,
          curve: { day1: 32, day8: 68, days: 15, decay: 0.92, extraDayPrice: 550 },
        }),
      ],
    },
    {
      name: 'Valet-Treffpunkt Terminal 1',
      operator: 'Spree Valet Parking GmbH',
      street: 'Willy-Brandt-Platz',
      streetNumber: '2',
      postcode: '12529',
      city: 'Schönefeld',
      latitude: 52.365,
      longitude: 13.5095,
      phone: '+49 30 23125 341',
      distanceMeters: 120,
      transferMinutes: 2,
      ...valetTexts({
        meetDe: 'auf dem Willy-Brandt-Platz vor Terminal 1, Kurzzeitspur „Valet“',
        meetEn: 'on Willy-Brandt-Platz in front of Terminal 1, short-stay lane “Valet”',
        phone: '+49 30 23125 341',
        open: '03:30–23:30',
      }),
      features: KERBSIDE_VALET,
      tariffs: [
        valet({
          nameDe: 'Valet Parking Terminal 1',
          nameEn: 'Valet Parking Terminal 1',
          ...valetDescription('direkt vor Terminal 1', 'right in front of Terminal 1'),
          capacity: 60,
          sort: 3,
          curve: { day1: 49, day8: 115, days: 15, decay: 0.93, extraDayPrice: 900 },
        }),
      ],
    },
    {
      name: 'Parkhaus P2 Terminal 1',
      operator: 'BER Terminal Parken GmbH',
      street: 'Melli-Beese-Ring',
      streetNumber: '5',
      postcode: '12529',
      city: 'Schönefeld',
      latitude: 52.366,
      longitude: 13.5125,
      phone: '+49 30 23125 357',
      distanceMeters: 300,
      transferMinutes: 4,
      ...terminalTexts({
        entranceDe: 'P2 am Melli-Beese-Ring (Beschilderung „P2 Terminal 1“)',
        entranceEn: 'P2 on Melli-Beese-Ring (signs “P2 Terminal 1”)',
        levelDe: 'auf Ebene 2, Bereich „Reserviert“',
        levelEn: 'on level 2, “Reserved” area',
        walkDe: 'Über den überdachten Gang auf Ebene E1 erreichen Sie Terminal 1 in vier Minuten.',
        walkEn: 'The covered walkway on level E1 takes you to Terminal 1 in four minutes.',
        phone: '+49 30 23125 357',
      }),
      features: { covered: true, keysHandedOver: false, evCharging: true, security24h: true, maxHeightCm: 210 },
      tariffs: [
        terminal({
          nameDe: 'Parkhaus P2 Terminal 1',
          nameEn: 'Car park P2 Terminal 1',
          ...terminalDescription(4),
          capacity: 250,
          sort: 4,
          curve: { day1: 33, day8: 169, days: 10, decay: 0.95, extraDayPrice: 1600 },
        }),
      ],
    },
  ],

  DUS: [
    {
      name: 'Parkplatz Ratingen-Tiefenbroich',
      operator: 'Rhein-Ruhr Airport Parking GmbH',
      street: 'Kaiserswerther Straße',
      streetNumber: '135',
      postcode: '40880',
      city: 'Ratingen',
      latitude: 51.295,
      longitude: 6.819,
      phone: '+49 221 4710 640',
      distanceMeters: 5200,
      transferMinutes: 9,
      ...shuttleTexts({
        entranceDe: 'Kaiserswerther Straße 135 (Einfahrt neben der Tankstelle)',
        entranceEn: 'Kaiserswerther Straße 135 (entrance next to the petrol station)',
        phone: '+49 221 4710 640',
        stopDe: 'an der Ankunftsebene, Ausgang Flugsteig B, Busspur „Hotel & Parking Shuttle“',
        stopEn: 'at the arrivals level, exit pier B, bus lane “Hotel & Parking Shuttle”',
        minutes: 9,
        every: 15,
        open: '03:30–24:00',
      }),
      features: { ...OPEN_AIR },
      tariffs: [
        shuttle({
          nameDe: 'Shuttle-Parken Ratingen',
          nameEn: 'Shuttle parking Ratingen',
          ...shuttleDescription(9),
          capacity: 300,
          sort: 1,
          includedPersons: 4,
          maxPersons: 7,
          childSeatPrice: 300,
          maxChildSeats: 2,
          curve: { day1: 27, day8: 59, days: 15, decay: 0.92, extraDayPrice: 500 },
        }),
      ],
    },
    {
      name: 'Valet-Übergabe P3 Terminal',
      operator: 'Düssel Valet GmbH',
      street: 'Flughafenstraße',
      streetNumber: '120',
      postcode: '40474',
      city: 'Düsseldorf',
      latitude: 51.278,
      longitude: 6.768,
      phone: '+49 221 4710 652',
      distanceMeters: 200,
      transferMinutes: 3,
      ...valetTexts({
        meetDe: 'im Parkhaus P3, Ebene 0, Schalter „Valet“',
        meetEn: 'in car park P3, level 0, “Valet” desk',
        phone: '+49 221 4710 652',
        open: '04:00–23:00',
      }),
      features: { covered: true, keysHandedOver: true, evCharging: true, security24h: true, maxHeightCm: 200 },
      tariffs: [
        valet({
          nameDe: 'Valet Parking Terminal',
          nameEn: 'Valet Parking Terminal',
          ...valetDescription('im Parkhaus P3 am Terminal', 'in car park P3 at the terminal'),
          capacity: 60,
          sort: 2,
          curve: { day1: 49, day8: 119, days: 15, decay: 0.93, extraDayPrice: 900 },
        }),
      ],
    },
    {
      name: 'Parkhaus P3 Terminal',
      operator: 'Airport Garage Düsseldorf GmbH',
      street: 'Flughafenstraße',
      streetNumber: '101',
      postcode: '40474',
      city: 'Düsseldorf',
      latitude: 51.2772,
      longitude: 6.7695,
      phone: '+49 221 4710 661',
      distanceMeters: 350,
      transferMinutes: 5,
      ...terminalTexts({
        entranceDe: 'P3 an der Flughafenstraße (Beschilderung „P3 Terminal“)',
        entranceEn: 'P3 on Flughafenstraße (signs “P3 Terminal”)',
        levelDe: 'auf Ebene 2, Bereich „Online“',
        levelEn: 'on level 2, “Online” area',
        walkDe: 'Über die Brücke auf Ebene 2 erreichen Sie die Abflughalle in fünf Minuten.',
        walkEn: 'The bridge on level 2 takes you to the departures hall in five minutes.',
        phone: '+49 221 4710 661',
      }),
      features: { covered: true, keysHandedOver: false, evCharging: true, security24h: true, maxHeightCm: 200 },
      tariffs: [
        terminal({
          nameDe: 'Parkhaus P3 Terminal',
          nameEn: 'Car park P3 Terminal',
          ...terminalDescription(5),
          capacity: 250,
          sort: 3,
          curve: { day1: 35, day8: 179, days: 10, decay: 0.95, extraDayPrice: 1700 },
        }),
      ],
    },
  ],

  HAM: [
    {
      name: 'Parkplatz Weg beim Jäger',
      operator: 'Hanse Airport Parking GmbH',
      street: 'Weg beim Jäger',
      streetNumber: '206',
      postcode: '22335',
      city: 'Hamburg',
      latitude: 53.639,
      longitude: 9.993,
      phone: '+49 40 66969 412',
      distanceMeters: 3000,
      transferMinutes: 7,
      ...shuttleTexts({
        entranceDe: 'Weg beim Jäger 206 (Zufahrt über die Zeppelinstraße)',
        entranceEn: 'Weg beim Jäger 206 (access from Zeppelinstraße)',
        phone: '+49 40 66969 412',
        stopDe: 'vor Terminal 1, Ankunftsebene, Busbucht „Shuttle P+R“',
        stopEn: 'outside Terminal 1, arrivals level, bus bay “Shuttle P+R”',
        minutes: 7,
        every: 10,
        open: '03:30–24:00',
      }),
      features: { ...OPEN_AIR },
      tariffs: [
        shuttle({
          nameDe: 'Shuttle-Parken Fuhlsbüttel',
          nameEn: 'Shuttle parking Fuhlsbüttel',
          ...shuttleDescription(7),
          capacity: 250,
          sort: 1,
          includedPersons: 4,
          maxPersons: 6,
          childSeatPrice: 300,
          maxChildSeats: 2,
          curve: { day1: 28, day8: 62, days: 14, decay: 0.92, extraDayPrice: 500 },
          seasons: true,
        }),
      ],
    },
    {
      name: 'Valet-Übergabe P4 Terminal 2',
      operator: 'Elbe Valet Service GmbH',
      street: 'Flughafenstraße',
      streetNumber: '1',
      postcode: '22335',
      city: 'Hamburg',
      latitude: 53.6318,
      longitude: 10.0062,
      phone: '+49 40 66969 427',
      distanceMeters: 100,
      transferMinutes: 2,
      ...valetTexts({
        meetDe: 'im Parkhaus P4, Ebene 0, Bereich „Valet“ (Einfahrt Flughafenstraße)',
        meetEn: 'in car park P4, level 0, “Valet” area (entrance on Flughafenstraße)',
        phone: '+49 40 66969 427',
        open: '04:00–23:30',
      }),
      features: { covered: true, keysHandedOver: true, evCharging: false, security24h: true, maxHeightCm: 200 },
      tariffs: [
        valet({
          nameDe: 'Valet Parking Terminal 2',
          nameEn: 'Valet Parking Terminal 2',
          ...valetDescription('im Parkhaus P4 an Terminal 2', 'in car park P4 at Terminal 2'),
          capacity: 50,
          sort: 2,
          curve: { day1: 52, day8: 125, days: 15, decay: 0.93, extraDayPrice: 950 },
          seasons: true,
        }),
      ],
    },
    {
      name: 'Parkhaus P4 Terminal 2',
      operator: 'Airport Garagen Hamburg GmbH',
      street: 'Flughafenstraße',
      streetNumber: '3',
      postcode: '22335',
      city: 'Hamburg',
      latitude: 53.633,
      longitude: 10.0075,
      phone: '+49 40 66969 433',
      distanceMeters: 350,
      transferMinutes: 5,
      ...terminalTexts({
        entranceDe: 'P4 an der Flughafenstraße (Beschilderung „P4 Terminal 2“)',
        entranceEn: 'P4 on Flughafenstraße (signs “P4 Terminal 2”)',
        levelDe: 'auf Ebene 3, Bereich „Online-Buchung“',
        levelEn: 'on level 3, “Online booking” area',
        walkDe: 'Über die Brücke auf Ebene 2 gehen Sie in fünf Minuten zur Abflughalle von Terminal 2.',
        walkEn: 'The bridge on level 2 takes you to the Terminal 2 departures hall in five minutes.',
        phone: '+49 40 66969 433',
      }),
      features: { covered: true, keysHandedOver: false, evCharging: true, security24h: true, maxHeightCm: 200 },
      tariffs: [
        terminal({
          nameDe: 'Parkhaus P4 Terminal 2',
          nameEn: 'Car park P4 Terminal 2',
          ...terminalDescription(5),
          capacity: 220,
          sort: 3,
          curve: { day1: 34, day8: 185, days: 10, decay: 0.95, extraDayPrice: 1700 },
        }),
      ],
    },
  ],

  STR: [
    {
      name: 'Parkplatz Echterdingen',
      operator: 'Filder Airport Parking GmbH',
      street: 'Nikolaus-Otto-Straße',
      streetNumber: '9',
      postcode: '70771',
      city: 'Leinfelden-Echterdingen',
      latitude: 48.688,
      longitude: 9.164,
      phone: '+49 89 99998 610',
      distanceMeters: 4500,
      transferMinutes: 8,
      ...shuttleTexts({
        entranceDe: 'Nikolaus-Otto-Straße 9 (Hofeinfahrt, Schild „Filder Parking“)',
        entranceEn: 'Nikolaus-Otto-Straße 9 (yard entrance, sign “Filder Parking”)',
        phone: '+49 89 99998 610',
        stopDe: 'vor Terminal 1, Ankunftsebene, Bushaltestelle „Parkservice“',
        stopEn: 'outside Terminal 1, arrivals level, bus stop “Parkservice”',
        minutes: 8,
        every: 15,
        open: '04:00–24:00',
      }),
      features: { ...OPEN_AIR },
      tariffs: [
        shuttle({
          nameDe: 'Shuttle-Parken Echterdingen',
          nameEn: 'Shuttle parking Echterdingen',
          ...shuttleDescription(8),
          capacity: 200,
          sort: 1,
          includedPersons: 4,
          maxPersons: 7,
          childSeatPrice: 300,
          maxChildSeats: 2,
          trailer: true,
          curve: { day1: 27, day8: 59, days: 15, decay: 0.92, extraDayPrice: 500 },
        }),
      ],
    },
    {
      name: 'Valet-Übergabe P2 Terminal 1',
      operator: 'Schwaben Valet GmbH',
      street: 'Flughafenstraße',
      streetNumber: '32',
      postcode: '70629',
      city: 'Stuttgart',
      latitude: 48.69,
      longitude: 9.1925,
      phone: '+49 89 99998 622',
      distanceMeters: 150,
      transferMinutes: 2,
      ...valetTexts({
        meetDe: 'im Parkhaus P2, Ebene 1, Bereich „Valet“ gegenüber Terminal 1',
        meetEn: 'in car park P2, level 1, “Valet” area opposite Terminal 1',
        phone: '+49 89 99998 622',
        open: '04:00–23:00',
      }),
      features: { covered: true, keysHandedOver: true, evCharging: false, security24h: true, maxHeightCm: 200 },
      tariffs: [
        valet({
          nameDe: 'Valet Parking Terminal 1',
          nameEn: 'Valet Parking Terminal 1',
          ...valetDescription('im Parkhaus P2 gegenüber Terminal 1', 'in car park P2 opposite Terminal 1'),
          capacity: 50,
          sort: 2,
          curve: { day1: 49, day8: 119, days: 15, decay: 0.93, extraDayPrice: 900 },
        }),
      ],
    },
    {
      name: 'Parkhaus P2 Terminal',
      operator: 'Terminal Parken Stuttgart GmbH',
      street: 'Flughafenstraße',
      streetNumber: '43',
      postcode: '70629',
      city: 'Stuttgart',
      latitude: 48.6912,
      longitude: 9.195,
      phone: '+49 89 99998 635',
      distanceMeters: 300,
      transferMinutes: 4,
      ...terminalTexts({
        entranceDe: 'P2 an der Flughafenstraße (Beschilderung „Terminals / P2“)',
        entranceEn: 'P2 on Flughafenstraße (signs “Terminals / P2”)',
        levelDe: 'auf Ebene 3, Bereich „Reserviert“',
        levelEn: 'on level 3, “Reserved” area',
        walkDe: 'Vom Ausgang Ebene 1 erreichen Sie Terminal 1 und 3 in vier Minuten.',
        walkEn: 'From the level 1 exit, Terminals 1 and 3 are four minutes’ walk.',
        phone: '+49 89 99998 635',
      }),
      features: { covered: true, keysHandedOver: false, evCharging: true, security24h: true, maxHeightCm: 205 },
      tariffs: [
        terminal({
          nameDe: 'Parkhaus P2 Terminal',
          nameEn: 'Car park P2 Terminal',
          ...terminalDescription(4),
          capacity: 200,
          sort: 3,
          curve: { day1: 34, day8: 175, days: 10, decay: 0.95, extraDayPrice: 1600 },
        }),
      ],
    },
  ],

  CGN: [
    {
      name: 'Parkplatz Porz-Grengel',
      operator: 'Domstadt Parkservice GmbH',
      street: 'Frankfurter Straße',
      streetNumber: '655',
      postcode: '51147',
      city: 'Köln',
      latitude: 50.872,
      longitude: 7.095,
      phone: '+49 221 4710 512',
      distanceMeters: 4500,
      transferMinutes: 8,
      ...shuttleTexts({
        entranceDe: 'Frankfurter Straße 655 (Einfahrt hinter dem Autohaus, Schild „Domstadt Parkservice“)',
        entranceEn: 'Frankfurter Straße 655 (entrance behind the car dealer, sign “Domstadt Parkservice”)',
        phone: '+49 221 4710 512',
        stopDe: 'vor Terminal 1, Ankunftsebene, Bushaltestelle „Parkshuttle“ (Ausgang Fluggastbrücke C)',
        stopEn: 'outside Terminal 1, arrivals level, bus stop “Parkshuttle” (exit at pier C)',
        minutes: 8,
        every: 15,
        open: '00:00–24:00',
      }),
      features: { ...OPEN_AIR },
      tariffs: [
        shuttle({
          nameDe: 'Shuttle-Parken Porz',
          nameEn: 'Shuttle parking Porz',
          ...shuttleDescription(8),
          capacity: 250,
          sort: 1,
          includedPersons: 4,
          maxPersons: 7,
          childSeatPrice: 300,
          maxChildSeats: 2,
          curve: { day1: 25, day8: 52, days: 15, decay: 0.92, extraDayPrice: 400 },
        }),
      ],
    },
    {
      name: 'Valet-Übergabe Terminal 1',
      operator: 'Rheinland Valet GmbH',
      street: 'Kennedystraße',
      streetNumber: '1',
      postcode: '51147',
      city: 'Köln',
      latitude: 50.8795,
      longitude: 7.1215,
      phone: '+49 221 4710 527',
      distanceMeters: 100,
      transferMinutes: 2,
      ...valetTexts({
        meetDe: 'auf der Abflugvorfahrt vor Terminal 1, Haltebucht „Valet“',
        meetEn: 'on the departures forecourt in front of Terminal 1, bay “Valet”',
        phone: '+49 221 4710 527',
        open: '00:00–24:00',
      }),
      features: KERBSIDE_VALET,
      tariffs: [
        valet({
          nameDe: 'Valet Parking Terminal 1',
          nameEn: 'Valet Parking Terminal 1',
          ...valetDescription('direkt vor Terminal 1', 'right in front of Terminal 1'),
          capacity: 45,
          sort: 2,
          curve: { day1: 45, day8: 109, days: 15, decay: 0.93, extraDayPrice: 850 },
        }),
      ],
    },
    {
      name: 'Parkhaus P2 Terminal 1',
      operator: 'Airport Parken Köln/Bonn GmbH',
      street: 'Kennedystraße',
      streetNumber: '7',
      postcode: '51147',
      city: 'Köln',
      latitude: 50.8802,
      longitude: 7.1232,
      phone: '+49 221 4710 538',
      distanceMeters: 300,
      transferMinutes: 4,
      ...terminalTexts({
        entranceDe: 'P2 an der Kennedystraße (Beschilderung „P2 Terminal 1“)',
        entranceEn: 'P2 on Kennedystraße (signs “P2 Terminal 1”)',
        levelDe: 'auf Ebene 1, Bereich „Online“',
        levelEn: 'on level 1, “Online” area',
        walkDe: 'Über den Verbindungsgang auf Ebene 1 erreichen Sie Terminal 1 in vier Minuten.',
        walkEn: 'The connecting walkway on level 1 takes you to Terminal 1 in four minutes.',
        phone: '+49 221 4710 538',
      }),
      features: { covered: true, keysHandedOver: false, evCharging: true, security24h: true, maxHeightCm: 200 },
      tariffs: [
        terminal({
          nameDe: 'Parkhaus P2 Terminal 1',
          nameEn: 'Car park P2 Terminal 1',
          ...terminalDescription(4),
          capacity: 200,
          sort: 3,
          curve: { day1: 30, day8: 159, days: 10, decay: 0.95, extraDayPrice: 1500 },
        }),
      ],
    },
  ],

  HAJ: [
    {
      name: 'Parkplatz Langenhagen',
      operator: 'Leine Airport Parking GmbH',
      street: 'Walsroder Straße',
      streetNumber: '240',
      postcode: '30851',
      city: 'Langenhagen',
      latitude: 52.452,
      longitude: 9.72,
      phone: '+49 40 66969 710',
      distanceMeters: 5000,
      transferMinutes: 9,
      ...shuttleTexts({
        entranceDe: 'Walsroder Straße 240 (Zufahrt über die Parallelfahrbahn)',
        entranceEn: 'Walsroder Straße 240 (access via the service road)',
        phone: '+49 40 66969 710',
        stopDe: 'vor Terminal B, Ankunftsebene, Bushaltestelle „Parkservice“',
        stopEn: 'outside Terminal B, arrivals level, bus stop “Parkservice”',
        minutes: 9,
        every: 20,
        open: '03:30–23:30',
      }),
      features: { ...OPEN_AIR },
      tariffs: [
        shuttle({
          nameDe: 'Shuttle-Parken Langenhagen',
          nameEn: 'Shuttle parking Langenhagen',
          ...shuttleDescription(9),
          capacity: 180,
          sort: 1,
          includedPersons: 4,
          maxPersons: 7,
          childSeatPrice: 250,
          maxChildSeats: 2,
          curve: { day1: 24, day8: 52, days: 14, decay: 0.92, extraDayPrice: 450 },
        }),
      ],
    },
    {
      name: 'Valet-Übergabe Terminal B',
      operator: 'Niedersachsen Valet GmbH',
      street: 'Flughafenstraße',
      streetNumber: '4',
      postcode: '30855',
      city: 'Langenhagen',
      latitude: 52.4603,
      longitude: 9.6845,
      phone: '+49 40 66969 724',
      distanceMeters: 100,
      transferMinutes: 1,
      ...valetTexts({
        meetDe: 'auf der Abflugebene vor Terminal B, Haltebucht „Valet“',
        meetEn: 'on the departures level in front of Terminal B, bay “Valet”',
        phone: '+49 40 66969 724',
        open: '04:00–23:00',
      }),
      features: KERBSIDE_VALET,
      tariffs: [
        valet({
          nameDe: 'Valet Parking Terminal B',
          nameEn: 'Valet Parking Terminal B',
          ...valetDescription('direkt vor Terminal B', 'right in front of Terminal B'),
          capacity: 40,
          sort: 2,
          curve: { day1: 45, day8: 105, days: 15, decay: 0.93, extraDayPrice: 850 },
        }),
      ],
    },
    {
      name: 'Parkhaus P1 Terminal A',
      operator: 'Airport Parking Hannover GmbH',
      street: 'Flughafenstraße',
      streetNumber: '6',
      postcode: '30855',
      city: 'Langenhagen',
      latitude: 52.4595,
      longitude: 9.686,
      phone: '+49 40 66969 737',
      distanceMeters: 200,
      transferMinutes: 3,
      ...terminalTexts({
        entranceDe: 'P1 an der Flughafenstraße (Beschilderung „P1 Terminal A“)',
        entranceEn: 'P1 on Flughafenstraße (signs “P1 Terminal A”)',
        levelDe: 'auf Ebene 2, Bereich „Reserviert“',
        levelEn: 'on level 2, “Reserved” area',
        walkDe: 'Terminal A liegt direkt gegenüber; der Weg dauert drei Minuten.',
        walkEn: 'Terminal A is directly opposite; the walk takes three minutes.',
        phone: '+49 40 66969 737',
      }),
      features: { covered: true, keysHandedOver: false, evCharging: true, security24h: true, maxHeightCm: 200 },
      tariffs: [
        terminal({
          nameDe: 'Parkhaus P1 Terminal A',
          nameEn: 'Car park P1 Terminal A',
          ...terminalDescription(3),
          capacity: 180,
          sort: 3,
          curve: { day1: 29, day8: 149, days: 10, decay: 0.95, extraDayPrice: 1400 },
        }),
      ],
    },
  ],

  NUE: [
    {
      name: 'Parkplatz Marienberg',
      operator: 'Franken Airport Parking GmbH',
      street: 'Marienbergstraße',
      streetNumber: '95',
      postcode: '90411',
      city: 'Nürnberg',
      latitude: 49.485,
      longitude: 11.092,
      phone: '+49 89 99998 710',
      distanceMeters: 3200,
      transferMinutes: 6,
      ...shuttleTexts({
        entranceDe: 'Marienbergstraße 95 (Einfahrt gegenüber dem Marienbergpark)',
        entranceEn: 'Marienbergstraße 95 (entrance opposite Marienberg park)',
        phone: '+49 89 99998 710',
        stopDe: 'vor dem Terminal, Ankunftsebene, Bushaltestelle „Parkservice“ links vom Ausgang',
        stopEn: 'outside the terminal, arrivals level, bus stop “Parkservice” left of the exit',
        minutes: 6,
        every: 15,
        open: '04:00–23:30',
      }),
      features: { ...OPEN_AIR },
      tariffs: [
        shuttle({
          nameDe: 'Shuttle-Parken Marienberg',
          nameEn: 'Shuttle parking Marienberg',
          ...shuttleDescription(6),
          capacity: 150,
          sort: 1,
          includedPersons: 4,
          maxPersons: 6,
          childSeatPrice: 0,
          maxChildSeats: 2,
          trailer: true,
          curve: { day1: 24, day8: 50, days: 14, decay: 0.92, extraDayPrice: 400 },
        }),
      ],
    },
    {
      name: 'Valet-Übergabe Terminal',
      operator: 'Noris Valet Service GmbH',
      street: 'Flughafenstraße',
      streetNumber: '100',
      postcode: '90411',
      city: 'Nürnberg',
      latitude: 49.4945,
      longitude: 11.078,
      phone: '+49 89 99998 725',
      distanceMeters: 100,
      transferMinutes: 1,
      ...valetTexts({
        meetDe: 'auf der Abflugvorfahrt vor dem Terminal, Haltebucht „Valet“',
        meetEn: 'on the departures forecourt in front of the terminal, bay “Valet”',
        phone: '+49 89 99998 725',
        open: '04:00–23:00',
      }),
      features: { covered: true, keysHandedOver: true, evCharging: false, security24h: true, maxHeightCm: 200 },
      tariffs: [
        valet({
          nameDe: 'Valet Parking Terminal',
          nameEn: 'Valet Parking Terminal',
          ...valetDescription('direkt vor dem Terminal', 'right in front of the terminal'),
          capacity: 40,
          sort: 2,
          curve: { day1: 42, day8: 99, days: 15, decay: 0.93, extraDayPrice: 800 },
        }),
      ],
    },
    {
      name: 'Parkhaus P1 Terminal',
      operator: 'Airport Garagen Nürnberg GmbH',
      street: 'Flughafenstraße',
      streetNumber: '124',
      postcode: '90411',
      city: 'Nürnberg',
      latitude: 49.494,
      longitude: 11.0795,
      phone: '+49 89 99998 738',
      distanceMeters: 250,
      transferMinutes: 4,
      ...terminalTexts({
        entranceDe: 'P1 an der Flughafenstraße (Beschilderung „P1 Terminal“)',
        entranceEn: 'P1 on Flughafenstraße (signs “P1 Terminal”)',
        levelDe: 'auf Ebene 1, Bereich „Online“',
        levelEn: 'on level 1, “Online” area',
        walkDe: 'Ein überdachter Weg führt in vier Minuten zur Abflughalle.',
        walkEn: 'A covered path leads to the departures hall in four minutes.',
        phone: '+49 89 99998 738',
      }),
      features: { covered: true, keysHandedOver: false, evCharging: true, security24h: true, maxHeightCm: 210 },
      tariffs: [
        terminal({
          nameDe: 'Parkhaus P1 Terminal',
          nameEn: 'Car park P1 Terminal',
          ...terminalDescription(4),
          capacity: 150,
          sort: 3,
          curve: { day1: 28, day8: 139, days: 10, decay: 0.95, extraDayPrice: 1300 },
        }),
      ],
    },
  ],

  LEJ: [
    {
      name: 'Parkplatz Schkeuditz',
      operator: 'Mitteldeutsche Parkservice GmbH',
      street: 'Leipziger Straße',
      streetNumber: '80',
      postcode: '04435',
      city: 'Schkeuditz',
      latitude: 51.4,
      longitude: 12.23,
      phone: '+49 30 23125 610',
      distanceMeters: 4000,
      transferMinutes: 8,
      ...shuttleTexts({
        entranceDe: 'Leipziger Straße 80 (Einfahrt neben dem Baumarkt)',
        entranceEn: 'Leipziger Straße 80 (entrance next to the DIY store)',
        phone: '+49 30 23125 610',
        stopDe: 'am Zentralterminal, Ebene 0, Bushaltestelle „Parkservice“',
        stopEn: 'at the central terminal, level 0, bus stop “Parkservice”',
        minutes: 8,
        every: 20,
        open: '03:30–23:30',
      }),
      features: { ...OPEN_AIR },
      tariffs: [
        shuttle({
          nameDe: 'Shuttle-Parken Schkeuditz',
          nameEn: 'Shuttle parking Schkeuditz',
          ...shuttleDescription(8),
          capacity: 120,
          sort: 1,
          includedPersons: 4,
          maxPersons: 6,
          childSeatPrice: 250,
          maxChildSeats: 2,
          curve: { day1: 22, day8: 45, days: 12, decay: 0.92, extraDayPrice: 400 },
        }),
      ],
    },
    {
      name: 'Parkhaus P1 Zentralterminal',
      operator: 'Airport Parken Leipzig/Halle GmbH',
      street: 'Terminalring',
      streetNumber: '1',
      postcode: '04435',
      city: 'Schkeuditz',
      latitude: 51.423,
      longitude: 12.234,
      phone: '+49 30 23125 626',
      distanceMeters: 300,
      transferMinutes: 4,
      ...terminalTexts({
        entranceDe: 'P1 am Terminalring (Beschilderung „P1 Terminal“)',
        entranceEn: 'P1 on Terminalring (signs “P1 Terminal”)',
        levelDe: 'auf Ebene 2, Bereich „Reserviert“',
        levelEn: 'on level 2, “Reserved” area',
        walkDe: 'Über die Brücke erreichen Sie das Zentralterminal in vier Minuten.',
        walkEn: 'The bridge takes you to the central terminal in four minutes.',
        phone: '+49 30 23125 626',
      }),
      features: { covered: true, keysHandedOver: false, evCharging: true, security24h: true, maxHeightCm: 200 },
      tariffs: [
        terminal({
          nameDe: 'Parkhaus P1 Zentralterminal',
          nameEn: 'Car park P1 Central Terminal',
          ...terminalDescription(4),
          capacity: 150,
          sort: 2,
          curve: { day1: 25, day8: 125, days: 10, decay: 0.95, extraDayPrice: 1200 },
        }),
      ],
    },
  ],

  BRE: [
    {
      name: 'Parkplatz Flughafendamm',
      operator: 'Weser Airport Parking GmbH',
      street: 'Flughafendamm',
      streetNumber: '40',
      postcode: '28199',
      city: 'Bremen',
      latitude: 53.056,
      longitude: 8.8,
      phone: '+49 40 66969 610',
      distanceMeters: 3000,
      transferMinutes: 6,
      ...shuttleTexts({
        entranceDe: 'Flughafendamm 40 (Einfahrt an der Ampel, Schild „Weser Parking“)',
        entranceEn: 'Flughafendamm 40 (entrance at the traffic lights, sign “Weser Parking”)',
        phone: '+49 40 66969 610',
        stopDe: 'vor Terminal E, Ankunftsebene, neben der Straßenbahnhaltestelle',
        stopEn: 'outside Terminal E, arrivals level, next to the tram stop',
        minutes: 6,
        every: 15,
        open: '04:00–23:30',
      }),
      features: { ...OPEN_AIR },
      tariffs: [
        shuttle({
          nameDe: 'Shuttle-Parken Flughafendamm',
          nameEn: 'Shuttle parking Flughafendamm',
          ...shuttleDescription(6),
          capacity: 120,
          sort: 1,
          includedPersons: 4,
          maxPersons: 6,
          childSeatPrice: 300,
          maxChildSeats: 2,
          curve: { day1: 23, day8: 48, days: 12, decay: 0.92, extraDayPrice: 450 },
        }),
      ],
    },
    {
      name: 'Valet-Übergabe Terminal E',
      operator: 'Hanse Valet Bremen GmbH',
      street: 'Flughafenallee',
      streetNumber: '20',
      postcode: '28199',
      city: 'Bremen',
      latitude: 53.0528,
      longitude: 8.786,
      phone: '+49 40 66969 627',
      distanceMeters: 100,
      transferMinutes: 1,
      ...valetTexts({
        meetDe: 'auf der Vorfahrt vor Terminal E, Haltebucht „Valet“',
        meetEn: 'on the forecourt in front of Terminal E, bay “Valet”',
        phone: '+49 40 66969 627',
        open: '04:30–23:00',
      }),
      features: KERBSIDE_VALET,
      tariffs: [
        valet({
          nameDe: 'Valet Parking Terminal E',
          nameEn: 'Valet Parking Terminal E',
          ...valetDescription('direkt vor Terminal E', 'right in front of Terminal E'),
          capacity: 40,
          sort: 2,
          curve: { day1: 42, day8: 98, days: 15, decay: 0.93, extraDayPrice: 800 },
        }),
      ],
    },
    {
      name: 'Parkhaus P1 Terminal',
      operator: 'Airport Parking Bremen GmbH',
      street: 'Hanna-Kunath-Straße',
      streetNumber: '10',
      postcode: '28199',
      city: 'Bremen',
      latitude: 53.0538,
      longitude: 8.787,
      phone: '+49 40 66969 639',
      distanceMeters: 250,
      transferMinutes: 4,
      ...terminalTexts({
        entranceDe: 'P1 an der Hanna-Kunath-Straße (Beschilderung „P1 Terminal“)',
        entranceEn: 'P1 on Hanna-Kunath-Straße (signs “P1 Terminal”)',
        levelDe: 'auf Ebene 1, Bereich „Online“',
        levelEn: 'on level 1, “Online” area',
        walkDe: 'Zu Terminal E und F gehen Sie vier Minuten über den überdachten Vorplatz.',
        walkEn: 'Terminals E and F are four minutes’ walk across the covered forecourt.',
        phone: '+49 40 66969 639',
      }),
      features: { covered: true, keysHandedOver: false, evCharging: true, security24h: true, maxHeightCm: 200 },
      tariffs: [
        terminal({
          nameDe: 'Parkhaus P1 Terminal',
          nameEn: 'Car park P1 Terminal',
          ...terminalDescription(4),
          capacity: 150,
          sort: 3,
          curve: { day1: 27, day8: 135, days: 10, decay: 0.95, extraDayPrice: 1300 },
        }),
      ],
    },
  ],

  DTM: [
    {
      name: 'Parkplatz Wickede',
      operator: 'Westfalen Airport Parking GmbH',
      street: 'Wickeder Hellweg',
      streetNumber: '90',
      postcode: '44319',
      city: 'Dortmund',
      latitude: 51.528,
      longitude: 7.62,
      phone: '+49 221 4710 710',
      distanceMeters: 3500,
      transferMinutes: 7,
      ...shuttleTexts({
        entranceDe: 'Wickeder Hellweg 90 (Hofeinfahrt, Schild „Westfalen Parking“)',
        entranceEn: 'Wickeder Hellweg 90 (yard entrance, sign “Westfalen Parking”)',
        phone: '+49 221 4710 710',
        stopDe: 'vor dem Terminal, Ankunftsebene, Bushaltestelle „Parkshuttle“',
        stopEn: 'outside the terminal, arrivals level, bus stop “Parkshuttle”',
        minutes: 7,
        every: 20,
        open: '03:30–23:30',
      }),
      features: { ...OPEN_AIR },
      tariffs: [
        shuttle({
          nameDe: 'Shuttle-Parken Wickede',
          nameEn: 'Shuttle parking Wickede',
          ...shuttleDescription(7),
          capacity: 150,
          sort: 1,
          includedPersons: 4,
          maxPersons: 7,
          childSeatPrice: 300,
          maxChildSeats: 2,
          curve: { day1: 22, day8: 45, days: 12, decay: 0.92, extraDayPrice: 400 },
        }),
      ],
    },
    {
      name: 'Valet-Übergabe Terminal',
      operator: 'Ruhr Valet Service UG (haftungsbeschränkt)',
      street: 'Flughafenring',
      streetNumber: '2',
      postcode: '44319',
      city: 'Dortmund',
      latitude: 51.5165,
      longitude: 7.612,
      phone: '+49 221 4710 724',
      distanceMeters: 80,
      transferMinutes: 1,
      ...valetTexts({
        meetDe: 'auf der Vorfahrt vor dem Terminal, Haltebucht „Valet“',
        meetEn: 'on the forecourt in front of the terminal, bay “Valet”',
        phone: '+49 221 4710 724',
        open: '04:00–22:30',
      }),
      features: KERBSIDE_VALET,
      tariffs: [
        valet({
          nameDe: 'Valet Parking Terminal',
          nameEn: 'Valet Parking Terminal',
          ...valetDescription('direkt vor dem Terminal', 'right in front of the terminal'),
          // a small operator with three spaces a day: sells out quickly (sold-out demos)
          capacity: 3,
          sort: 2,
          curve: { day1: 39, day8: 90, days: 12, decay: 0.93, extraDayPrice: 750 },
        }),
      ],
    },
    {
      name: 'Parkhaus P1 Terminal',
      operator: 'Airport Parken Dortmund GmbH',
      street: 'Flughafenring',
      streetNumber: '4',
      postcode: '44319',
      city: 'Dortmund',
      latitude: 51.517,
      longitude: 7.6135,
      phone: '+49 221 4710 738',
      distanceMeters: 200,
      transferMinutes: 3,
      ...terminalTexts({
        entranceDe: 'P1 am Flughafenring (Beschilderung „P1 Terminal“)',
        entranceEn: 'P1 on Flughafenring (signs “P1 Terminal”)',
        levelDe: 'auf Ebene 1, Bereich „Online“',
        levelEn: 'on level 1, “Online” area',
        walkDe: 'Das Terminal liegt direkt gegenüber; der Weg dauert drei Minuten.',
        walkEn: 'The terminal is directly opposite; the walk takes three minutes.',
        phone: '+49 221 4710 738',
      }),
      features: { covered: true, keysHandedOver: false, evCharging: false, security24h: true, maxHeightCm: 200 },
      tariffs: [
        terminal({
          nameDe: 'Parkhaus P1 Terminal',
          nameEn: 'Car park P1 Terminal',
          ...terminalDescription(3),
          capacity: 120,
          sort: 3,
          curve: { day1: 25, day8: 122, days: 10, decay: 0.95, extraDayPrice: 1200 },
        }),
      ],
    },
  ],

  // Kassel is `locked` (see airports.ts): the offers exist so the tariff list can be shown, but nothing is bookable.
  KSF: [
    {
      name: 'Parkplatz P1 Terminal',
      operator: 'Nordhessen Airport Parken GmbH',
      street: 'Fieseler-Storch-Straße',
      streetNumber: '40',
      postcode: '34379',
      city: 'Calden',
      latitude: 51.408,
      longitude: 9.385,
      phone: '+49 69 90009 610',
      distanceMeters: 200,
      transferMinutes: 3,
      ...terminalTexts({
        entranceDe: 'P1 an der Fieseler-Storch-Straße vor dem Terminal',
        entranceEn: 'P1 on Fieseler-Storch-Straße in front of the terminal',
        levelDe: 'in Reihe A direkt am Eingang',
        levelEn: 'in row A right by the entrance',
        walkDe: 'Das Terminal erreichen Sie in drei Minuten zu Fuß.',
        walkEn: 'The terminal is three minutes’ walk away.',
        phone: '+49 69 90009 610',
      }),
      features: { covered: false, keysHandedOver: false, evCharging: true, security24h: false, maxHeightCm: null },
      tariffs: [
        terminal({
          nameDe: 'Parkplatz P1 Terminal',
          nameEn: 'Car park P1 Terminal',
          descriptionDe:
            'Offener Parkplatz direkt vor dem Terminal; zu Fuß sind Sie in etwa drei Minuten beim Check-in. ' +
            'Die Einfahrt erfolgt per Kennzeichenerkennung.',
          descriptionEn:
            'Open-air car park right in front of the terminal; check-in is about three minutes’ walk. ' +
            'The barrier opens by licence-plate recognition.',
          capacity: 80,
          sort: 1,
          curve: { day1: 20, day8: 120, days: 8, decay: 0.95, extraDayPrice: 1000 },
        }),
      ],
    },
    {
      name: 'Valet-Übergabe Terminal',
      operator: 'Nordhessen Airport Parken GmbH',
      street: 'Fieseler-Storch-Straße',
      streetNumber: '40',
      postcode: '34379',
      city: 'Calden',
      latitude: 51.4087,
      longitude: 9.3845,
      phone: '+49 69 90009 622',
      distanceMeters: 50,
      transferMinutes: 1,
      ...valetTexts({
        meetDe: 'auf der Vorfahrt vor dem Terminal, Haltebucht „Valet“',
        meetEn: 'on the forecourt in front of the terminal, bay “Valet”',
        phone: '+49 69 90009 622',
        open: '05:00–21:00',
      }),
      features: KERBSIDE_VALET,
      tariffs: [
        valet({
          nameDe: 'Valet Parking Terminal',
          nameEn: 'Valet Parking Terminal',
          ...valetDescription('direkt vor dem Terminal', 'right in front of the terminal'),
          capacity: 20,
          sort: 2,
          curve: { day1: 39, day8: 90, days: 8, decay: 0.93, extraDayPrice: 800 },
        }),
      ],
    },
  ],
};
