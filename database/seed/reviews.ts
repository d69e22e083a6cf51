/**
 * Demo customer reviews for a shop without a review provider (SPEC §1 ratings; decision 0014): a few dozen per
 * active airport plus some about the booking itself (the shop's own rating id), German and English, mostly
 * 4–5 stars with some 1–3, about shuttle, punctuality, staff, prices and booking; some long (read more), some
 * with a stored translation. Built from parallel German/English sentences, so every translation is exact.
 *
 * Deterministic: the same rows every time (a seeded generator per rating id), so `npm run ratings:import` can
 * upsert them by `provider_review_id` any number of times. Marked `provider = 'demo'`: an import from a real
 * provider removes them (showing invented reviews in a live shop would mislead customers, UWG §5b).
 */
import type { reviews } from '../schema.ts';
import { AIRPORTS } from './airports.ts';
import { PARKING } from './parking.ts';

/**
 * A row of the `reviews` table as the demo set inserts it. The lot is named by {@link demoLotKey} (its id is
 * only known once the catalogue is inserted); null for the reviews of the booking itself.
 */
/** The language a review is translated into. */
const OTHER_LANGUAGE = { de: 'en', en: 'de' } as const;

export type DemoReview = Omit<typeof reviews.$inferInsert, 'id' | 'importedAt' | 'parkingLotId'> & {
  lotKey: string | null;
};

/** How a demo review names its parking lot: airport IATA code and lot name (`FRA/Parkhalle Walldorf`). */
export function demoLotKey(iata: string, lotName: string): string {
  return `${iata}/${lotName}`;
}

/** The shop's own rating id (`SHOP_RATING_ID` of `app/domain/ratings.ts`; database/ cannot import app/). */
const SHOP_RATING_ID = 'eap-shop';

/** The day (00:00 UTC) of the newest demo review; the others go back from here, a day to 40 days apart. */
const NEWEST = Date.UTC(2026, 10, 14);
const DAY_MS = 86_400_000;

type Sentence = readonly [de: string, en: string];

const PRAISE: Sentence[] = [
  [
    'Der Shuttle stand schon bereit, als wir ankamen, und zehn Minuten später waren wir am Terminal.',
    'The shuttle was already waiting when we arrived, and ten minutes later we were at the terminal.',
  ],
  ['Sehr freundliches Personal, alles lief unkompliziert.', 'Very friendly staff, everything was straightforward.'],
  [
    'Auf der Rückfahrt wurden wir direkt nach unserem Anruf abgeholt.',
    'On the way back we were picked up right after our call.',
  ],
  [
    'Der Preis war deutlich günstiger als im Parkhaus direkt am Terminal.',
    'The price was much lower than in the car park right at the terminal.',
  ],
  [
    'Das Auto stand bei der Rückkehr sauber und unbeschädigt bereit.',
    'When we got back, the car was ready for us, clean and undamaged.',
  ],
  [
    'Die Wegbeschreibung war genau, wir haben den Parkplatz sofort gefunden.',
    'The directions were accurate and we found the car park straight away.',
  ],
  [
    'Pünktlich, freundlich und günstig – so soll es sein.',
    'Punctual, friendly and inexpensive – just as it should be.',
  ],
  [
    'Der Fahrer hat uns mit den Koffern geholfen, das war mit zwei kleinen Kindern Gold wert.',
    'The driver helped us with the suitcases, which was priceless with two small children.',
  ],
  [
    'Das Gelände ist gut beleuchtet und videoüberwacht, ich hatte ein gutes Gefühl.',
    'The site is well lit and under video surveillance, so I felt the car was safe.',
  ],
  [
    'Die Schlüsselübergabe beim Valet-Service ging schnell und war sehr professionell.',
    'Handing over the keys for the valet service was quick and very professional.',
  ],
  [
    'Trotz der Verspätung unseres Fluges wurden wir spät abends noch abgeholt.',
    'Even though our flight was late, we were still picked up late in the evening.',
  ],
  [
    'Bei Fragen war die Hotline gut erreichbar und hilfsbereit.',
    'The hotline was easy to reach and helpful when we had questions.',
  ],
  [
    'Wir parken hier seit Jahren vor jedem Urlaub und wurden nie enttäuscht.',
    'We have parked here before every holiday for years and have never been disappointed.',
  ],
  [
    'Vom Parkplatz bis zum Check-in hat es keine 15 Minuten gedauert.',
    'It took less than 15 minutes from the car park to check-in.',
  ],
  ['Für eine Woche Parken am {ap} ein fairer Preis.', 'A fair price for a week of parking at {ap}.'],
  [
    'Der Shuttlebus war sauber und es gab genug Platz für Gepäck und Kinderwagen.',
    'The shuttle bus was clean and there was plenty of room for luggage and a pram.',
  ],
  [
    'Die Mitarbeiter vor Ort waren ausgesprochen freundlich und gut gelaunt.',
    'The staff on site were exceptionally friendly and cheerful.',
  ],
  ['Die Abholung nach der Landung hat reibungslos geklappt.', 'The pick-up after landing went without a hitch.'],
  ['Alles wie beschrieben, keine versteckten Kosten.', 'Everything as described, no hidden costs.'],
  [
    'Die Buchung war in fünf Minuten erledigt, die Bestätigung kam sofort per E-Mail.',
    'Booking took five minutes and the confirmation arrived by e-mail straight away.',
  ],
  ['Hat alles wunderbar geklappt.', 'Everything worked perfectly.'],
  ['Alles bestens, nichts zu meckern.', 'All very good, nothing to complain about.'],
  [
    'Der Fahrer kannte sich gut aus und hat uns direkt vor dem richtigen Terminal abgesetzt.',
    'The driver knew his way around and dropped us right outside the correct terminal.',
  ],
  [
    'Beim Einchecken am Parkplatz mussten wir nur die Reservierungsnummer nennen, das ging ruckzuck.',
    'At the car park we only had to give our reservation number, and it was done in no time.',
  ],
  [
    'Die Shuttles fahren so oft, dass wir überhaupt nicht warten mussten.',
    'The shuttles run so often that we did not have to wait at all.',
  ],
  [
    'Günstiger als die Anreise mit der Bahn für die ganze Familie.',
    'Cheaper than taking the train for the whole family.',
  ],
  [
    'Ein Kindersitz im Shuttle war auf Nachfrage sofort da.',
    'A child seat in the shuttle was there straight away when we asked.',
  ],
  [
    'Die Ankunftsinformationen in der Bestätigung waren klar und vollständig.',
    'The arrival information in the confirmation was clear and complete.',
  ],
  ['Parken am {ap} war noch nie so entspannt.', 'Parking at {ap} has never been so relaxed.'],
  [
    'Unser Auto stand bei der Rückkehr schon mit laufender Heizung bereit, ein toller Service im Winter.',
    'On our return the car was ready with the heating already on, a great service in winter.',
  ],
];

