/**
 * Texts of the legal pages (Impressum § 5 DDG, privacy policy Art. 13 GDPR, terms) in German and English,
 * written as functions of the shop's facts: company data come from the configuration (`SHOP_*`, DESIGN §10)
 * and the privacy policy's recipients from {@link privacyRecipients}, so a page never names a service that is
 * off nor leaves out one that is on.
 */
import type { LegalBasis, PrivacyRecipient, PrivacyRecipients, RecipientKind } from '~/domain/privacy-recipients.ts';

/** A titled entry of a section's list (a recipient, a data category, a retention period). */
type LegalItem = { title: string; text: string };

/** One section of a legal page: heading, paragraphs, and an optional list of titled entries. */
export type LegalSection = { heading: string; paragraphs: string[]; items?: LegalItem[] };

/** One legal page: title and sections. */
type LegalPageText = { title: string; sections: LegalSection[] };

/** What the legal pages state about the shop (from the validated configuration). */
type LegalFacts = {
  /** company name with legal form, e.g. "Parkplatz-Shop GmbH" */
  company: string;
  address: string;
  email: string;
  phone: string;
  vatId: string;
  managingDirectors: string;
  /** commercial register entry, null for a business without one */
  register: { court: string; number: string } | null;
  economicId: string | null;
  supervisoryAuthority: string | null;
  dataProtectionAuthority: string;
  recipients: PrivacyRecipients;
};

/** The three legal pages of one language. */
type LegalTexts = Record<'imprint' | 'privacy' | 'terms', (facts: LegalFacts) => LegalPageText>;

const COUNTRY_DE: Record<string, string> = {
  DE: 'Deutschland',
  GB: 'Vereinigtes Königreich',
  IE: 'Irland',
  EE: 'Estland',
};
const COUNTRY_EN: Record<string, string> = { DE: 'Germany', GB: 'United Kingdom', IE: 'Ireland', EE: 'Estonia' };

/** Countries outside the EU/EEA with an adequacy decision of the European Commission (Art. 45 GDPR). */
const ADEQUATE_THIRD_COUNTRIES = new Set(['GB']);

/**
 * How a recipient is named: its host with provider and country when known ("tile.openstreetmap.org
 * (OpenStreetMap Foundation, Vereinigtes Königreich)"), else the provider, else `fallback`. Germany is not named.
 */
function who(r: PrivacyRecipient, countries: Record<string, string>, fallback: string): string {
  const country = r.country && r.country !== 'DE' ? (countries[r.country] ?? r.country) : null;
  if (r.host) {
    const detail = [r.provider, country].filter(Boolean).join(', ');
    return detail ? `${r.host} (${detail})` : r.host;
  }
  if (r.provider) return country ? `${r.provider} (${country})` : r.provider;
  return fallback;
}

// ---------------------------------------------------------------------------------------------------------
// German
// ---------------------------------------------------------------------------------------------------------

function basisDe(basis: LegalBasis[], consent: boolean): string {
  const law = `Art. 6 Abs. 1 lit. ${basis.join(' und ')} DSGVO`;
  return `Rechtsgrundlage: ${consent ? `${law}, § 25 Abs. 1 TDDDG` : law}.`;
}

function thirdCountryDe(r: PrivacyRecipient): string {
  return r.country && ADEQUATE_THIRD_COUNTRIES.has(r.country)
    ? ` Die Übermittlung in dieses Land stützt sich auf einen Angemessenheitsbeschluss der EU-Kommission (Art. 45 DSGVO).`
    : '';
}

