/**
 * FAQ entries in German and English (DESIGN §8): the questions customers of a German airport-parking shop
 * actually ask. The answers state the shop's rules from DESIGN §6 (free cancellation until 24 h before entry,
 * billable calendar days, payment by invoice within 14 days or on site).
 *
 * `category` is a stable key the pages translate and group by:
 * `booking` (Buchung), `payment` (Bezahlung), `parking` (Parken vor Ort), `service` (Service & Kontakt).
 */
import type { faqEntries } from '../schema.ts';

/** An FAQ row as the seed inserts it. */
export type FaqSeed = Omit<typeof faqEntries.$inferInsert, 'id'>;

/** The FAQ categories in display order. */
export const FAQ_CATEGORIES = ['booking', 'payment', 'parking', 'service'] as const;

/** All FAQ entries; `sort` orders them within the whole list (categories in `FAQ_CATEGORIES` order). */
export const FAQ: FaqSeed[] = [
  {
    category: 'booking',
    questionDe: 'Kann ich meine Buchung kostenlos stornieren?',
    answerDe:
      'Ja. Bis 24 Stunden vor der gebuchten Einfahrtszeit stornieren Sie kostenlos in Ihrem Kundenkonto oder über den Link in Ihrer ' +
      'Buchungsbestätigung; bereits gezahlte Beträge erstatten wir innerhalb von 14 Tagen. Danach ist eine Stornierung nicht mehr ' +
      'möglich, weil der Stellplatz für Sie freigehalten wird.',
    questionEn: 'Can I cancel my booking free of charge?',
    answerEn:
      'Yes. Up to 24 hours before the booked entry time you can cancel free of charge in your customer account or via the link in ' +
      'your booking confirmation; any amount already paid is refunded within 14 days. After that, cancellation is no longer ' +
      'possible because the space is being held for you.',
    sort: 1,
  },
  {
    category: 'booking',
    questionDe: 'Wie ändere ich meine Buchung, z. B. die Reisedaten?',
    answerDe:
      'Solange die kostenlose Stornierung möglich ist (bis 24 Stunden vor Einfahrt), stornieren Sie die alte Buchung und buchen die ' +
      'neuen Daten – so erhalten Sie immer den aktuellen Preis und einen garantierten Stellplatz. Kennzeichen, Telefonnummer oder ' +
      'Personenzahl ändern wir gern auf Zuruf: Schreiben Sie uns mit Ihrer Buchungsnummer.',
    questionEn: 'How do I change my booking, e.g. the travel dates?',
    answerEn:
      'As long as free cancellation is possible (up to 24 hours before entry), cancel the old booking and book the new dates – this ' +
      'way you always get the current price and a guaranteed space. We are happy to change your licence plate, phone number or ' +
      'number of persons: just write to us with your booking number.',
    sort: 2,
  },
  {
    category: 'booking',
    questionDe: 'Mein Rückflug verspätet sich. Was passiert mit meinem Stellplatz?',
    answerDe:
      'Ihr Stellplatz bleibt selbstverständlich reserviert. Verspätet sich Ihre Rückkehr über den gebuchten Ausfahrtstag hinaus, ' +
      'berechnet der Parkplatzbetreiber jeden zusätzlichen Kalendertag zum Tagespreis des Tarifs; Sie zahlen ihn vor Ort. ' +
      'Bei Shuttle- und Valet-Tarifen rufen Sie bitte kurz die Servicenummer aus Ihrer Buchungsbestätigung an.',
    questionEn: 'My return flight is delayed. What happens to my space?',
    answerEn:
      'Your space of course stays reserved. If you return later than the booked exit day, the car park operator charges every ' +
      'extra calendar day at the tariff’s day price, which you pay on site. For shuttle and valet tariffs please give the service ' +
      'number in your booking confirmation a quick call.',
    sort: 3,
  },
  {
    category: 'booking',
    questionDe: 'Wie wird die Parkdauer berechnet?',
    answerDe:
      'Wir berechnen Kalendertage in der Ortszeit des Flughafens: Einfahrts- und Ausfahrtstag zählen beide mit. Wer am Montag um ' +
      '22 Uhr einfährt und am Mittwoch um 6 Uhr ausfährt, zahlt also drei Tage. Der angezeigte Preis ist der Gesamtpreis inklusive ' +
      '19 % Mehrwertsteuer.',
    questionEn: 'How is the length of stay calculated?',
    answerEn:
      'We count calendar days in the airport’s local time: the entry day and the exit day both count. If you enter on Monday at ' +
      '10 pm and leave on Wednesday at 6 am, you pay for three days. The price shown is the total including 19 % VAT.',
    sort: 4,
  },
  {
    category: 'payment',
    questionDe: 'Welche Zahlungsarten gibt es?',
    answerDe:
      'Sie zahlen bequem auf Rechnung innerhalb von 14 Tagen nach der Buchung oder direkt vor Ort am Parkplatz (bar oder mit Karte). ' +
      'Die gewählte Zahlungsart steht in Ihrer Buchungsbestätigung.',
    questionEn: 'Which payment methods are available?',
    answerEn:
      'You can pay by invoice within 14 days of booking or directly on site at the car park (cash or card). ' +
      'The payment method you chose is shown in your booking confirmation.',
    sort: 5,
  },
  {
    category: 'payment',
    questionDe: 'Bekomme ich eine Rechnung?',
    answerDe:
      'Ja. Mit der Bestätigung Ihrer Buchung erstellen wir eine Rechnung mit ausgewiesener Mehrwertsteuer, die Sie als PDF in Ihrem ' +
      'Kundenkonto oder über den Link in der Bestätigungs-E-Mail herunterladen. Eine abweichende Rechnungsadresse, etwa Ihres ' +
      'Arbeitgebers, geben Sie schon bei der Buchung an.',
    questionEn: 'Do I get an invoice?',
    answerEn:
      'Yes. When your booking is confirmed we issue an invoice showing the VAT, which you can download as a PDF in your customer ' +
      'account or via the link in the confirmation e-mail. You can enter a different invoice address, for example your ' +
      'employer’s, when you book.',
    sort: 6,
  },
  {
    category: 'payment',
    questionDe: 'Wie löse ich einen Gutscheincode ein?',
    answerDe:
      'Geben Sie den Code im letzten Buchungsschritt in das Feld „Gutscheincode“ ein. Der Rabatt wird sofort vom Gesamtpreis abgezogen. ' +
      'Manche Gutscheine gelten nur ab einer Mindestparkdauer oder in einem bestimmten Zeitraum; pro Buchung ist ein Gutschein einlösbar.',
    questionEn: 'How do I redeem a voucher code?',
    answerEn:
      'Enter the code in the “Voucher code” field in the last booking step. The discount is deducted from the total at once. ' +
      'Some vouchers require a minimum stay or are valid only for a certain period; one voucher can be used per booking.',
    sort: 7,
  },
  {
    category: 'parking',
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
    sort: 8,
  },
  {
    category: 'parking',
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
    sort: 9,
  },
  {
    category: 'parking',
    questionDe: 'Gibt es Kindersitze im Shuttle?',
    answerDe:
      'Ja, bei Shuttle-Tarifen können Sie bei der Buchung bis zu zwei oder drei Kindersitze dazubuchen (je nach Tarif kostenlos oder ' +
      'gegen einen kleinen Aufpreis pro Aufenthalt). Bei Valet- und Terminal-Tarifen fahren Sie im eigenen Auto und brauchen keine ' +
      'zusätzlichen Sitze.',
    questionEn: 'Are there child seats in the shuttle?',
    answerEn:
      'Yes, with shuttle tariffs you can add two or three child seats when booking (free or for a small charge per stay, depending on ' +
      'the tariff). With valet and terminal tariffs you travel in your own car and need no extra seats.',
    sort: 10,
  },
  {
    category: 'parking',
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
    sort: 11,
  },
  {
    category: 'parking',
    questionDe: 'Kann ich mein Elektroauto laden?',
    answerDe:
      'Viele Parkhäuser und einige Shuttle-Parkplätze haben Ladesäulen; Sie erkennen sie an den Ausstattungsmerkmalen auf der Angebotskarte. ' +
      'Der Strom wird vor Ort nach Verbrauch abgerechnet. Einen freien Ladepunkt können wir leider nicht garantieren.',
    questionEn: 'Can I charge my electric car?',
    answerEn:
      'Many car parks and some shuttle car parks have charging points; look for it among the features on the offer card. ' +
      'Electricity is billed on site by consumption. Unfortunately we cannot guarantee a free charging point.',
    sort: 12,
  },
  {
    category: 'parking',
    questionDe: 'Gibt es eine Höhenbegrenzung für Transporter oder Dachboxen?',
    answerDe:
      'In Parkhäusern und Parkhallen gilt meist eine Einfahrtshöhe von 2,00 bis 2,20 Metern; sie steht auf der Angebotskarte. ' +
      'Mit Dachbox, Campingbus oder Transporter wählen Sie am besten einen offenen Shuttle-Parkplatz ohne Höhenbegrenzung.',
    questionEn: 'Is there a height limit for vans or roof boxes?',
    answerEn:
      'Multi-storey car parks and parking halls usually have a clearance of 2.00 to 2.20 metres; it is shown on the offer card. ' +
      'With a roof box, camper van or transporter, choose an open-air shuttle car park without a height limit.',
    sort: 13,
  },
  {
    category: 'service',
    questionDe: 'Ich habe meinen Parkschein (Voucher) verloren. Was nun?',
    answerDe:
      'Kein Problem: Laden Sie den Voucher jederzeit erneut als PDF in Ihrem Kundenkonto oder über den Link in Ihrer ' +
      'Buchungsbestätigung herunter. Vor Ort genügt auch Ihre Buchungsnummer oder das bei der Buchung angegebene Kennzeichen.',
    questionEn: 'I have lost my parking voucher. What now?',
    answerEn:
      'No problem: download the voucher again as a PDF at any time in your customer account or via the link in your booking ' +
      'confirmation. On site, your booking number or the licence plate you gave when booking is enough.',
    sort: 14,
  },
  {
    category: 'service',
    questionDe: 'Wie erreiche ich den Kundenservice?',
    answerDe:
      'Bei Fragen zu Ihrer Buchung schreiben Sie uns über das Kontaktformular oder per E-Mail; wir antworten werktags innerhalb von ' +
      '24 Stunden. Am Reisetag selbst hilft Ihnen der Parkplatzbetreiber am schnellsten – seine Telefonnummer steht auf Ihrem Voucher.',
    questionEn: 'How do I reach customer service?',
    answerEn:
      'For questions about your booking, write to us via the contact form or by e-mail; we reply within 24 hours on working days. ' +
      'On the day of travel the car park operator helps you fastest – their phone number is on your voucher.',
    sort: 15,
  },
];