/** Praise too glowing for a middling review (3 stars and below draw on the rest). */
const GLOWING = new Set([
  'Pünktlich, freundlich und günstig – so soll es sein.',
  'Wir parken hier seit Jahren vor jedem Urlaub und wurden nie enttäuscht.',
  'Sehr freundliches Personal, alles lief unkompliziert.',
  'Die Mitarbeiter vor Ort waren ausgesprochen freundlich und gut gelaunt.',
  'Hat alles wunderbar geklappt.',
  'Alles bestens, nichts zu meckern.',
  'Parken am {ap} war noch nie so entspannt.',
  'Die Shuttles fahren so oft, dass wir überhaupt nicht warten mussten.',
]);

const MILD: Sentence[] = [
  [
    'Bei der Rückkehr mussten wir etwa 20 Minuten auf den Shuttle warten.',
    'On our return we had to wait about 20 minutes for the shuttle.',
  ],
  [
    'Die Zufahrt ist etwas versteckt, ein zusätzliches Schild wäre hilfreich.',
    'The entrance is a little hidden; another sign would help.',
  ],
  ['Der Shuttle war ziemlich voll, wir mussten stehen.', 'The shuttle was quite full and we had to stand.'],
  [
    'Die Beschilderung zum Treffpunkt am Terminal könnte besser sein.',
    'The signs to the meeting point at the terminal could be better.',
  ],
  [
    'Der Parkplatz ist nicht asphaltiert, bei Regen wird es etwas matschig.',
    'The car park is not paved and gets a bit muddy when it rains.',
  ],
  [
    'Am Telefon hat es eine Weile gedauert, bis jemand abgenommen hat.',
    'It took a while for someone to answer the phone.',
  ],
];

