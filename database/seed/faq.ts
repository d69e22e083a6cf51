/**
 * FAQ entries in German and English (DESIGN §8): the questions customers of a German airport-parking shop
 * actually ask. The answers state the shop's rules from DESIGN §6 (free cancellation until 24 h before entry,
 * billable calendar days, payment by invoice within 14 days, on site or online, invoices and credit notes as
 * PDF) and what the confirmation mail carries (voucher PDF, invoice PDF, calendar entry; issue 9).
 *
 * `category` is a stable key the pages translate and group by (`faq.category.<key>`), one of `FAQ_CATEGORIES` in
 * `app/domain/faq-text.ts`, entries listed in that order (the seed imports nothing from `app/`: DESIGN §2; a test
 * in `tests/integration/faq.test.ts` holds the two together). `slug` is the stable anchor of a question
 * (`/faq#frage-<slug>`): never change a published one.
 * `airport` (IATA code) marks an answer about one airport only; it is shown on that airport's page.
 */
import type { faqEntries } from '../schema.ts';

/** An FAQ row as the seed file writes it: `airport` is an IATA code, resolved to `airportId` when seeding. */
export type FaqSeed = Omit<typeof faqEntries.$inferInsert, 'id' | 'airportId' | 'sort'> & {
  airport?: string;
  sort: number;
};

type Entry = Omit<FaqSeed, 'sort'>;

