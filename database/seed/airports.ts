/**
 * The airports of the shop (DESIGN §6, §8): the twelve German airports a customer looks for, plus Kassel as
 * the `locked` airport. IATA codes, cities and time zones are the real ones; coordinates are the passenger
 * terminal (WGS 84, 4 decimals ≈ 10 m); directions describe the real motorway access. Gallery pictures are
 * our own flat SVG illustrations in `public/images/airports/`.
 */
import type { airports, GalleryImage } from '../schema.ts';

/** An airport row as the seed inserts it (the id comes from the database). */
export type AirportSeed = Omit<typeof airports.$inferInsert, 'id'> & { iata: string; slug: string };

/** What each gallery picture number shows (the SVG files follow the same order). */
const GALLERY_MOTIFS = [
  { de: 'Terminal mit startendem Flugzeug', en: 'terminal with a departing plane' },
  { de: 'Parkhaus am Terminal', en: 'car park at the terminal' },
  { de: 'Flugzeug im Landeanflug über der Piste', en: 'plane approaching the runway' },
] as const;

/** Gallery of `count` (2–3) illustrations `/images/airports/<slug>-<n>.svg` with German and English alt texts. */
function gallery(slug: string, nameDe: string, nameEn: string, count: 2 | 3): GalleryImage[] {
  return GALLERY_MOTIFS.slice(0, count).map((motif, i) => ({
    src: `/images/airports/${slug}-${i + 1}.svg`,
    altDe: `Illustration: ${nameDe}, ${motif.de}`,
    altEn: `Illustration: ${nameEn}, ${motif.en}`,
  }));
}

const TZ = 'Europe/Berlin';

/**
 * All seeded airports in display order (`sort`, busiest first, the locked airport last).
 * Exactly one, Kassel (KSF), is `locked`; its comment explains why online booking is paused.
 */