const COMPLAINT: Sentence[] = [
  [
    'Bei der Rückkehr haben wir fast eine Stunde auf den Shuttle gewartet, und telefonisch war niemand erreichbar.',
    'On our return we waited almost an hour for the shuttle, and nobody answered the phone.',
  ],
  [
    'Der Fahrer war unfreundlich und hat uns mit dem Gepäck allein gelassen.',
    'The driver was unfriendly and left us to deal with the luggage on our own.',
  ],
  [
    'Für den Preis hätte ich deutlich mehr Service erwartet.',
    'For the price I would have expected much better service.',
  ],
  [
    'Morgens hat es so lange gedauert, bis der Shuttle kam, dass wir beinahe unseren Flug verpasst hätten.',
    'In the morning the shuttle took so long to come that we nearly missed our flight.',
  ],
  [
    'Die Reservierung war vor Ort zunächst nicht auffindbar, das hat unnötig Zeit gekostet.',
    'At first nobody on site could find our reservation, which wasted a lot of time.',
  ],
];

const BALANCED: Sentence[] = [
  ['Insgesamt in Ordnung, aber nicht perfekt.', 'All right overall, but not perfect.'],
  [
    'Preis und Leistung passen, beim Service ist noch Luft nach oben.',
    'Good value for money, but the service has room for improvement.',
  ],
];

const CLOSING: Sentence[] = [
  ['Gerne wieder!', 'Happy to come back!'],
  ['Klare Empfehlung.', 'Highly recommended.'],
  ['Wir buchen beim nächsten Urlaub wieder hier.', 'We will book here again for our next holiday.'],
  ['Absolut empfehlenswert.', 'Absolutely recommended.'],
  ['Danke an das ganze Team!', 'Thanks to the whole team!'],
  ['Top Service.', 'Great service.'],
  ['Jederzeit wieder.', 'Any time again.'],
];

/** Long accounts (read more): positive ones for 4–5 stars, the last for 3 stars and below. */
const STORIES: Sentence[] = [
  [
    'Unser Flug ging schon um sechs Uhr morgens, deshalb waren wir kurz nach vier am Parkplatz. Obwohl es so früh war, stand ein Mitarbeiter an der Einfahrt, hat uns eingewiesen, und der Shuttle fuhr nach wenigen Minuten los.',
    'Our flight left at six in the morning, so we arrived at the car park shortly after four. Even that early, someone was waiting at the entrance to show us where to park, and the shuttle left a few minutes later.',
  ],
  [
    'Auf dem Rückweg landeten wir mit über zwei Stunden Verspätung kurz vor Mitternacht. Ehrlich gesagt hatte ich Sorge, dass niemand mehr da ist, aber nach einem kurzen Anruf stand der Shuttle zehn Minuten später vor dem Terminal.',
    'On the way back we landed more than two hours late, just before midnight. To be honest I was worried there would be nobody left, but after a quick call the shuttle was outside the terminal ten minutes later.',
  ],
  [
    'Wir waren zu fünft mit zwei Kindersitzen, einem Kinderwagen und viel Gepäck unterwegs. Das Team hat alles ohne Murren eingeladen, die Kindersitze waren wie bestellt im Shuttle, und die Kinder fanden die Fahrt zum Terminal das erste Highlight des Urlaubs.',
    'There were five of us with two child seats, a pram and lots of luggage. The team loaded everything without a word of complaint, the child seats were in the shuttle as ordered, and the children thought the ride to the terminal was the first highlight of the holiday.',
  ],
  [
    'Ich habe die Preise mehrerer Anbieter am {ap} verglichen und hier für zwei Wochen fast nur die Hälfte dessen gezahlt, was das Parkhaus am Terminal kostet. Dafür nehme ich die kurze Shuttlefahrt gern in Kauf, zumal sie schneller ging als der Fußweg aus manchem Parkhaus.',
    'I compared the prices of several providers at {ap} and paid almost half of what the car park at the terminal charges for two weeks. For that I am happy to take the short shuttle ride, especially as it was quicker than the walk from some multi-storey car parks.',
  ],
  [
    'Beim Valet-Parken wurde unser Auto direkt am Terminal übernommen, der Zustand wurde mit Fotos dokumentiert und wir bekamen eine Quittung. Nach der Landung stand der Wagen pünktlich am vereinbarten Treffpunkt und war innen sogar aufgeräumt.',
    'With valet parking our car was taken over right at the terminal, its condition was documented with photos and we were given a receipt. After landing, the car was waiting at the agreed meeting point on time, and it had even been tidied inside.',
  ],
  [
    'Die Hinfahrt lief problemlos, der Shuttle kam sofort und der Fahrer war nett. Bei der Rückkehr am Sonntagabend war dagegen viel los: Wir haben fast 40 Minuten am Treffpunkt gewartet, und die Hotline war dauerbesetzt. Am Ende hat alles geklappt, aber das sollte besser organisiert sein.',
    'The outward journey went smoothly: the shuttle came straight away and the driver was nice. On our return on Sunday evening, however, it was very busy: we waited almost 40 minutes at the meeting point, and the hotline was constantly engaged. In the end it all worked out, but it should be better organised.',
  ],
];

