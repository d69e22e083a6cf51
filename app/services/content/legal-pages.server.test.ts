import { describe, expect, it } from 'vitest';
import { loadLegalPage, type LegalConfig, type LegalPage } from './legal-pages.server.ts';

const CONFIG: LegalConfig = {
  SHOP_NAME: 'Parkplatz-Shop',
  SHOP_ADDRESS: 'Hafenstraße 12, 60327 Frankfurt am Main, Deutschland',
  SHOP_EMAIL: 'service@parkplatz-shop.example',
  SHOP_PHONE: '+49 69 90009 500',
  SHOP_VAT_ID: 'DE123456789',
  SHOP_LEGAL_FORM: 'GmbH',
  SHOP_MANAGING_DIRECTORS: 'Erika Mustermann, Max Mustermann',
  SHOP_REGISTER_COURT: 'Amtsgericht Frankfurt am Main',
  SHOP_REGISTER_NUMBER: 'HRB 000000',
  SHOP_DATA_PROTECTION_AUTHORITY: 'Der Hessische Beauftragte für Datenschutz und Informationsfreiheit',
  SHOP_SAMPLE_DATA: true,
  MAP_TILE_URL: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
};

/** All text of a page in one string. */
function text(page: LegalPage): string {
  return page.sections
    .flatMap((s) => [s.heading, ...s.paragraphs, ...(s.items ?? []).flatMap((i) => [i.title, i.text])])
    .join('\n');
}

/** The titled entries of the section headed `heading`. */
function items(page: LegalPage, heading: string): string[] {
  return (page.sections.find((s) => s.heading === heading)?.items ?? []).map((i) => `${i.title}: ${i.text}`);
}

describe('loadLegalPage', () => {
  it('Impressum: company with legal form, representatives, register entry, VAT id (§ 5 DDG)', () => {
    const page = loadLegalPage(CONFIG, 'imprint', 'de');
    expect(page.title).toBe('Impressum');
    expect(page.sampleData).toBe(true);
    const all = text(page);
    for (const expected of [
      'Parkplatz-Shop GmbH',
      'Geschäftsführung: Erika Mustermann, Max Mustermann',
      'Registergericht: Amtsgericht Frankfurt am Main',
      'Registernummer: HRB 000000',
      'Telefon: +49 69 90009 500',
      'E-Mail: service@parkplatz-shop.example',
      'gemäß § 27a Umsatzsteuergesetz: DE123456789',
    ]) {
      expect(all).toContain(expected);
    }
    expect(all).not.toContain('Wirtschafts-Identifikationsnummer');
    expect(all).not.toContain('Aufsichtsbehörde');
  });

  it('Impressum: no register section without an entry; economic id and supervisory authority when set', () => {
    const page = loadLegalPage(
      {
        ...CONFIG,
        SHOP_REGISTER_COURT: '',
        SHOP_REGISTER_NUMBER: '',
        SHOP_ECONOMIC_ID: 'DE123456789-00001',
        SHOP_SUPERVISORY_AUTHORITY: 'Gewerbeamt Frankfurt am Main',
      },
      'imprint',
      'en',
    );
    const all = text(page);
    expect(all).not.toContain('Register court');
    expect(all).toContain('Economic identification number under § 139c AO: DE123456789-00001');
    expect(all).toContain('Supervisory authority\nGewerbeamt Frankfurt am Main');
  });

  it('privacy policy with the defaults: the map tile host after consent, no mail or payment provider, no analytics', () => {
    const page = loadLegalPage(CONFIG, 'privacy', 'de');
    const recipients = items(page, 'Empfänger und Dienstleister');
    expect(recipients.map((r) => r.split(':')[0])).toEqual([
      'Parkplatzbetreiber',
      'Hosting',
      'Karte',
      'E-Mail-Versand',
      'Zahlungsabwicklung',
      'Reichweitenmessung',
      'Flugstatus',
    ]);
    const map = recipients.find((r) => r.startsWith('Karte'))!;
    expect(map).toContain('tile.openstreetmap.org (OpenStreetMap Foundation, Vereinigtes Königreich)');
    expect(map).toContain('Art. 6 Abs. 1 lit. a DSGVO');
    expect(map).toContain('die Kacheln lädt Ihr Browser erst, wenn Sie auf „Karte laden“');
    expect(map).toContain('eap_map-consent');
    expect(recipients).toContain('E-Mail-Versand: Es ist kein externer E-Mail-Dienstleister eingebunden.');
    expect(recipients.find((r) => r.startsWith('Zahlungsabwicklung'))).toContain('keinen Zahlungsdienstleister');
    expect(recipients.find((r) => r.startsWith('Reichweitenmessung'))).toContain('keine Analyse');
    const all = text(page);
    expect(all).not.toMatch(/eKomi|Stripe|Adressvorschläge/);
    expect(all).toContain('§ 14b Abs. 1 UStG');
    expect(all).toContain('Der Hessische Beauftragte für Datenschutz und Informationsfreiheit');
  });

  it('privacy policy with every service on: each named with its host or provider, never a credential', () => {
    const page = loadLegalPage(
      {
        ...CONFIG,
        SMTP_URL: 'smtp://mailer:t0p-secret@smtp.mailer.example:587',
        ADDRESS_AUTOCOMPLETE_URL: 'https://photon.komoot.io/api/',
        ANALYTICS_URL: 'https://plausible.io/js/script.js',
        EKOMI_INTERFACE_ID: '12345',
        STRIPE_SECRET_KEY: 'sk_test_abc',
        SHOP_HOSTING_PROVIDER: 'Beispiel Rechenzentrum GmbH, Nürnberg',
        AERODATABOX_API_KEY: 'rapid-key',
      },
      'privacy',
      'en',
    );
    const recipients = items(page, 'Recipients and service providers');
    expect(recipients.map((r) => r.split(':')[0])).toEqual([
      'Car park operator',
      'Hosting',
      'Sending emails',
      'Payment processing',
      'Map',
      'Address suggestions',
      'Audience measurement',
      'Flight status',
      'Customer reviews',
    ]);
    const all = text(page);
    for (const expected of [
      'Beispiel Rechenzentrum GmbH, Nürnberg runs the servers',
      'mail server smtp.mailer.example',
      'Stripe Payments Europe, Limited (Ireland)',
      'photon.komoot.io (komoot GmbH)',
      'plausible.io (Plausible Insights OÜ, Estonia)',
      'eKomi Holding GmbH',
      'tile.openstreetmap.org (OpenStreetMap Foundation, United Kingdom)',
    ]) {
      expect(all).toContain(expected);
    }
    expect(all).not.toMatch(/t0p-secret|sk_test|mailer:/);
    expect(all).not.toContain('No external email provider');
  });

  it('terms name the contracting party', () => {
    expect(text(loadLegalPage(CONFIG, 'terms', 'de'))).toContain(
      'Vertragspartner ist Parkplatz-Shop GmbH, Hafenstraße 12',
    );
  });
});