const RECIPIENT_DE: Record<RecipientKind, { title: string; text: (r: PrivacyRecipient) => string; off?: string }> = {
  operator: {
    title: 'Parkplatzbetreiber',
    text: (r) =>
      'Der Betreiber des gebuchten Parkplatzes erhält, was er für Ihren Aufenthalt braucht: Name, Buchungsnummer, ' +
      'Ein- und Ausfahrt, Kennzeichen, Personenzahl, Kindersitze, Sondergepäck und Telefonnummer. ' +
      basisDe(r.basis, false),
  },
  hosting: {
    title: 'Hosting',
    text: (r) =>
      r.provider
        ? `${r.provider} betreibt in unserem Auftrag die Server, auf denen der Shop und seine Datenbank laufen ` +
          `(Auftragsverarbeitung nach Art. 28 DSGVO). ${basisDe(r.basis, false)}`
        : 'Wir betreiben die Server des Shops und seiner Datenbank selbst; kein Hosting-Dienstleister erhält Ihre Daten.',
  },
  mail: {
    title: 'E-Mail-Versand',
    text: (r) =>
      `Buchungsbestätigungen, Rechnungen, Konto-E-Mails und den Newsletter versenden wir über den Mailserver ` +
      `${who(r, COUNTRY_DE, 'unseres E-Mail-Dienstleisters')}. Er verarbeitet Ihre E-Mail-Adresse, Ihren Namen und ` +
      `den Inhalt der E-Mail. Rechtsgrundlage: Art. 6 Abs. 1 lit. b DSGVO, für den Newsletter lit. a.`,
    off: 'Es ist kein externer E-Mail-Dienstleister eingebunden.',
  },
  payment: {
    title: 'Zahlungsabwicklung',
    text: (r) =>
      `Online-Zahlungen wickelt ${who(r, COUNTRY_DE, 'unser Zahlungsdienstleister')} ab. Ihre Zahlungsdaten geben Sie ` +
      `direkt auf dessen Seite ein; wir erhalten sie nicht. Der Zahlungsdienstleister erhält Betrag, Buchungsnummer, ` +
      `Name und E-Mail-Adresse. ${basisDe(r.basis, false)}`,
    off: 'Wir setzen keinen Zahlungsdienstleister ein: Sie zahlen auf Rechnung per Überweisung oder vor Ort am Parkplatz.',
  },
  map: {
    title: 'Karte',
    text: (r) =>
      `Die Kartenkacheln lädt Ihr Browser von ${who(r, COUNTRY_DE, 'unserem Kartendienst')}. Der Anbieter erhält dabei ` +
      `Ihre IP-Adresse, Angaben zu Ihrem Browser und den angezeigten Kartenausschnitt. Bis dahin zeigen wir eine ` +
      `eigene Übersichtskarte ohne fremde Inhalte; die Kacheln lädt Ihr Browser erst, wenn Sie auf „Karte laden“ ` +
      `klicken. Diese Wahl speichern wir im Cookie „eap_map-consent“ (ein Jahr); „Karte ausblenden“ widerruft sie. ` +
      `${basisDe(r.basis, true)}` +
      thirdCountryDe(r),
  },
  flights: {
    title: 'Flugstatus',
    text: (r) =>
      `Haben Sie die Nummer Ihres Rückflugs angegeben, fragt unser Server ab 24 Stunden vor der gebuchten Ausfahrt ` +
      `${who(r, COUNTRY_DE, 'unseren Flugstatusdienst')} nach dessen Ankunftszeit, damit Ihr Stellplatz bei einer ` +
      `Verspätung wartet. Übermittelt werden nur Flugnummer und Datum, weder Ihr Name noch Ihre Buchung. ` +
      `${basisDe(r.basis, false)}` +
      thirdCountryDe(r),
    off: 'Wir fragen keinen Flugstatusdienst ab; eine Verspätung melden Sie uns selbst auf der Seite Ihrer Reservierung.',
  },
  geocoder: {
    title: 'Adressvorschläge',
    text: (r) =>
      `Wenn Sie im Buchungsformular Ihre Anschrift eingeben, sendet unser Server das Eingegebene an ` +
      `${who(r, COUNTRY_DE, 'unseren Geodienst')}, um passende Adressen vorzuschlagen. Ihre IP-Adresse wird dabei ` +
      `nicht übermittelt. ${basisDe(r.basis, false)} Unser berechtigtes Interesse ist eine einfache, fehlerfreie ` +
      `Adresseingabe.` +
      thirdCountryDe(r),
  },
  analytics: {
    title: 'Reichweitenmessung',
    text: (r) =>
      `Nur wenn Sie im Cookie-Hinweis „Alle akzeptieren“ wählen, lädt Ihr Browser das Analyse-Skript von ` +
      `${who(r, COUNTRY_DE, 'unserem Analysedienst')}. Es verarbeitet Ihre IP-Adresse, Angaben zu Gerät und Browser ` +
      `und die aufgerufenen Seiten. ${basisDe(r.basis, true)}` +
      thirdCountryDe(r),
    off: 'Wir setzen keine Analyse- oder Tracking-Dienste ein.',
  },
  reviews: {
    title: 'Kundenbewertungen',
    text: (r) =>
      `Die Bewertungen auf unseren Seiten stammen vom Bewertungsdienst ${who(r, COUNTRY_DE, 'eKomi')}. ` +
      `Unser Server ruft sie dort ab; beim Ansehen werden keine Daten Ihres Browsers an eKomi übermittelt. ` +
      `${basisDe(r.basis, false)} Unser berechtigtes Interesse ist es, echte Kundenbewertungen zu zeigen.`,
  },
  'apple-wallet': {
    title: 'Apple Wallet',
    text: (r) =>
      `Wenn Sie Ihren Parkschein mit „Zu Apple Wallet hinzufügen“ speichern, meldet Apple Wallet Ihr Gerät bei ` +
      `unserem Server für Aktualisierungen des Parkscheins an (eine Gerätekennung und ein Push-Token von ` +
      `${who(r, COUNTRY_DE, 'Apple')}); ändert sich die Buchung, benachrichtigen wir das Gerät über Apples ` +
      `Push-Dienst. Entfernen Sie den Parkschein, meldet Wallet das Gerät ab. ${basisDe(r.basis, false)}`,
  },
  'google-wallet': {
    title: 'Google Wallet',
    text: (r) =>
      `Wenn Sie „Zu Google Wallet hinzufügen“ wählen, erhält ${who(r, COUNTRY_DE, 'Google')} die Angaben des ` +
      `Parkscheins (Buchungsnummer, Parkplatz, Ein- und Ausfahrt). ${basisDe(r.basis, false)}`,
  },
};

