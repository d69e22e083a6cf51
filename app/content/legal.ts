/**
 * Texts of the legal pages (Impressum, Datenschutz, AGB) in German and English. Company data come from the
 * configuration (`SHOP_*`, DESIGN §10) and are filled in where `:name` placeholders stand.
 */

/** One legal page: title and sections of paragraphs. */
type LegalPage = { title: string; sections: { heading: string; paragraphs: string[] }[] };

type Pages = Record<'imprint' | 'privacy' | 'terms', LegalPage>;

const de: Pages = {
  imprint: {
    title: 'Impressum',
    sections: [
      {
        heading: 'Anbieter',
        paragraphs: [
          ':shopName',
          ':shopAddress',
          'E-Mail: :shopEmail · Telefon: :shopPhone',
          'Umsatzsteuer-Identifikationsnummer gemäß § 27a UStG: :shopVatId',
        ],
      },
      {
        heading: 'Verantwortlich für den Inhalt',
        paragraphs: ['Die Geschäftsführung von :shopName, Anschrift wie oben.'],
      },
      {
        heading: 'Streitschlichtung',
        paragraphs: [
          'Wir sind nicht bereit und nicht verpflichtet, an Streitbeilegungsverfahren vor einer Verbraucherschlichtungsstelle teilzunehmen.',
        ],
      },
    ],
  },
  privacy: {
    title: 'Datenschutzerklärung',
    sections: [
      { heading: 'Verantwortlicher', paragraphs: [':shopName, :shopAddress, :shopEmail'] },
      {
        heading: 'Welche Daten wir verarbeiten',
        paragraphs: [
          'Für eine Buchung verarbeiten wir die Angaben, die Sie im Buchungsformular machen: Reisedaten, Kennzeichen, Personenzahl, Rechnungsadresse, E-Mail-Adresse und Telefonnummer sowie die gewählte Zahlungsart. Rechtsgrundlage ist die Vertragserfüllung (Art. 6 Abs. 1 lit. b DSGVO).',
          'Buchungs- und Rechnungsdaten bewahren wir auf, solange handels- und steuerrechtliche Pflichten es verlangen (§ 147 AO, § 257 HGB).',
        ],
      },
      {
        heading: 'Cookies',
        paragraphs: [
          'Technisch notwendig sind das Sitzungs-Cookie „eap_session“ (Warenkorb, Anmeldung, Schutz vor Fälschung von Anfragen; Laufzeit 14 Tage) und das Cookie „eap_hide-cookie-bar“, das Ihre Auswahl im Cookie-Hinweis speichert.',
          'Analyse-Dienste laden wir nur, wenn Sie im Cookie-Hinweis „Alle akzeptieren“ wählen (Art. 6 Abs. 1 lit. a DSGVO). Ihre Einwilligung können Sie jederzeit widerrufen, indem Sie die Cookies dieser Seite löschen.',
        ],
      },
      {
        heading: 'Newsletter und Flughafen-Benachrichtigungen',
        paragraphs: [
          'Den Newsletter senden wir nur mit Ihrer Einwilligung (Art. 6 Abs. 1 lit. a DSGVO, § 7 Abs. 2 UWG) und erst, nachdem Sie den Link in unserer Bestätigungs-E-Mail angeklickt haben (Double-Opt-in). Als Nachweis speichern wir den Zeitpunkt, die IP-Adresse und den Browser der Anmeldung und der Bestätigung sowie den Einwilligungstext, den Sie gesehen haben. Jede Ausgabe enthält einen Abmeldelink; nach der Abmeldung senden wir keinen Newsletter mehr.',
          'Bitten Sie uns, Sie zu benachrichtigen, sobald ein gesperrter Flughafen wieder buchbar ist, speichern wir Ihre E-Mail-Adresse für genau diese eine Nachricht (Art. 6 Abs. 1 lit. b DSGVO). Auch sie enthält einen Abmeldelink.',
        ],
      },
      {
        heading: 'Fehlerberichte',
        paragraphs: [
          'Tritt in Ihrem Browser ein technischer Fehler auf, senden wir eine kurze Fehlerbeschreibung an unseren Server. E-Mail-Adressen und Telefonnummern werden vorher entfernt.',
        ],
      },
      {
        heading: 'Ihre Rechte',
        paragraphs: [
          'Sie haben das Recht auf Auskunft, Berichtigung, Löschung, Einschränkung der Verarbeitung, Datenübertragbarkeit und Widerspruch sowie das Recht, sich bei einer Aufsichtsbehörde zu beschweren. Schreiben Sie uns an :shopEmail.',
        ],
      },
    ],
  },
  terms: {
    title: 'Allgemeine Geschäftsbedingungen',
    sections: [
      {
        heading: '1. Vertragspartner',
        paragraphs: [
          ':shopName vermittelt und verkauft Parkleistungen an Flughäfen. Mit Abschluss der Buchung kommt ein Vertrag über die Parkleistung zu den auf der Buchungsbestätigung genannten Bedingungen zustande.',
        ],
      },
      {
        heading: '2. Preise',
        paragraphs: [
          'Alle Preise sind Endpreise in Euro inklusive 19 % Umsatzsteuer. Maßgeblich ist der in der Buchungsbestätigung genannte Gesamtpreis. Überschreiten Sie die gebuchte Parkdauer, berechnet der Betreiber zusätzliche Tage nach seiner Preisliste.',
        ],
      },
      {
        heading: '3. Zahlung',
        paragraphs: [
          'Bei Zahlung auf Rechnung ist der Betrag innerhalb von 14 Tagen nach Rechnungsdatum fällig. Bei Zahlung vor Ort zahlen Sie am Parkplatz.',
        ],
      },
      {
        heading: '4. Stornierung',
        paragraphs: [
          'Sie können bis 24 Stunden vor der gebuchten Einfahrt kostenlos stornieren. Danach ist der volle Preis fällig.',
        ],
      },
      {
        heading: '5. Haftung',
        paragraphs: [
          'Der Parkplatzbetreiber haftet für Schäden nach den gesetzlichen Bestimmungen. Wertgegenstände sollten nicht im Fahrzeug verbleiben.',
        ],
      },
    ],
  },
};