/** About the booking itself (the shop's own rating id). */
const BOOKING: Sentence[] = [
  [
    'Die Buchung auf der Website war übersichtlich, und eine Reservierung zu stornieren ging mit zwei Klicks.',
    'Booking on the website was clear, and cancelling a reservation took two clicks.',
  ],
  [
    'Die Rechnung kam direkt mit der Bestätigung, perfekt für die Reisekostenabrechnung.',
    'The invoice came with the confirmation, perfect for my expense claim.',
  ],
  [
    'Der Gesamtpreis wird vor der Buchung vollständig angezeigt, ohne Überraschungen.',
    'The total price is shown in full before booking, with no surprises.',
  ],
  [
    'Ich konnte meine Reisedaten nach der Buchung problemlos ändern.',
    'I could change my travel dates after booking without any trouble.',
  ],
  [
    'Die Preise der Parkplätze lassen sich gut vergleichen, die Angaben zur Entfernung zum Terminal stimmten.',
    'The car parks are easy to compare, and the distances to the terminal were accurate.',
  ],
];

/** mulberry32: a small, fast, seeded generator (same seed → same sequence). */
function generator(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** FNV-1a hash of a string, the generator seed of a rating id. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/**
 * Draws sentences like cards: every sentence of the pool once, in a shuffled order, before any comes again, so
 * neighbouring reviews seldom repeat each other.
 */
function deck(random: () => number, pool: Sentence[]): (n: number) => Sentence[] {
  let left: Sentence[] = [];
  return (n) => {
    const out: Sentence[] = [];
    while (out.length < n) {
      if (left.length === 0) left = [...pool];
      const [card] = left.splice(Math.floor(random() * left.length), 1);
      if (!out.includes(card)) out.push(card);
      else if (pool.length <= out.length) break;
    }
    return out;
  };
}

/** Stars, mostly 4–5: 5 (62 %), 4 (26 %), 3 (7 %), 2 (3.5 %), 1 (1.5 %). */
function stars(random: () => number): number {
  const r = random();
  return r < 0.62 ? 5 : r < 0.88 ? 4 : r < 0.95 ? 3 : r < 0.985 ? 2 : 1;
}

/** The decks one rating id's reviews draw from. */
type Decks = Record<'praise' | 'moderate' | 'stories' | 'mild' | 'complaint' | 'closing', (n: number) => Sentence[]>;

/** The sentences of one review with `rating` stars (`long`: a story first, read more). */
function compose(random: () => number, rating: number, long: boolean, decks: Decks, sad: Sentence): Sentence[] {
  const maybe = (chance: number, draw: (n: number) => Sentence[]) => (random() < chance ? draw(1) : []);
  const balanced = () => [BALANCED[Math.floor(random() * BALANCED.length)]];
  // A long account says most of it already: one more sentence at most, and nothing that contradicts it.
  if (long && rating < 4) return [sad, ...maybe(0.5, balanced)];
  const story = long ? decks.stories(1) : [];
  const body =
    rating === 5
      ? [...decks.praise(long ? 1 : 1 + Math.floor(random() * 2)), ...maybe(0.5, decks.closing)]
      : rating === 4
        ? [...decks.praise(1 + Math.floor(random() * 2)), ...maybe(0.45, decks.mild), ...maybe(0.3, decks.closing)]
        : rating === 3
          ? [...decks.moderate(1), ...decks.mild(1), ...maybe(0.5, balanced)]
          : rating === 2
            ? [...decks.complaint(1), ...decks.mild(1)]
            : decks.complaint(2);
  return [...story, ...body];
}

/**
 * The reviews of one rating id: `count` reviews, newest first (the newest up to 11 days before {@link NEWEST}),
 * one to 40 days apart. The second newest is long
 * and the third English with a stored German translation, so the first page always shows "read more" and a
 * review in another language. About 20 % are English; about half carry a translation into the other language.
 */
function reviewsFor(
  ratingId: string,
  count: number,
  names: { de: string; en: string } | null,
  lotKeys: string[] = [],
): DemoReview[] {
  const random = generator(hash(ratingId));
  // Lots draw from a generator of their own, so the texts and stars stay what they were before lots had reviews.
  const pickLot = lotPicker(generator(hash(`${ratingId}/lots`)), lotKeys);
  // The shop's own reviews name no airport: they draw on the booking sentences, without `{ap}`.
  const general = (pool: Sentence[]) => pool.filter(([de]) => !de.includes('{ap}'));
  const praise = names ? PRAISE : [...BOOKING, ...general(PRAISE)];
  const stories = names ? STORIES : general(STORIES);
  const decks: Decks = {
    praise: deck(random, praise),
    moderate: deck(
      random,
      praise.filter(([de]) => !GLOWING.has(de)),
    ),
    // the last story is the middling one (3 stars and below)
    stories: deck(random, stories.slice(0, -1)),
    mild: deck(random, MILD),
    complaint: deck(random, COMPLAINT),
    closing: deck(random, CLOSING),
  };
  const sad = stories[stories.length - 1];
  const fill = (text: string, locale: 'de' | 'en') => (names ? text.replaceAll('{ap}', names[locale]) : text);
  const rows: DemoReview[] = [];
  let day = NEWEST - Math.floor(random() * 12) * DAY_MS;
  for (let i = 0; i < count; i++) {
    const rating = i === 1 ? 5 : stars(random);
    const long = i === 1 || random() < 0.15;
    const sentences = compose(random, rating, long, decks, sad);
    const locale = i === 2 ? 'en' : random() < 0.2 ? 'en' : 'de';
    const other = OTHER_LANGUAGE[locale];
    const text = (lang: 'de' | 'en') => fill(sentences.map(([de, en]) => (lang === 'de' ? de : en)).join(' '), lang);
    const translated = i === 2 || random() < 0.5;
    rows.push({
      provider: 'demo',
      providerReviewId: `${ratingId}-${String(i + 1).padStart(3, '0')}`,
      ratingId,
      lotKey: pickLot(),
      rating,
      comment: text(locale),
      locale,
      // between 06:00 and 21:59 German time (UTC+1/+2)
      submittedAt: new Date(day + (5 + Math.floor(random() * 15)) * 3_600_000 + Math.floor(random() * 60) * 60_000),
      translations: translated ? { [other]: text(other) } : {},
    });
    day -= (1 + Math.floor(random() * 40)) * DAY_MS;
  }
  return rows;
}

/**
 * Picks the lot of each review: each lot once first (every lot named has reviews), then the first lot of the
 * airport most often (weights n, n−1, …, 1), so the lots of an airport have different counts and averages; null
 * without lots (the shop's own reviews).
 */
function lotPicker(random: () => number, lotKeys: string[]): () => string | null {
  const weights = lotKeys.map((_, i) => lotKeys.length - i);
  const total = weights.reduce((a, b) => a + b, 0);
  let picked = 0;
  return () => {
    if (lotKeys.length === 0) return null;
    if (picked < lotKeys.length) return lotKeys[picked++];
    let r = random() * total;
    for (let i = 0; i < lotKeys.length; i++) {
      r -= weights[i];
      if (r < 0) return lotKeys[i];
    }
    return lotKeys[lotKeys.length - 1];
  };
}

/**
 * The lots of an airport that demo reviews are about: all of them, except that an airport with four or more lots
 * leaves its last one without reviews (a car park new to the shop), so the tariffs page shows how an offer without
 * a rating looks (decision 0042).
 */
function reviewedLots(iata: string): string[] {
  const keys = (PARKING[iata] ?? []).map((lot) => demoLotKey(iata, lot.name));
  return keys.length >= 4 ? keys.slice(0, -1) : keys;
}

/**
 * Every demo review: 24 to 41 per active airport (locked airports have none), each about one of its parking lots
 * ({@link reviewedLots}), and 14 about booking under the shop's own rating id (no lot). Comments carry the
 * airport's name in their language (`am Flughafen Frankfurt`, `at Frankfurt Airport`).
 */
export function demoReviews(): DemoReview[] {
  const rows: DemoReview[] = [];
  for (const airport of AIRPORTS) {
    if (!airport.ratingId || airport.status === 'locked') continue;
    const count = 24 + (hash(airport.iata) % 18);
    const names = { de: airport.nameDe, en: airport.nameEn };
    rows.push(...reviewsFor(airport.ratingId, count, names, reviewedLots(airport.iata)));
  }
  rows.push(...reviewsFor(SHOP_RATING_ID, 14, null));
  return rows;
}