/** Recipients in use, then the statements about services that are off (mail, payment, analytics). */
function recipientItems(
  recipients: PrivacyRecipients,
  texts: Record<RecipientKind, { title: string; text: (r: PrivacyRecipient) => string; off?: string }>,
): LegalItem[] {
  return [
    ...recipients.used.map((r) => ({ title: texts[r.kind].title, text: texts[r.kind].text(r) })),
    ...recipients.unused.flatMap((kind) => {
      const off = texts[kind].off;
      return off ? [{ title: texts[kind].title, text: off }] : [];
    }),
  ];
}

const de: LegalTexts = {
  imprint: (f) => ({
    title: 'Impressum',
    sections: [
      { heading: 'Angaben gemäß § 5 DDG', paragraphs: [f.company, f.address] },
      { heading: 'Vertreten durch', paragraphs: [`Geschäftsführung: ${f.managingDirectors}`] },
      { heading: 'Kontakt', paragraphs: [`Telefon: ${f.phone}`, `E-Mail: ${f.email}`] },
      ...(f.register
        ? [
            {
              heading: 'Registereintrag',
              paragraphs: [`Registergericht: ${f.register.court}`, `Registernummer: ${f.register.number}`],
            },
          ]
        : []),
      {
        heading: 'Umsatzsteuer',
        paragraphs: [
          `Umsatzsteuer-Identifikationsnummer gemäß § 27a Umsatzsteuergesetz: ${f.vatId}`,
          ...(f.economicId ? [`Wirtschafts-Identifikationsnummer gemäß § 139c AO: ${f.economicId}`] : []),
        ],
      },
      ...(f.supervisoryAuthority ? [{ heading: 'Aufsichtsbehörde', paragraphs: [f.supervisoryAuthority] }] : []),
      {
        heading: 'Verbraucherstreitbeilegung',
        paragraphs: [
          'Wir sind nicht bereit und nicht verpflichtet, an Streitbeilegungsverfahren vor einer Verbraucherschlichtungsstelle teilzunehmen (§ 36 VSBG).',
        ],
      },
    ],
  }),
  privacy: (f) => ({
    title: 'Datenschutzerklärung',
    sections: [
      {
        heading: 'Verantwortlicher',
        paragraphs: [
          `${f.company}, ${f.address}`,
          `E-Mail: ${f.email} · Telefon: ${f.phone}`,
          `Vertreten durch die Geschäftsführung: ${f.managingDirectors}`,
        ],
      },
      {
        heading: 'Welche Daten wir verarbeiten',
        paragraphs: [],
        items: [
          {
            title: 'Buchung',
            text: 'Flughafen, Tarif, Ein- und Ausfahrt, Kennzeichen, Personenzahl, Kindersitze, Sondergepäck, Zahlungsart und Gutscheincode.',
          },
          {
            title: 'Übergabeprotokoll',
            text: 'Bei der Ein- und Ausfahrt am Parkplatz: Kilometerstand, Tankfüllung oder Ladestand, Stellplatz, vorhandene Schäden und Fotos Ihres Fahrzeugs (mit Kennzeichen; Standortdaten der Kamera entfernen wir beim Hochladen), wer es erfasst hat, und Ihre Meldung, wenn Sie ein Problem melden. Die Fotos sehen nur Sie über Ihre Buchung, unser Kundenservice und der Betreiber des Parkplatzes, über Links, die nach 15 Minuten ablaufen; jeder Abruf durch unsere Mitarbeitenden wird protokolliert. Zweck: Nachweis des Fahrzeugzustands für Sie und uns (Art. 6 Abs. 1 lit. b und f DSGVO).',
          },
          {
            title: 'Kontakt- und Rechnungsdaten',
            text: 'Anrede, Vor- und Nachname, Firma, Anschrift, E-Mail-Adresse und Telefonnummer, gegebenenfalls eine abweichende Rechnungsanschrift.',
          },
          {
            title: 'Kundenkonto',
            text: 'Name, E-Mail-Adresse, Passwort (nur als Hash gespeichert), gespeicherte Anschrift und Ihre Buchungen.',
          },
          {
            title: 'Newsletter',
            text: 'E-Mail-Adresse, auf Wunsch Ihr Name, und wann Sie sich angemeldet und die Anmeldung bestätigt haben.',
          },
          {
            title: 'Preisbeobachtung',
            text: 'E-Mail-Adresse, Flughafen, Reisezeitraum (bei einer beobachteten Buchung deren Buchungsnummer), die beobachteten Preise (bei der Bestätigung und bei jeder Preis-Mail) und wann Sie die Beobachtung angefordert und bestätigt und wann wir Ihnen geschrieben haben.',
          },
          {
            title: 'Anfragen',
            text: 'Was Sie uns über das Kontaktformular oder per E-Mail schreiben: Name, E-Mail-Adresse, Buchungsnummer und Nachricht.',
          },
          {
            title: 'Technische Daten',
            text: 'Ihre IP-Adresse beim Abruf der Seiten und, zum Schutz vor Missbrauch, als Zähler für Anmelde- und Buchungsversuche; das Sitzungs-Cookie; Fehlerberichte Ihres Browsers ohne E-Mail-Adressen und Telefonnummern.',
          },
        ],
      },
      {
        heading: 'Zwecke und Rechtsgrundlagen',
        paragraphs: [
          'Buchung, Rechnung, Kundenkonto und Anfragen zu Buchungen: Vertragserfüllung und Vertragsanbahnung (Art. 6 Abs. 1 lit. b DSGVO). Ohne die Pflichtangaben im Buchungsformular können wir keinen Vertrag schließen.',
          'Aufbewahrung von Rechnungen und Buchungsbelegen: gesetzliche Pflicht (Art. 6 Abs. 1 lit. c DSGVO).',
          'Sicherer Betrieb, Schutz vor Missbrauch, Fehleranalyse und allgemeine Anfragen: berechtigtes Interesse (Art. 6 Abs. 1 lit. f DSGVO).',
          'Newsletter, Preisbeobachtung, Karte und Reichweitenmessung: Ihre Einwilligung (Art. 6 Abs. 1 lit. a DSGVO, § 25 Abs. 1 TDDDG). Sie können sie jederzeit mit Wirkung für die Zukunft widerrufen (Art. 7 Abs. 3 DSGVO).',
          'Eine automatisierte Entscheidung im Einzelfall einschließlich Profiling (Art. 22 DSGVO) findet nicht statt.',
        ],
      },
      {
        heading: 'Empfänger und Dienstleister',
        paragraphs: ['Ihre Daten erhalten nur die hier genannten Stellen, jeweils nur für den genannten Zweck.'],
        items: recipientItems(f.recipients, RECIPIENT_DE),
      },
      {
        heading: 'Cookies',
        paragraphs: [
          'Technisch notwendig sind das Sitzungs-Cookie „eap_session“ (über HTTPS „__Host-eap_session“; Warenkorb, Anmeldung, Schutz vor gefälschten Anfragen; Laufzeit 14 Tage) und das Cookie „eap_hide-cookie-bar“, das Ihre Auswahl im Cookie-Hinweis speichert (§ 25 Abs. 2 Nr. 2 TDDDG).',
          'Dienste, die eine Einwilligung brauchen, laden wir erst, wenn Sie zustimmen. Ihre Einwilligung widerrufen Sie, indem Sie die Cookies dieser Seite löschen.',
          'Das Cookie „eap_map-consent“ speichert ein Jahr lang, dass Sie die interaktive Karte laden möchten (nur nach Ihrem Klick auf „Karte laden“; „Karte ausblenden“ löscht es).',
        ],
      },
      {
        heading: 'Speicherdauer',
        paragraphs: [],
        items: [
          {
            title: 'Rechnungen und Buchungsbelege',
            text: 'Acht Jahre (§ 147 Abs. 1 Nr. 4, Abs. 3 AO, § 14b Abs. 1 UStG, § 257 Abs. 4 HGB), Buchungsbestätigungen und andere Geschäftsbriefe sechs Jahre; die Frist beginnt mit dem Ende des Kalenderjahres. Danach löschen wir die Daten.',
          },
          {
            title: 'Kundenkonto',
            text: 'Bis Sie es löschen (unter „Mein Konto“). Name, E-Mail-Adresse, Passwort und gespeicherte Anschrift entfernen wir dann sofort; Buchungen bleiben nur, solange die Aufbewahrungsfristen es verlangen.',
          },
          {
            title: 'Newsletter',
            text: 'Bis Sie sich abmelden. Den Nachweis Ihrer Einwilligung (Zeitpunkte von Anmeldung und Bestätigung) bewahren wir danach bis zu drei Jahre auf (Art. 7 Abs. 1 DSGVO, §§ 195, 199 BGB).',
          },
          {
            title: 'Preisbeobachtung',
            text: 'Bis zum Einfahrtsdatum des beobachteten Aufenthalts oder bis Sie sich abmelden, je nachdem, was zuerst kommt; dann löschen wir die Beobachtung. Unbestätigte Anfragen löschen wir nach 48 Stunden, mit Ihrem Kundenkonto auch alle Beobachtungen seiner E-Mail-Adresse.',
          },
          {
            title: 'Anfragen',
            text: 'Bis Ihre Anfrage erledigt ist; gehört sie zu einer Buchung, so lange wie die Buchung.',
          },
          {
            title: 'Fotos der Fahrzeugübergabe',
            text: '90 Tage nach der Ausfahrt löschen wir die Fotos automatisch; haben Sie ein Problem gemeldet, erst wenn die Meldung geklärt ist. Die Angaben des Protokolls (Zeiten, Kilometerstände) bleiben bei der Buchung.',
          },
          {
            title: 'Sitzung und Missbrauchsschutz',
            text: 'Das Sitzungs-Cookie läuft nach 14 Tagen ab; Zähler je IP-Adresse gelten für Zeitfenster von höchstens einer Stunde.',
          },
        ],
      },
      {
        heading: 'Newsletter und Flughafen-Benachrichtigungen',
        paragraphs: [
          'Den Newsletter senden wir nur mit Ihrer Einwilligung (Art. 6 Abs. 1 lit. a DSGVO, § 7 Abs. 2 UWG) und erst, nachdem Sie den Link in unserer Bestätigungs-E-Mail angeklickt haben (Double-Opt-in). Als Nachweis speichern wir den Zeitpunkt, die IP-Adresse und den Browser der Anmeldung und der Bestätigung sowie den Einwilligungstext, den Sie gesehen haben. Jede Ausgabe enthält einen Abmeldelink; nach der Abmeldung senden wir keinen Newsletter mehr.',
          'Bitten Sie uns, Sie zu benachrichtigen, sobald ein gesperrter Flughafen wieder buchbar ist, speichern wir Ihre E-Mail-Adresse für genau diese eine Nachricht (Art. 6 Abs. 1 lit. b DSGVO). Auch sie enthält einen Abmeldelink.',
          'Mit „Preis beobachten“ bitten Sie uns, Ihnen zu schreiben, wenn der günstigste Gesamtpreis für Ihren Flughafen und Reisezeitraum (oder für Ihre Buchung) sinkt. Wir schreiben nur mit Ihrer Einwilligung (Art. 6 Abs. 1 lit. a DSGVO) und erst, nachdem Sie den Link in unserer Bestätigungs-E-Mail angeklickt haben; höchstens eine E-Mail am Tag. Wir speichern dafür Ihre E-Mail-Adresse, den Flughafen, den Reisezeitraum, die Preise bei der Bestätigung und bei jeder Preis-Mail und die Zeitpunkte von Anfrage, Bestätigung und E-Mails. Jede E-Mail enthält einen Abmeldelink; die Beobachtung endet von selbst am Einfahrtsdatum.',
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
          'Sie haben das Recht auf Auskunft (Art. 15 DSGVO), Berichtigung (Art. 16), Löschung (Art. 17), Einschränkung der Verarbeitung (Art. 18) und Datenübertragbarkeit (Art. 20). Einer Verarbeitung auf Grundlage berechtigter Interessen können Sie widersprechen (Art. 21), eine Einwilligung jederzeit widerrufen (Art. 7 Abs. 3). In „Mein Konto“ können Sie Ihre Daten selbst herunterladen und Ihr Konto löschen.',
        ],
      },
      {
        heading: 'Beschwerde bei einer Aufsichtsbehörde',
        paragraphs: [
          `Sie können sich bei einer Datenschutz-Aufsichtsbehörde beschweren (Art. 77 DSGVO). Für uns zuständig ist: ${f.dataProtectionAuthority}.`,
        ],
      },
      {
        heading: 'Kontakt zum Datenschutz',
        paragraphs: [`Schreiben Sie uns an ${f.email} oder per Post an ${f.company}, ${f.address}.`],
      },
    ],
  }),
  terms: (f) => ({
    title: 'Allgemeine Geschäftsbedingungen',
    sections: [
      {
        heading: '1. Vertragspartner',
        paragraphs: [
          `Vertragspartner ist ${f.company}, ${f.address}. Wir vermitteln und verkaufen Parkleistungen an Flughäfen. Mit Abschluss der Buchung kommt ein Vertrag über die Parkleistung zu den auf der Buchungsbestätigung genannten Bedingungen zustande.`,
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
  }),
};

// ---------------------------------------------------------------------------------------------------------
// English
// ---------------------------------------------------------------------------------------------------------

function basisEn(basis: LegalBasis[], consent: boolean): string {
  const law = `Art. 6(1)(${basis.join(') and (')}) GDPR`;
  return `Legal basis: ${consent ? `${law}, § 25(1) TDDDG` : law}.`;
}

function thirdCountryEn(r: PrivacyRecipient): string {
  return r.country && ADEQUATE_THIRD_COUNTRIES.has(r.country)
    ? ' The transfer to this country rests on an adequacy decision of the European Commission (Art. 45 GDPR).'
    : '';
}

const RECIPIENT_EN: Record<RecipientKind, { title: string; text: (r: PrivacyRecipient) => string; off?: string }> = {
  operator: {
    title: 'Car park operator',
    text: (r) =>
      'The operator of the booked car park receives what it needs for your stay: name, booking number, entry and ' +
      'exit, licence plate, number of persons, child seats, bulky baggage and phone number. ' +
      basisEn(r.basis, false),
  },
  hosting: {
    title: 'Hosting',
    text: (r) =>
      r.provider
        ? `${r.provider} runs the servers of the shop and its database on our behalf (processing under Art. 28 GDPR). ` +
          basisEn(r.basis, false)
        : 'We run the servers of the shop and its database ourselves; no hosting provider receives your data.',
  },
  mail: {
    title: 'Sending emails',
    text: (r) =>
      `We send booking confirmations, invoices, account emails and the newsletter through the mail server ` +
      `${who(r, COUNTRY_EN, 'of our email provider')}. It processes your email address, your name and the content ` +
      `of the email. Legal basis: Art. 6(1)(b) GDPR, for the newsletter (a).`,
    off: 'No external email provider is involved.',
  },
  payment: {
    title: 'Payment processing',
    text: (r) =>
      `Online payments are processed by ${who(r, COUNTRY_EN, 'our payment provider')}. You enter your payment ` +
      `details on its own page; we never receive them. The provider receives the amount, booking number, name and ` +
      `email address. ${basisEn(r.basis, false)}`,
    off: 'We use no payment provider: you pay by bank transfer on invoice or on site at the car park.',
  },
  map: {
    title: 'Map',
    text: (r) =>
      `Your browser loads the map tiles from ${who(r, COUNTRY_EN, 'our map service')}. The provider receives your IP ` +
      `address, details of your browser and the map section shown. Until then we show our own overview map without ` +
      `third-party content; your browser loads the tiles only once you click "Load map". We store this choice in ` +
      `the cookie "eap_map-consent" (one year); "Hide map" withdraws it. ${basisEn(r.basis, true)}` +
      thirdCountryEn(r),
  },
  flights: {
    title: 'Flight status',
    text: (r) =>
      `If you gave the number of your return flight, our server asks ${who(r, COUNTRY_EN, 'our flight status service')} ` +
      `for its arrival time from 24 hours before the booked exit, so your space waits when it is late. Only the ` +
      `flight number and date are sent, neither your name nor your booking. ${basisEn(r.basis, false)}` +
      thirdCountryEn(r),
    off: 'We ask no flight status service; you tell us of a delay yourself on your reservation page.',
  },
  geocoder: {
    title: 'Address suggestions',
    text: (r) =>
      `When you type your address in the booking form, our server sends what you typed to ` +
      `${who(r, COUNTRY_EN, 'our geocoding service')} to suggest matching addresses. Your IP address is not passed ` +
      `on. ${basisEn(r.basis, false)} Our legitimate interest is easy, error-free address entry.` +
      thirdCountryEn(r),
  },
  analytics: {
    title: 'Audience measurement',
    text: (r) =>
      `Only if you choose "Accept all" in the cookie notice does your browser load the analytics script from ` +
      `${who(r, COUNTRY_EN, 'our analytics service')}. It processes your IP address, device and browser details ` +
      `and the pages you view. ${basisEn(r.basis, true)}` +
      thirdCountryEn(r),
    off: 'We use no analytics or tracking services.',
  },
  reviews: {
    title: 'Customer reviews',
    text: (r) =>
      `The reviews on our pages come from the review service ${who(r, COUNTRY_EN, 'eKomi')}. Our server ` +
      `fetches them from there; viewing them sends no data of your browser to eKomi. ${basisEn(r.basis, false)} ` +
      `Our legitimate interest is showing genuine customer reviews.`,
  },
  'apple-wallet': {
    title: 'Apple Wallet',
    text: (r) =>
      `When you save your voucher with "Add to Apple Wallet", Apple Wallet registers your device with our server ` +
      `for updates of the voucher (a device identifier and a push token from ${who(r, COUNTRY_EN, 'Apple')}); when ` +
      `the booking changes we notify the device through Apple's push service. Removing the voucher unregisters ` +
      `the device. ${basisEn(r.basis, false)}`,
  },
  'google-wallet': {
    title: 'Google Wallet',
    text: (r) =>
      `When you choose "Add to Google Wallet", ${who(r, COUNTRY_EN, 'Google')} receives the voucher's details ` +
      `(booking number, car park, entry and exit). ${basisEn(r.basis, false)}`,
  },
};

const en: LegalTexts = {
  imprint: (f) => ({
    title: 'Legal notice',
    sections: [
      { heading: 'Information under § 5 DDG', paragraphs: [f.company, f.address] },
      { heading: 'Represented by', paragraphs: [`Managing directors: ${f.managingDirectors}`] },
      { heading: 'Contact', paragraphs: [`Phone: ${f.phone}`, `Email: ${f.email}`] },
      ...(f.register
        ? [
            {
              heading: 'Commercial register',
              paragraphs: [`Register court: ${f.register.court}`, `Register number: ${f.register.number}`],
            },
          ]
        : []),
      {
        heading: 'VAT',
        paragraphs: [
          `VAT identification number under § 27a UStG: ${f.vatId}`,
          ...(f.economicId ? [`Economic identification number under § 139c AO: ${f.economicId}`] : []),
        ],
      },
      ...(f.supervisoryAuthority ? [{ heading: 'Supervisory authority', paragraphs: [f.supervisoryAuthority] }] : []),
      {
        heading: 'Consumer dispute resolution',
        paragraphs: [
          'We are neither willing nor obliged to take part in dispute resolution proceedings before a consumer arbitration board (§ 36 VSBG).',
        ],
      },
    ],
  }),
  privacy: (f) => ({
    title: 'Privacy policy',
    sections: [
      {
        heading: 'Controller',
        paragraphs: [
          `${f.company}, ${f.address}`,
          `Email: ${f.email} · Phone: ${f.phone}`,
          `Represented by the managing directors: ${f.managingDirectors}`,
        ],
      },
      {
        heading: 'What data we process',
        paragraphs: [],
        items: [
          {
            title: 'Booking',
            text: 'Airport, tariff, entry and exit, licence plate, number of persons, child seats, bulky baggage, payment type and coupon code.',
          },
          {
            title: 'Handover record',
            text: "At entry and exit at the car park: odometer reading, fuel or charge level, parking space, existing damage and photos of your car (with its licence plate; we remove the camera's location data on upload), who recorded it, and your report if you report a problem. Only you (through your booking), our customer service and the car park's operator see the photos, through links that expire after 15 minutes; every view by our staff is logged. Purpose: evidence of the car's condition for you and for us (Art. 6(1)(b) and (f) GDPR).",
          },
          {
            title: 'Contact and billing data',
            text: 'Salutation, first and last name, company, address, email address and phone number, and a separate invoice address if you give one.',
          },
          {
            title: 'Customer account',
            text: 'Name, email address, password (stored only as a hash), saved address and your bookings.',
          },
          {
            title: 'Newsletter',
            text: 'Email address, your name if you give it, and when you signed up and confirmed the sign-up.',
          },
          {
            title: 'Price watch',
            text: 'Email address, airport, travel dates (for a watched booking its reference), the watched prices (at confirmation and at each price email), and when you requested and confirmed the watch and when we wrote to you.',
          },
          {
            title: 'Enquiries',
            text: 'What you write to us through the contact form or by email: name, email address, booking number and message.',
          },
          {
            title: 'Technical data',
            text: 'Your IP address when pages are requested and, to prevent abuse, as a counter of sign-in and booking attempts; the session cookie; error reports from your browser without email addresses and phone numbers.',
          },
        ],
      },
      {
        heading: 'Purposes and legal bases',
        paragraphs: [
          'Booking, invoice, customer account and enquiries about bookings: performance of a contract and steps prior to it (Art. 6(1)(b) GDPR). Without the required fields of the booking form we cannot conclude a contract.',
          'Keeping invoices and accounting records: legal obligation (Art. 6(1)(c) GDPR).',
          'Secure operation, abuse prevention, error analysis and general enquiries: legitimate interests (Art. 6(1)(f) GDPR).',
          'Newsletter, price watch, map and audience measurement: your consent (Art. 6(1)(a) GDPR, § 25(1) TDDDG). You can withdraw it at any time with effect for the future (Art. 7(3) GDPR).',
          'There is no automated individual decision-making, including profiling (Art. 22 GDPR).',
        ],
      },
      {
        heading: 'Recipients and service providers',
        paragraphs: ['Only the recipients named here receive your data, each only for the purpose stated.'],
        items: recipientItems(f.recipients, RECIPIENT_EN),
      },
      {
        heading: 'Cookies',
        paragraphs: [
          'Strictly necessary are the session cookie "eap_session" ("__Host-eap_session" over HTTPS; cart, sign-in, protection against forged requests; 14 days) and the cookie "eap_hide-cookie-bar", which stores your choice in the cookie notice (§ 25(2) no. 2 TDDDG).',
          "Services that need consent load only once you agree. You withdraw your consent by deleting this site's cookies.",
          'The cookie "eap_map-consent" stores for one year that you want the interactive map loaded (only after you click "Load map"; "Hide map" deletes it).',
        ],
      },
      {
        heading: 'How long we keep data',
        paragraphs: [],
        items: [
          {
            title: 'Invoices and accounting records',
            text: 'Eight years (§ 147(1) no. 4 and (3) AO, § 14b(1) UStG, § 257(4) HGB), booking confirmations and other business letters six years; the period starts at the end of the calendar year. Then we delete the data.',
          },
          {
            title: 'Customer account',
            text: 'Until you delete it (under "My account"). We then remove name, email address, password and saved address at once; bookings stay only as long as the retention periods require.',
          },
          {
            title: 'Newsletter',
            text: 'Until you unsubscribe. We keep the proof of your consent (times of sign-up and confirmation) for up to three years afterwards (Art. 7(1) GDPR, §§ 195, 199 BGB).',
          },
          {
            title: 'Price watch',
            text: 'Until the entry date of the watched stay or until you unsubscribe, whichever comes first; then we delete the watch. Unconfirmed requests are deleted after 48 hours, and deleting your customer account deletes every watch of its email address.',
          },
          {
            title: 'Enquiries',
            text: 'Until your enquiry is settled; if it concerns a booking, as long as the booking.',
          },
          {
            title: 'Photos of the car handover',
            text: "We delete the photos automatically 90 days after the exit; if you reported a problem, only once it is settled. The record's details (times, odometer readings) stay with the booking.",
          },
          {
            title: 'Session and abuse prevention',
            text: 'The session cookie expires after 14 days; counters per IP address cover time windows of at most one hour.',
          },
        ],
      },
      {
        heading: 'Newsletter and airport notifications',
        paragraphs: [
          'We send the newsletter only with your consent (Art. 6(1)(a) GDPR, § 7(2) UWG) and only after you have clicked the link in our confirmation email (double opt-in). As proof we store the time, IP address and browser of the sign-up and of the confirmation, and the consent text you were shown. Every issue contains an unsubscribe link; after unsubscribing you receive no further newsletter.',
          'If you ask us to tell you when a locked airport can be booked again, we store your email address for exactly this one message (Art. 6(1)(b) GDPR). It also contains an unsubscribe link.',
          'With "Watch price" you ask us to write to you when the cheapest total price for your airport and travel dates (or for your booking) falls. We write only with your consent (Art. 6(1)(a) GDPR) and only after you have clicked the link in our confirmation email; at most one email a day. For this we store your email address, the airport, the travel dates, the prices at confirmation and at each price email, and the times of the request, the confirmation and the emails. Every email contains an unsubscribe link; the watch ends by itself on the entry date.',
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
          'You have the right of access (Art. 15 GDPR), rectification (Art. 16), erasure (Art. 17), restriction of processing (Art. 18) and data portability (Art. 20). You can object to processing based on legitimate interests (Art. 21) and withdraw consent at any time (Art. 7(3)). Under "My account" you can download your data and delete your account yourself.',
        ],
      },
      {
        heading: 'Complaint to a supervisory authority',
        paragraphs: [
          `You can lodge a complaint with a data protection supervisory authority (Art. 77 GDPR). The authority responsible for us is: ${f.dataProtectionAuthority}.`,
        ],
      },
      {
        heading: 'Contact for data protection',
        paragraphs: [`Write to ${f.email} or by post to ${f.company}, ${f.address}.`],
      },
    ],
  }),
  terms: (f) => ({
    title: 'Terms and conditions',
    sections: [
      {
        heading: '1. Parties',
        paragraphs: [
          `Your contracting party is ${f.company}, ${f.address}. We arrange and sell parking services at airports. When you complete a booking, a contract for the parking service is concluded on the terms stated in the booking confirmation.`,
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
  }),
};

/** The legal pages of each locale, as functions of the shop's facts. */
export const LEGAL_TEXTS: Record<'de' | 'en', LegalTexts> = { de, en };