export const AIRPORTS: AirportSeed[] = [
  {
    slug: 'frankfurt',
    iata: 'FRA',
    nameDe: 'Flughafen Frankfurt',
    nameEn: 'Frankfurt Airport',
    city: 'Frankfurt am Main',
    latitude: 50.0508,
    longitude: 8.5711,
    timeZone: TZ,
    status: 'active',
    commentDe:
      'Bauarbeiten an der Zufahrt zu Terminal 1: Bis auf Weiteres ist die Vorfahrt Abflug (Ebene 3) nur einspurig befahrbar. ' +
      'Planen Sie in den Morgenstunden zehn Minuten mehr ein; die Valet-Übergabe im Parkhaus P36 ist nicht betroffen.',
    commentEn:
      'Construction works at the Terminal 1 access road: until further notice only one lane of the departures forecourt (level 3) is open. ' +
      'Allow ten extra minutes in the morning; the valet handover in car park P36 is not affected.',
    descriptionDe:
      'Der Flughafen Frankfurt ist Deutschlands größtes Drehkreuz mit rund 60 Millionen Fluggästen im Jahr. ' +
      'Er liegt zwölf Kilometer südwestlich der Frankfurter Innenstadt am Frankfurter Kreuz und ist Heimatbasis der Lufthansa. ' +
      'Wer früh bucht, parkt hier deutlich günstiger als an der Schranke.',
    descriptionEn:
      'Frankfurt Airport is Germany’s largest hub, handling around 60 million passengers a year. ' +
      'It lies twelve kilometres south-west of Frankfurt city centre at the Frankfurter Kreuz interchange and is Lufthansa’s home base. ' +
      'Booking ahead is considerably cheaper than paying at the barrier.',
    directionsDe:
      'Über die A3 (Köln–Würzburg) oder die A5 (Kassel–Basel) bis zum Frankfurter Kreuz, dann der Beschilderung „Flughafen“ und ' +
      '„Terminal 1“ bzw. „Terminal 2“ folgen. Aus Richtung Rüsselsheim und Kelsterbach erreichen Sie den Flughafen über die B43.',
    directionsEn:
      'Take the A3 (Cologne–Würzburg) or the A5 (Kassel–Basel) to the Frankfurter Kreuz interchange and follow the signs “Flughafen” ' +
      'and “Terminal 1” or “Terminal 2”. From Rüsselsheim and Kelsterbach, reach the airport via the B43.',
    ratingId: 'eap-fra',
    videoUrl: null,
    gallery: gallery('frankfurt', 'Flughafen Frankfurt', 'Frankfurt Airport', 3),
    sort: 1,
  },
  {
    slug: 'muenchen',
    iata: 'MUC',
    nameDe: 'Flughafen München',
    nameEn: 'Munich Airport',
    city: 'München',
    latitude: 48.3538,
    longitude: 11.7861,
    timeZone: TZ,
    status: 'active',
    commentDe: null,
    commentEn: null,
    descriptionDe:
      'Der Flughafen München „Franz Josef Strauß“ ist mit rund 40 Millionen Passagieren Deutschlands zweitgrößter Flughafen. ' +
      'Er liegt 28 Kilometer nordöstlich der Stadt im Erdinger Moos zwischen Freising und Erding. ' +
      'Terminal 1 und Terminal 2 sind über das München Airport Center zu Fuß verbunden.',
    descriptionEn:
      'Munich Airport “Franz Josef Strauss” is Germany’s second-largest airport with around 40 million passengers. ' +
      'It lies 28 kilometres north-east of the city in the Erdinger Moos between Freising and Erding. ' +
      'Terminal 1 and Terminal 2 are linked on foot through the Munich Airport Center.',
    directionsDe:
      'Aus München über die A9 bis zum Autobahnkreuz Neufahrn, dann auf der A92 Richtung Deggendorf bis zur Ausfahrt „Flughafen München“. ' +
      'Aus Richtung Osten über die A94 und die Flughafentangente Ost (FTO). Am Flughafen der Beschilderung zu Terminal 1 oder 2 folgen.',
    directionsEn:
      'From Munich take the A9 to the Neufahrn interchange, then the A92 towards Deggendorf to the exit “Flughafen München”. ' +
      'From the east use the A94 and the airport’s eastern bypass (FTO). At the airport follow the signs to Terminal 1 or 2.',
    ratingId: 'eap-muc',
    videoUrl: null,
    gallery: gallery('muenchen', 'Flughafen München', 'Munich Airport', 3),
    sort: 2,
  },
  {
    slug: 'berlin',
    iata: 'BER',
    nameDe: 'Flughafen Berlin Brandenburg',
    nameEn: 'Berlin Brandenburg Airport',
    city: 'Schönefeld',
    latitude: 52.3644,
    longitude: 13.51,
    timeZone: TZ,
    status: 'active',
    commentDe:
      'Hinweis: Wegen Fahrbahnarbeiten auf dem Willy-Brandt-Platz erfolgt die Valet-Übergabe bis auf Weiteres in Parkhaus P2, Ebene 0 ' +
      '(ausgeschildert „Valet“). Der Shuttle-Bus hält unverändert an Haltestelle 6 vor Terminal 1.',
    commentEn:
      'Please note: due to road works on Willy-Brandt-Platz, the valet handover takes place in car park P2, level 0 (signposted “Valet”) ' +
      'until further notice. The shuttle bus still stops at bus stop 6 in front of Terminal 1.',
    descriptionDe:
      'Der Flughafen BER „Willy Brandt“ ist seit 2020 der Hauptstadtflughafen für Berlin und Brandenburg. ' +
      'Er liegt südöstlich der Stadtgrenze in Schönefeld; fast alle Flüge starten und landen am Terminal 1. ' +
      'Die Parkhäuser P1 bis P4 liegen direkt vor dem Terminal.',
    descriptionEn:
      'BER “Willy Brandt” has been the capital airport for Berlin and Brandenburg since 2020. ' +
      'It lies just south-east of the city boundary in Schönefeld; almost all flights use Terminal 1. ' +
      'Car parks P1 to P4 sit right in front of the terminal.',
    directionsDe:
      'Aus der Innenstadt über die A113 (Dreieck Neukölln) oder vom Berliner Ring A10 über das Schönefelder Kreuz auf die A113 bis zur ' +
      'Ausfahrt „Flughafen BER Terminal 1-2“. Danach der Beschilderung zu den Parkhäusern P1–P4 bzw. zum Willy-Brandt-Platz folgen.',
    directionsEn:
      'From the city centre take the A113 (Neukölln junction), or from the A10 ring road the Schönefeld interchange onto the A113, ' +
      'to the exit “Flughafen BER Terminal 1-2”. Then follow the signs to car parks P1–P4 or to Willy-Brandt-Platz.',
    ratingId: 'eap-ber',
    videoUrl: null,
    gallery: gallery('berlin', 'Flughafen Berlin Brandenburg', 'Berlin Brandenburg Airport', 3),
    sort: 3,
  },
  {
    slug: 'duesseldorf',
    iata: 'DUS',
    nameDe: 'Flughafen Düsseldorf',
    nameEn: 'Düsseldorf Airport',
    city: 'Düsseldorf',
    latitude: 51.2787,
    longitude: 6.7656,
    timeZone: TZ,
    status: 'active',
    commentDe: null,
    commentEn: null,
    descriptionDe:
      'Der Flughafen Düsseldorf ist der größte Flughafen Nordrhein-Westfalens und liegt im Stadtteil Lohausen, nur sieben Kilometer ' +
      'nördlich der Innenstadt. Die Flugsteige A, B und C sind in einem gemeinsamen Terminal untergebracht. ' +
      'Der SkyTrain verbindet das Terminal mit dem Fernbahnhof.',
    descriptionEn:
      'Düsseldorf Airport is the largest airport in North Rhine-Westphalia, located in the district of Lohausen only seven kilometres ' +
      'north of the city centre. Piers A, B and C share one terminal building. ' +
      'The SkyTrain links the terminal with the long-distance railway station.',
    directionsDe:
      'Über die A44 bis zur Ausfahrt „Düsseldorf-Flughafen“ und weiter auf der Flughafenstraße zum Terminal. ' +
      'Von der A3 und der A52 erreichen Sie die A44 über das Autobahnkreuz Ratingen-Ost bzw. Düsseldorf-Nord.',
    directionsEn:
      'Take the A44 to the exit “Düsseldorf-Flughafen” and continue along Flughafenstraße to the terminal. ' +
      'From the A3 and the A52 join the A44 at the Ratingen-Ost or Düsseldorf-Nord interchange.',
    ratingId: 'eap-dus',
    videoUrl: null,
    gallery: gallery('duesseldorf', 'Flughafen Düsseldorf', 'Düsseldorf Airport', 3),
    sort: 4,
  },
  {
    slug: 'hamburg',
    iata: 'HAM',
    nameDe: 'Flughafen Hamburg',
    nameEn: 'Hamburg Airport',
    city: 'Hamburg',
    latitude: 53.6322,
    longitude: 10.0057,
    timeZone: TZ,
    status: 'active',
    commentDe: null,
    commentEn: null,
    descriptionDe:
      'Der Hamburg Airport „Helmut Schmidt“ in Fuhlsbüttel ist einer der ältesten noch betriebenen Flughäfen der Welt. ' +
      'Er liegt nur neun Kilometer nördlich der Innenstadt; Terminal 1 und Terminal 2 sind über die Airport Plaza verbunden. ' +
      'Die Parkhäuser P1 bis P4 liegen direkt gegenüber den Terminals.',
    descriptionEn:
      'Hamburg Airport “Helmut Schmidt” in Fuhlsbüttel is one of the oldest airports in the world still in operation. ' +
      'It lies only nine kilometres north of the city centre; Terminals 1 and 2 are linked by the Airport Plaza. ' +
      'Car parks P1 to P4 face the terminals directly.',
    directionsDe:
      'Von Norden über die A7, Ausfahrt „Hamburg-Schnelsen-Nord“, und weiter über die Niendorfer Straße der Beschilderung „Flughafen“ nach. ' +
      'Aus der Innenstadt und von Süden über den Ring 2 oder die Alsterkrugchaussee (B433) bis zur Zufahrt Flughafenstraße.',
    directionsEn:
      'From the north take the A7 to the exit “Hamburg-Schnelsen-Nord” and follow the “Flughafen” signs along Niendorfer Straße. ' +
      'From the city centre and the south use Ring 2 or Alsterkrugchaussee (B433) to the Flughafenstraße access road.',
    ratingId: 'eap-ham',
    videoUrl: null,
    gallery: gallery('hamburg', 'Flughafen Hamburg', 'Hamburg Airport', 3),
    sort: 5,
  },
  {
    slug: 'stuttgart',
    iata: 'STR',
    nameDe: 'Flughafen Stuttgart',
    nameEn: 'Stuttgart Airport',
    city: 'Stuttgart',
    latitude: 48.6904,
    longitude: 9.1937,
    timeZone: TZ,
    status: 'active',
    commentDe: null,
    commentEn: null,
    descriptionDe:
      'Der Flughafen Stuttgart „Manfred Rommel“ liegt auf den Fildern, 13 Kilometer südlich der Stuttgarter Innenstadt und direkt neben der Messe. ' +
      'Die vier Terminals liegen nebeneinander und sind zu Fuß in wenigen Minuten erreichbar.',
    descriptionEn:
      'Stuttgart Airport “Manfred Rommel” lies on the Filder plateau, 13 kilometres south of Stuttgart city centre, right next to the trade fair. ' +
      'Its four terminals stand side by side and are a few minutes’ walk apart.',
    directionsDe:
      'Über die A8 (Karlsruhe–München) bis zur Ausfahrt „Stuttgart-Flughafen/Messe“ und der Beschilderung „Terminals“ folgen. ' +
      'Aus der Stuttgarter Innenstadt über die B27 Richtung Tübingen bis zum Echterdinger Ei, dann auf die A8 Richtung München.',
    directionsEn:
      'Take the A8 (Karlsruhe–Munich) to the exit “Stuttgart-Flughafen/Messe” and follow the “Terminals” signs. ' +
      'From Stuttgart city centre take the B27 towards Tübingen to the Echterdinger Ei junction, then the A8 towards Munich.',
    ratingId: 'eap-str',
    videoUrl: null,
    gallery: gallery('stuttgart', 'Flughafen Stuttgart', 'Stuttgart Airport', 2),
    sort: 6,
  },
  {
    slug: 'koeln-bonn',
    iata: 'CGN',
    nameDe: 'Flughafen Köln/Bonn',
    nameEn: 'Cologne Bonn Airport',
    city: 'Köln',
    latitude: 50.8791,
    longitude: 7.1222,
    timeZone: TZ,
    status: 'active',
    commentDe: null,
    commentEn: null,
    descriptionDe:
      'Der Flughafen Köln/Bonn „Konrad Adenauer“ liegt in der Wahner Heide im Südosten Kölns und ist rund um die Uhr geöffnet. ' +
      'Terminal 1 und Terminal 2 liegen Wand an Wand; die Parkhäuser P1 bis P3 erreichen Sie zu Fuß.',
    descriptionEn:
      'Cologne Bonn Airport “Konrad Adenauer” lies in the Wahner Heide south-east of Cologne and operates around the clock. ' +
      'Terminals 1 and 2 are adjacent; car parks P1 to P3 are within walking distance.',
    directionsDe:
      'Über die A59 (Flughafenautobahn) bis zur Ausfahrt „Flughafen Köln/Bonn“; von der A3 und der A4 ist der Weg zur A59 mit ' +
      '„Flughafen“ ausgeschildert. Am Flughafen der Beschilderung „Terminal 1 / Terminal 2“ folgen.',
    directionsEn:
      'Take the A59 (airport motorway) to the exit “Flughafen Köln/Bonn”; from the A3 and the A4 the way to the A59 is signposted ' +
      '“Flughafen”. At the airport follow the signs “Terminal 1 / Terminal 2”.',
    ratingId: 'eap-cgn',
    videoUrl: null,
    gallery: gallery('koeln-bonn', 'Flughafen Köln/Bonn', 'Cologne Bonn Airport', 2),
    sort: 7,
  },
  {
    slug: 'hannover',
    iata: 'HAJ',
    nameDe: 'Flughafen Hannover',
    nameEn: 'Hannover Airport',
    city: 'Langenhagen',
    latitude: 52.4601,
    longitude: 9.6837,
    timeZone: TZ,
    status: 'active',
    commentDe: null,
    commentEn: null,
    descriptionDe:
      'Der Flughafen Hannover-Langenhagen liegt elf Kilometer nördlich der Innenstadt und ist für kurze Wege bekannt: ' +
      'Die Terminals A, B und C sind dreieckig um die Parkhäuser angeordnet, vom Auto zum Check-in sind es oft weniger als 200 Meter.',
    descriptionEn:
      'Hannover-Langenhagen Airport lies eleven kilometres north of the city centre and is known for short distances: ' +
      'Terminals A, B and C are arranged in a triangle around the car parks, often less than 200 metres from car to check-in.',
    directionsDe:
      'Über die A2 oder die A7 auf die A352 bis zur Ausfahrt „Flughafen Hannover“, dann der Flughafenstraße zu den Terminals folgen. ' +
      'Aus der Innenstadt über die B522 (Vahrenwalder Straße / Walsroder Straße) nach Langenhagen.',
    directionsEn:
      'Take the A2 or the A7 onto the A352 to the exit “Flughafen Hannover”, then follow Flughafenstraße to the terminals. ' +
      'From the city centre take the B522 (Vahrenwalder Straße / Walsroder Straße) to Langenhagen.',
    ratingId: 'eap-haj',
    videoUrl: null,
    gallery: gallery('hannover', 'Flughafen Hannover', 'Hannover Airport', 2),
    sort: 8,
  },
  {
    slug: 'nuernberg',
    iata: 'NUE',
    nameDe: 'Flughafen Nürnberg',
    nameEn: 'Nuremberg Airport',
    city: 'Nürnberg',
    latitude: 49.4947,
    longitude: 11.0771,
    timeZone: TZ,
    status: 'active',
    commentDe: null,
    commentEn: null,
    descriptionDe:
      'Der Albrecht Dürer Airport Nürnberg liegt nur fünf Kilometer nördlich der Altstadt am Rand des Knoblauchslands. ' +
      'Das kompakte Terminal mit Abflug- und Ankunftsebene ist von den Parkhäusern in wenigen Minuten zu Fuß erreichbar.',
    descriptionEn:
      'Albrecht Dürer Airport Nuremberg lies only five kilometres north of the old town on the edge of the Knoblauchsland. ' +
      'The compact terminal with its departures and arrivals levels is a few minutes’ walk from the car parks.',
    directionsDe:
      'Über die A3 bis zur Ausfahrt „Nürnberg-Nord“ und weiter der Beschilderung „Flughafen“ über die Äußere Bayreuther Straße ' +
      'und die Flughafenstraße folgen. Aus der Innenstadt über den Nordring und die Marienbergstraße.',
    directionsEn:
      'Take the A3 to the exit “Nürnberg-Nord” and follow the “Flughafen” signs along Äußere Bayreuther Straße and Flughafenstraße. ' +
      'From the city centre use the Nordring and Marienbergstraße.',
    ratingId: 'eap-nue',
    videoUrl: null,
    gallery: gallery('nuernberg', 'Flughafen Nürnberg', 'Nuremberg Airport', 2),
    sort: 9,
  },
  {
    slug: 'leipzig-halle',
    iata: 'LEJ',
    nameDe: 'Flughafen Leipzig/Halle',
    nameEn: 'Leipzig/Halle Airport',
    city: 'Schkeuditz',
    latitude: 51.4236,
    longitude: 12.2331,
    timeZone: TZ,
    status: 'active',
    commentDe: null,
    commentEn: null,
    descriptionDe:
      'Der Flughafen Leipzig/Halle liegt zwischen beiden Städten bei Schkeuditz und ist eines der größten Frachtdrehkreuze Europas. ' +
      'Passagiere nutzen das Zentralterminal, das direkt über der Autobahn A14 und dem Flughafenbahnhof liegt.',
    descriptionEn:
      'Leipzig/Halle Airport lies between the two cities near Schkeuditz and is one of Europe’s largest cargo hubs. ' +
      'Passengers use the central terminal, which spans the A14 motorway and the airport railway station.',
    directionsDe:
      'Über die A14 (Halle–Dresden) bis zur Ausfahrt „Flughafen Leipzig/Halle“ oder über die A9 bis zum Schkeuditzer Kreuz und weiter auf ' +
      'der A14. Am Flughafen der Beschilderung „Terminal“ über den Terminalring folgen.',
    directionsEn:
      'Take the A14 (Halle–Dresden) to the exit “Flughafen Leipzig/Halle”, or the A9 to the Schkeuditz interchange and then the A14. ' +
      'At the airport follow the “Terminal” signs along Terminalring.',
    ratingId: 'eap-lej',
    videoUrl: null,
    gallery: gallery('leipzig-halle', 'Flughafen Leipzig/Halle', 'Leipzig/Halle Airport', 2),
    sort: 10,
  },
  {
    slug: 'bremen',
    iata: 'BRE',
    nameDe: 'Flughafen Bremen',
    nameEn: 'Bremen Airport',
    city: 'Bremen',
    latitude: 53.053,
    longitude: 8.7852,
    timeZone: TZ,
    status: 'active',
    commentDe: null,
    commentEn: null,
    descriptionDe:
      'Der Flughafen Bremen „Hans Koschnick“ liegt nur drei Kilometer südlich der Innenstadt in der Neustadt. ' +
      'Die Terminals E und F sind miteinander verbunden; die Straßenbahnlinie 6 hält direkt vor dem Eingang.',
    descriptionEn:
      'Bremen Airport “Hans Koschnick” lies only three kilometres south of the city centre in the Neustadt district. ' +
      'Terminals E and F are connected; tram line 6 stops right in front of the entrance.',
    directionsDe:
      'Von der A1 über die Ausfahrt „Bremen-Arsten“ und die Neuenlander Straße (B6) oder über die A281; jeweils der Beschilderung ' +
      '„Flughafen“ bis zur Flughafenallee folgen.',
    directionsEn:
      'From the A1 take the exit “Bremen-Arsten” and Neuenlander Straße (B6), or use the A281; in both cases follow the “Flughafen” ' +
      'signs to Flughafenallee.',
    ratingId: 'eap-bre',
    videoUrl: null,
    gallery: gallery('bremen', 'Flughafen Bremen', 'Bremen Airport', 2),
    sort: 11,
  },
  {
    slug: 'dortmund',
    iata: 'DTM',
    nameDe: 'Flughafen Dortmund',
    nameEn: 'Dortmund Airport',
    city: 'Dortmund',
    latitude: 51.5163,
    longitude: 7.6117,
    timeZone: TZ,
    status: 'active',
    commentDe: null,
    commentEn: null,
    descriptionDe:
      'Der Dortmund Airport liegt im Osten der Stadt an der Grenze zu Holzwickede und Unna. ' +
      'Er ist vor allem für günstige Verbindungen nach Süd- und Osteuropa bekannt; das kompakte Terminal erreichen Sie vom Parkhaus in drei Minuten.',
    descriptionEn:
      'Dortmund Airport lies in the east of the city on the border with Holzwickede and Unna. ' +
      'It is best known for low-cost connections to southern and eastern Europe; the compact terminal is three minutes’ walk from the car park.',
    directionsDe:
      'Über die A44 bis zur Ausfahrt „Flughafen Dortmund“ oder über die B1 aus Richtung Dortmund-Innenstadt bzw. Unna. ' +
      'Anschließend der Beschilderung „Flughafen“ über den Flughafenring folgen.',
    directionsEn:
      'Take the A44 to the exit “Flughafen Dortmund”, or the B1 from Dortmund city centre or Unna. ' +
      'Then follow the “Flughafen” signs along Flughafenring.',
    ratingId: 'eap-dtm',
    videoUrl: null,
    gallery: gallery('dortmund', 'Flughafen Dortmund', 'Dortmund Airport', 2),
    sort: 12,
  },
  {
    slug: 'kassel',
    iata: 'KSF',
    nameDe: 'Flughafen Kassel',
    nameEn: 'Kassel Airport',
    city: 'Calden',
    latitude: 51.4085,
    longitude: 9.3841,
    timeZone: TZ,
    status: 'locked',
    commentDe:
      'Online-Buchung derzeit pausiert: Am Kassel Airport finden zurzeit nur vereinzelte Charter- und Saisonflüge statt, deshalb bieten ' +
      'unsere Partner vor Ort keine festen Stellplatzkontingente an. Tragen Sie sich für eine Benachrichtigung ein – wir melden uns, ' +
      'sobald Sie wieder buchen können.',
    commentEn:
      'Online booking is currently paused: Kassel Airport only sees occasional charter and seasonal flights at the moment, so our ' +
      'partners on site offer no fixed parking allotments. Sign up for a notification and we will let you know as soon as booking reopens.',
    descriptionDe:
      'Der Kassel Airport bei Calden ist Nordhessens Regionalflughafen und wurde 2013 neu eröffnet. ' +
      'Er wird vor allem von Ferienfliegern, der allgemeinen Luftfahrt und Geschäftsreisenden genutzt.',
    descriptionEn:
      'Kassel Airport near Calden is the regional airport of northern Hesse and reopened in a new terminal in 2013. ' +
      'It mainly serves holiday charters, general aviation and business travellers.',
    directionsDe:
      'Aus Kassel über die B7 Richtung Warburg; der Flughafen liegt an der Ortsumgehung Calden und ist ab der B7 ausgeschildert. ' +
      'Von den Autobahnen A7, A44 und A49 gelangen Sie über das Kasseler Stadtgebiet auf die B7.',
    directionsEn:
      'From Kassel take the B7 towards Warburg; the airport lies on the Calden bypass and is signposted from the B7. ' +
      'From the A7, A44 and A49 motorways, reach the B7 through Kassel.',
    ratingId: 'eap-ksf',
    videoUrl: null,
    gallery: gallery('kassel', 'Flughafen Kassel', 'Kassel Airport', 2),
    sort: 13,
  },
];