const ENTRIES: Entry[] = [
  // ── booking ──────────────────────────────────────────────────────────────────────────────────────────────────
  {
    category: 'booking',
    slug: 'parkplatz-buchen',
    questionDe: 'Wie buche ich einen Parkplatz?',
    answerDe:
      'Wählen Sie Ihren Flughafen sowie Einfahrt und Rückkehr und vergleichen Sie die Angebote (Shuttle, Valet oder Terminal). ' +
      'Die Buchung hat drei Schritte: Reisedaten, Rechnungsadresse und Zahlung. Direkt danach erhalten Sie die Bestätigung per ' +
      'E-Mail mit Ihrem Parkschein (Voucher) als PDF.',
    questionEn: 'How do I book a parking space?',
    answerEn:
      'Choose your airport, your entry and return times and compare the offers (shuttle, valet or terminal). Booking takes ' +
      'three steps: travel details, billing address and payment. Right afterwards you receive the confirmation by e-mail with ' +
      'your parking voucher as a PDF.',
  },
  {
    category: 'booking',
    slug: 'ohne-kundenkonto',
    questionDe: 'Muss ich ein Kundenkonto anlegen?',
    answerDe:
      'Nein, Sie können als Gast buchen. Ihre Reservierung öffnen Sie dann über den Link in der Bestätigungs-E-Mail oder unter ' +
      '„Reservierung finden“ mit Buchungsnummer und E-Mail-Adresse. Mit einem Kundenkonto sehen Sie alle Buchungen auf einen ' +
      'Blick und müssen Ihre Adresse nicht jedes Mal neu eingeben.',
    questionEn: 'Do I need to create a customer account?',
    answerEn:
      'No, you can book as a guest. You then open your reservation via the link in the confirmation e-mail or under “Find ' +
      'reservation” with your booking number and e-mail address. With a customer account you see all bookings at a glance ' +
      'and do not have to enter your address again each time.',
  },
  {
    category: 'booking',
    slug: 'kurzfristig-buchen',
    questionDe: 'Wie kurzfristig und wie lange im Voraus kann ich buchen?',
    answerDe:
      'Sie buchen bis 2 Stunden vor der Einfahrt, solange Plätze frei sind, und bis zu 365 Tage im Voraus. Ein Aufenthalt ' +
      'darf höchstens 60 Tage dauern.',
    questionEn: 'How short-notice and how far ahead can I book?',
    answerEn:
      'You can book up to 2 hours before entry as long as spaces are free, and up to 365 days in advance. A stay may last ' +
      'at most 60 days.',
  },
  {
    category: 'booking',
    slug: 'parkdauer-berechnung',
    questionDe: 'Wie wird die Parkdauer berechnet?',
    answerDe:
      'Wir berechnen Kalendertage in der Ortszeit des Flughafens: Einfahrts- und Ausfahrtstag zählen beide mit. Wer am Montag um ' +
      '22 Uhr einfährt und am Mittwoch um 6 Uhr ausfährt, zahlt also drei Tage. Der angezeigte Preis ist der Gesamtpreis inklusive ' +
      '19 % Mehrwertsteuer.',
    questionEn: 'How is the length of stay calculated?',
    answerEn:
      'We count calendar days in the airport’s local time: the entry day and the exit day both count. If you enter on Monday at ' +
      '10 pm and leave on Wednesday at 6 am, you pay for three days. The price shown is the total including 19 % VAT.',
  },
  {
    category: 'booking',
    slug: 'ausgebucht',
    questionDe: 'Was bedeutet „ausgebucht“?',
    answerDe:
      'Jeder Tarif hat pro Tag eine feste Zahl an Stellplätzen. Ist an einem Tag Ihres Aufenthalts alles belegt, lässt sich der ' +
      'Tarif für diesen Zeitraum nicht buchen – probieren Sie einen anderen Tarif am selben Flughafen. Einen gebuchten Stellplatz ' +
      'halten wir dagegen garantiert für Sie frei.',
    questionEn: 'What does “sold out” mean?',
    answerEn:
      'Every tariff has a fixed number of spaces per day. If all of them are taken on any day of your stay, the tariff cannot be ' +
      'booked for that period – try another tariff at the same airport. A space you have booked, on the other hand, is ' +
      'guaranteed to be kept free for you.',
  },
  {
    category: 'booking',
    slug: 'personen-im-preis',
    questionDe: 'Wie viele Personen sind im Preis enthalten?',
    answerDe:
      'Jeder Shuttle-Tarif enthält eine bestimmte Zahl an Mitfahrenden, meist bis zu vier. Weitere Personen kosten einen kleinen ' +
      'Aufpreis pro Aufenthalt, den das Buchungsformular sofort im Gesamtpreis zeigt. Kinder zählen als Personen; Kindersitze ' +
      'buchen Sie zusätzlich.',
    questionEn: 'How many people are included in the price?',
    answerEn:
      'Every shuttle tariff includes a certain number of passengers, usually up to four. Additional persons cost a small surcharge ' +
      'per stay, which the booking form adds to the total at once. Children count as persons; child seats are booked separately.',
  },
  {
    category: 'booking',
    slug: 'kennzeichen-unbekannt',
    questionDe: 'Ich kenne mein Kennzeichen noch nicht, z. B. beim Mietwagen. Kann ich trotzdem buchen?',
    answerDe:
      'Ja. Das Kennzeichen ist bei der Buchung freiwillig. Reichen Sie es über das Kontaktformular mit Ihrer Buchungsnummer nach ' +
      'oder nennen Sie es bei der Ankunft am Parkplatz.',
    questionEn: 'I do not know my licence plate yet, e.g. for a rental car. Can I still book?',
    answerEn:
      'Yes. The licence plate is optional when booking. Send it to us later via the contact form with your booking number, or ' +
      'give it on arrival at the car park.',
  },
  // ── cancellation ─────────────────────────────────────────────────────────────────────────────────────────────
  {
    category: 'cancellation',
    slug: 'kostenlos-stornieren',
    questionDe: 'Kann ich meine Buchung kostenlos stornieren?',
    answerDe:
      'Ja. Bis 24 Stunden vor der gebuchten Einfahrtszeit stornieren Sie kostenlos in Ihrem Kundenkonto oder über den Link in Ihrer ' +
      'Buchungsbestätigung. Danach ist eine Stornierung nicht mehr möglich, weil der Stellplatz für Sie freigehalten wird.',
    questionEn: 'Can I cancel my booking free of charge?',
    answerEn:
      'Yes. Up to 24 hours before the booked entry time you can cancel free of charge in your customer account or via the link in ' +
      'your booking confirmation. After that, cancellation is no longer possible because the space is being held for you.',
  },
  {
    category: 'cancellation',
    slug: 'buchung-aendern',
    questionDe: 'Wie ändere ich meine Buchung, z. B. die Reisedaten?',
    answerDe:
      'Bis 24 Stunden vor der Einfahrt ändern Sie Ihre Reisedaten auf der Seite Ihrer Reservierung oder schreiben uns über das ' +
      'Kontaktformular. Der neue Zeitraum wird nach der aktuellen Preisliste berechnet; für bereits gebuchte Tage bleibt es beim ' +
      'gebuchten Preis, falls der Tarif teurer geworden ist. Kennzeichen, Telefonnummer oder Personenzahl ändern wir gern auf Zuruf. ' +
      'Haben Sie online bezahlt und wird die Buchung günstiger, erstatten wir den Unterschied sofort auf dasselbe Zahlungsmittel ' +
      '(die Gutschrift nennt den Betrag); wird sie teurer, zahlen Sie den Aufpreis gleich online, und die Änderung gilt, ' +
      'sobald er bezahlt ist; bis dahin bleibt Ihre bisherige Buchung bestehen. Bei Rechnung oder Zahlung vor Ort gilt die ' +
      'neue Rechnung.',
    questionEn: 'How do I change my booking, e.g. the travel dates?',
    answerEn:
      'Up to 24 hours before entry you can change your travel dates on your reservation’s page or write to us via the contact ' +
      'form. The new period is priced from the current price list; for days already booked you keep the booked price if the ' +
      'tariff has become dearer. We are happy to change your licence plate, phone number or number of persons on request. ' +
      'If you paid online and the booking becomes cheaper, we refund the difference to the same payment method at once (the ' +
      'credit note states the amount); if it becomes dearer, you pay the difference online straight away and the change ' +
      'applies once it is paid; until then your booking stays as it is. With invoice or payment on site, the new invoice ' +
      'applies.',
  },
  {
    category: 'cancellation',
    slug: 'erstattung',
    questionDe: 'Wann bekomme ich mein Geld nach einer Stornierung zurück?',
    answerDe:
      'Online gezahlte Beträge erstatten wir innerhalb von 14 Tagen auf dasselbe Zahlungsmittel. Haben Sie auf Rechnung gebucht ' +
      'und noch nicht überwiesen, hebt eine Gutschrift die Rechnung auf und Sie zahlen nichts; bei Zahlung vor Ort ist ohnehin ' +
      'nichts zu erstatten.',
    questionEn: 'When do I get my money back after a cancellation?',
    answerEn:
      'Amounts paid online are refunded to the same payment method within 14 days. If you booked on invoice and have not paid yet, ' +
      'a credit note cancels the invoice and you pay nothing; with payment on site there is nothing to refund anyway.',
  },
  {
    category: 'cancellation',
    slug: 'frueher-zurueck',
    questionDe: 'Ich komme früher zurück als gebucht. Bekomme ich Geld zurück?',
    answerDe:
      'Nach Beginn der Parkzeit erstatten wir nicht genutzte Tage leider nicht, weil der Stellplatz für den ganzen Zeitraum für ' +
      'Sie reserviert war. Wissen Sie es vorher, ändern Sie die Rückkehr bis 24 Stunden vor der Einfahrt kostenlos.',
    questionEn: 'I am coming back earlier than booked. Do I get money back?',
    answerEn:
      'Once your stay has begun we unfortunately cannot refund unused days, because the space was reserved for you for the whole ' +
      'period. If you know in advance, change the return date free of charge up to 24 hours before entry.',
  },
  // ── arrival ──────────────────────────────────────────────────────────────────────────────────────────────────
  {
    category: 'arrival',
    slug: 'anfahrt',
    questionDe: 'Wie finde ich den Parkplatz?',
    answerDe:
      'Adresse und Anfahrtsbeschreibung des Parkplatzes stehen in Ihrer Buchungsbestätigung und auf dem Voucher; die Seite des ' +
      'Flughafens zeigt alle Parkplätze auf einer Karte. Geben Sie am besten die Adresse aus dem Voucher in Ihr Navi ein.',
    questionEn: 'How do I find the car park?',
    answerEn:
      'The car park’s address and directions are in your booking confirmation and on the voucher; the airport’s page shows every ' +
      'car park on a map. It is best to enter the address from the voucher into your satnav.',
  },
  {
    category: 'arrival',
    slug: 'wann-am-parkplatz',
    questionDe: 'Wie früh sollte ich am Parkplatz sein?',
    answerDe:
      'Planen Sie beim Shuttle-Parken 30 Minuten zusätzlich zur üblichen Zeit vor dem Abflug ein: für Einfahrt, Gepäck und den ' +
      'Transfer zum Terminal. Beim Valet Parking sind Sie zur vereinbarten Zeit am Treffpunkt am Terminal, beim Terminal-Parkhaus ' +
      'genügen meist 10 bis 15 Minuten Fußweg.',
    questionEn: 'How early should I be at the car park?',
    answerEn:
      'With shuttle parking, allow 30 minutes on top of the usual time before departure for entry, baggage and the transfer to ' +
      'the terminal. With valet parking be at the meeting point at the terminal at the agreed time; from a terminal car park a ' +
      '10 to 15 minute walk is usually enough.',
  },
  {
    category: 'arrival',
    slug: 'einfahrt-schranke',
    questionDe: 'Wie komme ich durch die Schranke?',
    answerDe:
      'Je nach Parkplatz erkennt die Einfahrt Ihr Kennzeichen oder Sie halten den QR-Code Ihres Vouchers an den Scanner – ' +
      'ausgedruckt oder auf dem Smartphone. Klappt das nicht, nennen Sie über die Sprechanlage Ihre Buchungsnummer.',
    questionEn: 'How do I get through the barrier?',
    answerEn:
      'Depending on the car park, the entry recognises your licence plate or you hold the QR code of your voucher to the scanner – ' +
      'printed or on your smartphone. If that does not work, give your booking number over the intercom.',
  },
  {
    category: 'arrival',
    slug: 'frueher-spaeter-einfahren',
    questionDe: 'Darf ich früher oder später als gebucht einfahren?',
    answerDe:
      'Später am selben Tag ist kein Problem. Fahren Sie an einem früheren Kalendertag ein, berechnet der Betreiber die ' +
      'zusätzlichen Tage vor Ort zum Tagespreis des Tarifs. Besser: Ändern Sie die Einfahrt vorher in Ihrer Buchung.',
    questionEn: 'May I enter earlier or later than booked?',
    answerEn:
      'Later on the same day is no problem. If you enter on an earlier calendar day, the operator charges the extra days on site ' +
      'at the tariff’s day price. Better: change the entry in your booking beforehand.',
  },
  {
    category: 'arrival',
    slug: 'rueckflug-verspaetet',
    questionDe: 'Mein Rückflug verspätet sich. Was passiert mit meinem Stellplatz?',
    answerDe:
      'Ihr Stellplatz bleibt selbstverständlich reserviert. Verspätet sich Ihre Rückkehr über den gebuchten Ausfahrtstag hinaus, ' +
      'berechnen wir jeden zusätzlichen Kalendertag zum Tagespreis des Tarifs mit einer eigenen Rechnung: Sie bezahlen sie an ' +
      'der Kasse des Parkplatzes (bar oder mit Karte) oder online über den Zahlungslink, den wir Ihnen mailen; Ihre Reservierung ' +
      'zeigt den offenen Betrag. ' +
      'Bei Shuttle- und Valet-Tarifen rufen Sie bitte kurz die Servicenummer aus Ihrer Buchungsbestätigung an.',
    questionEn: 'My return flight is delayed. What happens to my space?',
    answerEn:
      'Your space of course stays reserved. If you return later than the booked exit day, we charge every extra calendar day at ' +
      'the tariff’s day price with an invoice of its own: pay it at the car park’s till (cash or card) or online through the ' +
      'payment link we e-mail you; your reservation shows the amount due. For shuttle and valet tariffs please give the service ' +
      'number in your booking confirmation a quick call.',
  },
  {
    category: 'arrival',
    slug: 'voucher-verloren',
    questionDe: 'Ich habe meinen Parkschein (Voucher) verloren. Was nun?',
    answerDe:
      'Kein Problem: Laden Sie den Voucher jederzeit erneut als PDF in Ihrem Kundenkonto oder über den Link in Ihrer ' +
      'Buchungsbestätigung herunter. Vor Ort genügt auch Ihre Buchungsnummer oder das bei der Buchung angegebene Kennzeichen.',
    questionEn: 'I have lost my parking voucher. What now?',
    answerEn:
      'No problem: download the voucher again as a PDF at any time in your customer account or via the link in your booking ' +
      'confirmation. On site, your booking number or the licence plate you gave when booking is enough.',
  },
  {
    category: 'arrival',
    slug: 'frankfurt-terminals',
    airport: 'FRA',
    questionDe: 'Zu welchem Terminal bringt mich der Shuttle in Frankfurt?',
    answerDe:
      'Der Shuttle fährt Terminal 1 und Terminal 2 an. Sagen Sie dem Fahrer Ihre Fluggesellschaft oder Ihr Terminal; zwischen ' +
      'beiden Terminals verkehrt zudem die kostenlose Bahn SkyLine.',
    questionEn: 'Which terminal does the shuttle take me to in Frankfurt?',
    answerEn:
      'The shuttle serves Terminal 1 and Terminal 2. Tell the driver your airline or terminal; the free SkyLine train also runs ' +
      'between the two terminals.',
  },
  {
    category: 'arrival',
    slug: 'muenchen-terminals',
    airport: 'MUC',
    questionDe: 'Zu welchem Terminal bringt mich der Shuttle in München?',
    answerDe:
      'Der Shuttle hält an Terminal 1 und Terminal 2. Terminal 2 nutzen vor allem Lufthansa und ihre Star-Alliance-Partner; ' +
      'Ihr Terminal steht auf Ihrer Bordkarte oder in der App Ihrer Fluggesellschaft.',
    questionEn: 'Which terminal does the shuttle take me to in Munich?',
    answerEn:
      'The shuttle stops at Terminal 1 and Terminal 2. Terminal 2 is mainly used by Lufthansa and its Star Alliance partners; ' +
      'your terminal is shown on your boarding pass or in your airline’s app.',
  },
  {
    category: 'arrival',
    slug: 'berlin-terminals',
    airport: 'BER',
    questionDe: 'Wo hält der Shuttle am BER?',
    answerDe:
      'Der Shuttle hält vor Terminal 1. Terminal 2 liegt direkt daneben und ist zu Fuß in wenigen Minuten erreichbar; planen Sie ' +
      'dafür etwas Zeit ein, wenn Ihr Flug dort abgefertigt wird.',
    questionEn: 'Where does the shuttle stop at BER?',
    answerEn:
      'The shuttle stops in front of Terminal 1. Terminal 2 is right next to it, a few minutes’ walk away; allow a little time ' +
      'for that if your flight is handled there.',
  },
  // ── shuttle ──────────────────────────────────────────────────────────────────────────────────────────────────
  {
    category: 'shuttle',
    slug: 'shuttle-takt',
    questionDe: 'Wie oft fährt der Shuttle-Bus?',
    answerDe:
      'Je nach Parkplatz fährt der Shuttle tagsüber alle 10 bis 20 Minuten, die genauen Zeiten stehen beim Tarif. Die Fahrt zum ' +
      'Terminal dauert 5 bis 15 Minuten und ist für die gebuchten Personen inklusive. Für die Rückfahrt rufen Sie nach der ' +
      'Gepäckausgabe die Servicenummer an; der Bus ist meist innerhalb von 15 Minuten da.',
    questionEn: 'How often does the shuttle bus run?',
    answerEn:
      'Depending on the car park, the shuttle runs every 10 to 20 minutes during the day; the exact times are shown with the tariff. ' +
      'The ride to the terminal takes 5 to 15 minutes and is included for the booked persons. For the way back, call the service ' +
      'number after baggage claim; the bus usually arrives within 15 minutes.',
  },
  {
    category: 'shuttle',
    slug: 'shuttle-nachts',
    questionDe: 'Fährt der Shuttle auch nachts?',
    answerDe:
      'Viele Shuttle-Parkplätze sind rund um die Uhr besetzt, andere haben Öffnungszeiten, die beim Tarif stehen. Landen Sie ' +
      'außerhalb dieser Zeiten, melden Sie sich vorab unter der Servicenummer – bei Verspätungen holt Sie der Betreiber ' +
      'trotzdem ab.',
    questionEn: 'Does the shuttle also run at night?',
    answerEn:
      'Many shuttle car parks are staffed around the clock, others have opening hours shown with the tariff. If you land outside ' +
      'those hours, call the service number in advance – the operator still picks you up when your flight is delayed.',
  },
  {
    category: 'shuttle',
    slug: 'kindersitze',
    questionDe: 'Gibt es Kindersitze im Shuttle?',
    answerDe:
      'Ja, bei Shuttle-Tarifen können Sie bei der Buchung bis zu zwei oder drei Kindersitze dazubuchen (je nach Tarif kostenlos oder ' +
      'gegen einen kleinen Aufpreis pro Aufenthalt). Bei Valet- und Terminal-Tarifen fahren Sie im eigenen Auto und brauchen keine ' +
      'zusätzlichen Sitze.',
    questionEn: 'Are there child seats in the shuttle?',
    answerEn:
      'Yes, with shuttle tariffs you can add two or three child seats when booking (free or for a small charge per stay, depending on ' +
      'the tariff). With valet and terminal tariffs you travel in your own car and need no extra seats.',
  },
  {
    category: 'shuttle',
    slug: 'sperrgepaeck',
    questionDe: 'Kann ich Sperrgepäck wie Kinderwagen, Fahrrad oder Golfbag mitnehmen?',
    answerDe:
      'Geben Sie Sperrgepäck bei der Buchung an, damit der Shuttle genug Platz einplant. Kinderwagen, Rollstühle und Golfbags nehmen ' +
      'alle Shuttles mit; Fahrräder und Surfbretter nur Shuttles mit Gepäckanhänger – welches Gepäck ein Tarif erlaubt, sehen Sie im ' +
      'Buchungsformular. Bei Valet- und Terminal-Tarifen gibt es keine Einschränkungen.',
    questionEn: 'Can I bring bulky baggage such as prams, bicycles or golf bags?',
    answerEn:
      'Please state bulky baggage when booking so the shuttle plans enough room. Prams, wheelchairs and golf bags fit on every shuttle; ' +
      'bicycles and surfboards only on shuttles with a luggage trailer – the booking form shows what each tariff allows. Valet and ' +
      'terminal tariffs have no restrictions.',
  },
  // ── valet ────────────────────────────────────────────────────────────────────────────────────────────────────
  {
    category: 'valet',
    slug: 'valet-ablauf',
    questionDe: 'Wie läuft Valet Parking ab?',
    answerDe:
      'Rufen Sie etwa 30 Minuten vor Ihrer Ankunft am Flughafen die Servicenummer aus dem Voucher an. Ein Fahrer erwartet Sie am ' +
      'Treffpunkt vor dem Terminal, übernimmt Ihr Auto und parkt es. Nach der Rückkehr melden Sie sich nach der Gepäckausgabe, ' +
      'und Ihr Auto steht kurz darauf wieder am Terminal.',
    questionEn: 'How does valet parking work?',
    answerEn:
      'Call the service number on your voucher about 30 minutes before you reach the airport. A driver meets you at the meeting ' +
      'point in front of the terminal, takes over your car and parks it. On your return, call after baggage claim and your car ' +
      'is back at the terminal shortly afterwards.',
  },
  {
    category: 'valet',
    slug: 'valet-schluessel',
    questionDe: 'Was passiert beim Valet Parking mit meinem Schlüssel?',
    answerDe:
      'Beim Valet Parking übergeben Sie Ihren Schlüssel am Terminal einem Fahrer des Betreibers. Der Zustand des Fahrzeugs wird bei ' +
      'der Übergabe gemeinsam dokumentiert, der Schlüssel wird in einem gesicherten Schlüsseltresor verwahrt und das Auto auf einem ' +
      'bewachten Gelände geparkt. Bei allen anderen Tarifen behalten Sie Ihren Schlüssel.',
    questionEn: 'What happens to my key with valet parking?',
    answerEn:
      'With valet parking you hand your key to one of the operator’s drivers at the terminal. The condition of the car is recorded ' +
      'together at the handover, the key is kept in a secured key safe and the car is parked in a guarded compound. With all other ' +
      'tariffs you keep your key.',
  },
  {
    category: 'valet',
    slug: 'valet-schaden',
    questionDe: 'Was passiert, wenn mein Auto beim Valet Parking beschädigt wird?',
    answerDe:
      'Bei der Übergabe wird der Zustand Ihres Autos mit Fotos festgehalten. Für Schäden, die entstehen, während der Betreiber ' +
      'Ihr Auto fährt oder verwahrt, haftet er über seine Versicherung. Prüfen Sie Ihr Auto bei der Rückgabe und melden Sie ' +
      'einen Schaden noch vor Ort.',
    questionEn: 'What happens if my car is damaged during valet parking?',
    answerEn:
      'The condition of your car is recorded with photos at the handover. The operator is liable, through its insurance, for ' +
      'damage that occurs while it drives or keeps your car. Check your car when it is returned and report any damage on the spot.',
  },
  // ── payment ──────────────────────────────────────────────────────────────────────────────────────────────────
  {
    category: 'payment',
    slug: 'zahlungsarten',
    questionDe: 'Welche Zahlungsarten gibt es?',
    answerDe:
      'Sie zahlen bequem auf Rechnung innerhalb von 14 Tagen nach der Buchung, direkt vor Ort am Parkplatz (bar oder mit Karte) ' +
      'oder, wo angeboten, sofort online mit Karte. Die gewählte Zahlungsart steht in Ihrer Buchungsbestätigung.',
    questionEn: 'Which payment methods are available?',
    answerEn:
      'You can pay by invoice within 14 days of booking, directly on site at the car park (cash or card) or, where offered, ' +
      'online by card straight away. The payment method you chose is shown in your booking confirmation.',
  },
  {
    category: 'payment',
    slug: 'rechnung-ueberweisen',
    questionDe: 'Wie bezahle ich auf Rechnung?',
    answerDe:
      'Überweisen Sie den Betrag innerhalb von 14 Tagen auf das Konto, das in Ihrer Buchungsbestätigung und auf der Rechnung ' +
      'steht, mit der Rechnungsnummer als Verwendungszweck. Am schnellsten geht es mit dem GiroCode: Scannen Sie den QR-Code in ' +
      'Ihrer Banking-App, dann sind alle Angaben schon ausgefüllt.',
    questionEn: 'How do I pay by invoice?',
    answerEn:
      'Transfer the amount within 14 days to the account shown in your booking confirmation and on the invoice, with the invoice ' +
      'number as the payment reference. The quickest way is the GiroCode: scan the QR code with your banking app and all details ' +
      'are filled in.',
  },
  {
    category: 'payment',
    slug: 'gutschein-einloesen',
    questionDe: 'Wie löse ich einen Gutscheincode ein?',
    answerDe:
      'Geben Sie den Code im letzten Buchungsschritt in das Feld „Gutscheincode“ ein. Der Rabatt wird sofort vom Gesamtpreis abgezogen. ' +
      'Manche Gutscheine gelten nur ab einer Mindestparkdauer oder in einem bestimmten Zeitraum; pro Buchung ist ein Gutschein einlösbar.',
    questionEn: 'How do I redeem a voucher code?',
    answerEn:
      'Enter the code in the “Voucher code” field in the last booking step. The discount is deducted from the total at once. ' +
      'Some vouchers require a minimum stay or are valid only for a certain period; one voucher can be used per booking.',
  },
  {
    category: 'payment',
    slug: 'zahlungsdaten-sicher',
    questionDe: 'Sind meine Zahlungsdaten sicher?',
    answerDe:
      'Ja. Bei der Online-Zahlung geben Sie Ihre Kartendaten auf der Seite unseres zertifizierten Zahlungsdienstleisters ein; ' +
      'wir sehen und speichern sie nie. Die ganze Buchung läuft über eine verschlüsselte Verbindung.',
    questionEn: 'Is my payment data safe?',
    answerEn:
      'Yes. For online payment you enter your card details on the page of our certified payment provider; we never see or store ' +
      'them. The whole booking runs over an encrypted connection.',
  },
  // ── invoices ─────────────────────────────────────────────────────────────────────────────────────────────────
  {
    category: 'invoices',
    slug: 'rechnung-erhalten',
    questionDe: 'Bekomme ich eine Rechnung?',
    answerDe:
      'Ja. Mit der Bestätigung Ihrer Buchung erhalten Sie eine Rechnung als PDF mit allen Angaben nach § 14 UStG: unser Name, ' +
      'unsere Anschrift und Umsatzsteuer-Identifikationsnummer, Ihre Anschrift, fortlaufende Rechnungsnummer (RE-Jahr-Nummer), ' +
      'Rechnungsdatum, Leistungszeitraum sowie Nettobetrag, 19 % Umsatzsteuer und Bruttobetrag. Sie hängt an der ' +
      'Bestätigungs-E-Mail und steht in Ihrem Kundenkonto zum Download bereit.',
    questionEn: 'Do I get an invoice?',
    answerEn:
      'Yes. With your booking confirmation you receive an invoice as a PDF with everything § 14 of the German VAT Act requires: ' +
      'our name, address and VAT identification number, your address, a sequential invoice number (RE-year-number), the invoice ' +
      'date, the service period, and the net amount, 19 % VAT and the gross amount. It is attached to the confirmation e-mail and ' +
      'can be downloaded in your customer account.',
  },
  {
    category: 'invoices',
    slug: 'bestaetigung-unterlagen',
    questionDe: 'Welche Unterlagen bekomme ich mit der Buchungsbestätigung?',
    answerDe:
      'Die Bestätigungs-E-Mail enthält Ihren Parkschein (Voucher) als PDF mit Buchungsnummer und QR-Code, die Rechnung als PDF ' +
      'und einen Kalendereintrag (.ics-Datei) mit Einfahrt und Rückkehr, den Sie mit einem Klick in Ihren Kalender übernehmen. ' +
      'Alle Dokumente finden Sie auch auf der Seite Ihrer Reservierung.',
    questionEn: 'Which documents do I receive with the booking confirmation?',
    answerEn:
      'The confirmation e-mail contains your parking voucher as a PDF with booking number and QR code, the invoice as a PDF and a ' +
      'calendar entry (.ics file) with entry and return that you add to your calendar in one click. All documents are also on ' +
      'your reservation’s page.',
  },
  {
    category: 'invoices',
    slug: 'firmenrechnung',
    questionDe: 'Kann ich die Rechnung auf meine Firma ausstellen lassen?',
    answerDe:
      'Ja: Geben Sie bei der Buchung eine abweichende Rechnungsadresse mit dem Firmennamen an. Eine bereits ausgestellte Rechnung ' +
      'ändern wir nicht mehr; schreiben Sie uns über das Kontaktformular, dann stornieren wir sie per Gutschrift und stellen eine ' +
      'neue aus.',
    questionEn: 'Can the invoice be made out to my company?',
    answerEn:
      'Yes: enter a different invoice address with the company name when booking. An invoice once issued is never altered; write ' +
      'to us via the contact form and we cancel it with a credit note and issue a new one.',
  },
  {
    category: 'invoices',
    slug: 'gutschrift-stornierung',
    questionDe: 'Was bekomme ich nach einer Stornierung für meine Buchhaltung?',
    answerDe:
      'Sie erhalten eine Gutschrift als PDF mit eigener Nummer (GS-Jahr-Nummer), die sich auf die ursprüngliche Rechnung bezieht ' +
      'und die Umsatzsteuer korrigiert. Rechnung und Gutschrift bleiben in Ihrem Kundenkonto abrufbar.',
    questionEn: 'What do I get for my accounts after a cancellation?',
    answerEn:
      'You receive a credit note as a PDF with its own number (GS-year-number) that refers to the original invoice and corrects ' +
      'the VAT. Invoice and credit note stay available in your customer account.',
  },
  // ── accessibility ────────────────────────────────────────────────────────────────────────────────────────────
  {
    category: 'accessibility',
    slug: 'rollstuhl',
    questionDe: 'Ich reise mit Rollstuhl. Worauf sollte ich achten?',
    answerDe:
      'Geben Sie den Rollstuhl bei der Buchung als Sondergepäck an, damit der Shuttle Platz und Hilfe einplant. Die kürzesten Wege ' +
      'haben Valet Parking (Übergabe direkt am Terminal) und die Terminal-Parkhäuser, die auch Behindertenparkplätze haben. ' +
      'Sagen Sie uns über das Kontaktformular gern vorab, was Sie brauchen.',
    questionEn: 'I travel with a wheelchair. What should I consider?',
    answerEn:
      'State the wheelchair as bulky baggage when booking so the shuttle plans room and assistance. The shortest distances come ' +
      'with valet parking (handover right at the terminal) and the terminal car parks, which also have disabled parking spaces. ' +
      'Feel free to tell us in advance via the contact form what you need.',
  },
  {
    category: 'accessibility',
    slug: 'barrierefreie-buchung',
    questionDe: 'Kann ich barrierefrei buchen?',
    answerDe:
      'Unsere Seiten sind mit Tastatur und Screenreader bedienbar und auf gute Kontraste ausgelegt; wir orientieren uns an ' +
      'WCAG 2.1 Stufe AA. Stoßen Sie trotzdem auf eine Barriere, melden Sie sie uns bitte über das Kontaktformular.',
    questionEn: 'Can I book without barriers?',
    answerEn:
      'Our pages work with a keyboard and screen readers and are designed for good contrast; we follow WCAG 2.1 level AA. If ' +
      'you still run into a barrier, please report it to us via the contact form.',
  },
  // ── vehicles ─────────────────────────────────────────────────────────────────────────────────────────────────
  {
    category: 'vehicles',
    slug: 'elektroauto-laden',
    questionDe: 'Kann ich mein Elektroauto laden?',
    answerDe:
      'Viele Parkhäuser und einige Shuttle-Parkplätze haben Ladesäulen; Sie erkennen sie an den Ausstattungsmerkmalen auf der Angebotskarte. ' +
      'Der Strom wird vor Ort nach Verbrauch abgerechnet. Einen freien Ladepunkt können wir leider nicht garantieren.',
    questionEn: 'Can I charge my electric car?',
    answerEn:
      'Many car parks and some shuttle car parks have charging points; look for them among the features on the offer card. ' +
      'Electricity is billed on site by consumption. Unfortunately we cannot guarantee a free charging point.',
  },
  {
    category: 'vehicles',
    slug: 'hoehenbegrenzung',
    questionDe: 'Gibt es eine Höhenbegrenzung für Transporter oder Dachboxen?',
    answerDe:
      'In Parkhäusern und Parkhallen gilt meist eine Einfahrtshöhe von 2,00 bis 2,20 Metern; sie steht auf der Angebotskarte. ' +
      'Mit Dachbox, Campingbus oder Transporter wählen Sie am besten einen offenen Shuttle-Parkplatz ohne Höhenbegrenzung.',
    questionEn: 'Is there a height limit for vans or roof boxes?',
    answerEn:
      'Multi-storey car parks and parking halls usually have a clearance of 2.00 to 2.20 metres; it is shown on the offer card. ' +
      'With a roof box, camper van or transporter, choose an open-air shuttle car park without a height limit.',
  },
  {
    category: 'vehicles',
    slug: 'wohnmobil-anhaenger',
    questionDe: 'Kann ich mit Wohnmobil, Anhänger oder Motorrad parken?',
    answerDe:
      'Ein Stellplatz ist für ein Auto bis etwa 5 Meter Länge ausgelegt. Wohnmobile und Gespanne mit Anhänger brauchen mehr Platz: ' +
      'Fragen Sie uns bitte vor der Buchung über das Kontaktformular, welcher Parkplatz sie aufnehmen kann. Motorräder parken zum ' +
      'normalen Tarif.',
    questionEn: 'Can I park a motorhome, a trailer or a motorcycle?',
    answerEn:
      'A space is designed for a car up to about 5 metres long. Motorhomes and cars with a trailer need more room: please ask us ' +
      'via the contact form before booking which car park can take them. Motorcycles park at the normal tariff.',
  },
  // ── service ──────────────────────────────────────────────────────────────────────────────────────────────────
  {
    category: 'service',
    slug: 'kundenservice',
    questionDe: 'Wie erreiche ich den Kundenservice?',
    answerDe:
      'Bei Fragen zu Ihrer Buchung schreiben Sie uns über das Kontaktformular oder per E-Mail; wir antworten werktags innerhalb von ' +
      '24 Stunden. Am Reisetag selbst hilft Ihnen der Parkplatzbetreiber am schnellsten – seine Telefonnummer steht auf Ihrem Voucher.',
    questionEn: 'How do I reach customer service?',
    answerEn:
      'For questions about your booking, write to us via the contact form or by e-mail; we reply within 24 hours on working days. ' +
      'On the day of travel the car park operator helps you fastest – their phone number is on your voucher.',
  },
  {
    category: 'service',
    slug: 'datenschutz-buchung',
    questionDe: 'Was passiert mit meinen Daten?',
    answerDe:
      'Wir verwenden Ihre Angaben nur für Ihre Buchung und geben dem Parkplatzbetreiber nur weiter, was er für die Einfahrt ' +
      'braucht: Name, Kennzeichen, Reisezeiten und Personenzahl. Einzelheiten stehen in unserer Datenschutzerklärung.',
    questionEn: 'What happens to my data?',
    answerEn:
      'We use your details only for your booking and pass on to the car park operator only what it needs for your entry: name, ' +
      'licence plate, travel times and number of persons. The details are in our privacy policy.',
  },
];

/** All FAQ entries; `sort` orders them within the whole list (categories in the domain's `FAQ_CATEGORIES` order). */
export const FAQ: FaqSeed[] = ENTRIES.map((entry, index) => ({ ...entry, sort: index + 1 }));