const en: Pages = {
  imprint: {
    title: 'Legal notice',
    sections: [
      {
        heading: 'Provider',
        paragraphs: [
          ':shopName',
          ':shopAddress',
          'Email: :shopEmail · Phone: :shopPhone',
          'VAT identification number (§ 27a UStG): :shopVatId',
        ],
      },
      { heading: 'Responsible for the content', paragraphs: ['The management of :shopName, address as above.'] },
      {
        heading: 'Dispute resolution',
        paragraphs: [
          'We are neither willing nor obliged to take part in dispute resolution proceedings before a consumer arbitration board.',
        ],
      },
    ],
  },
  privacy: {
    title: 'Privacy policy',
    sections: [
      { heading: 'Controller', paragraphs: [':shopName, :shopAddress, :shopEmail'] },
      {
        heading: 'What data we process',
        paragraphs: [
          'For a booking we process what you enter in the booking form: travel dates, licence plate, number of persons, billing address, email address and phone number, and the payment type you chose. The legal basis is the performance of the contract (Art. 6(1)(b) GDPR).',
          'Booking and invoice data are kept as long as commercial and tax law require (§ 147 AO, § 257 HGB).',
        ],
      },
      {
        heading: 'Cookies',
        paragraphs: [
          'Strictly necessary are the session cookie "eap_session" (cart, sign-in, protection against forged requests; 14 days) and the cookie "eap_hide-cookie-bar", which stores your choice in the cookie notice.',
          'Analytics services are loaded only if you choose "Accept all" in the cookie notice (Art. 6(1)(a) GDPR). You can withdraw your consent at any time by deleting this site\'s cookies.',
        ],
      },
      {
        heading: 'Newsletter and airport notifications',
        paragraphs: [
          'We send the newsletter only with your consent (Art. 6(1)(a) GDPR, § 7(2) UWG) and only after you have clicked the link in our confirmation email (double opt-in). As proof we store the time, IP address and browser of the sign-up and of the confirmation, and the consent text you were shown. Every issue contains an unsubscribe link; after unsubscribing you receive no further newsletter.',
          'If you ask us to tell you when a locked airport can be booked again, we store your email address for exactly this one message (Art. 6(1)(b) GDPR). It also contains an unsubscribe link.',
        ],
      },
      {
        heading: 'Error reports',
        paragraphs: [
          'When a technical error occurs in your browser, a short description is sent to our server. Email addresses and phone numbers are removed first.',
        ],
      },
      {
        heading: 'Your rights',
        paragraphs: [
          'You have the right of access, rectification, erasure, restriction of processing, data portability and objection, and the right to lodge a complaint with a supervisory authority. Write to :shopEmail.',
        ],
      },
    ],
  },
  terms: {
    title: 'Terms and conditions',
    sections: [
      {
        heading: '1. Parties',
        paragraphs: [
          ':shopName arranges and sells parking services at airports. When you complete a booking, a contract for the parking service is concluded on the terms stated in the booking confirmation.',
        ],
      },
      {
        heading: '2. Prices',
        paragraphs: [
          'All prices are final prices in euro including 19% VAT. The total price stated in the booking confirmation applies. If you exceed the booked period, the operator charges extra days according to its price list.',
        ],
      },
      {
        heading: '3. Payment',
        paragraphs: [
          'When paying by invoice, the amount is due within 14 days of the invoice date. When paying on site, you pay at the car park.',
        ],
      },
      {
        heading: '4. Cancellation',
        paragraphs: [
          'You can cancel free of charge up to 24 hours before the booked entry. After that the full price is due.',
        ],
      },
      {
        heading: '5. Liability',
        paragraphs: [
          'The car park operator is liable for damage under the statutory provisions. Do not leave valuables in the vehicle.',
        ],
      },
    ],
  },
};

/** The legal pages of a locale. */
export const LEGAL_PAGES: Record<'de' | 'en', Pages> = { de, en };
