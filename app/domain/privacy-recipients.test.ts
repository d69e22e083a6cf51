import { describe, expect, it } from 'vitest';
import { configuredHost, privacyRecipients, type PrivacyConfig } from './privacy-recipients.ts';

const OSM = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';

/** The kinds in use, in order. */
const kinds = (config: PrivacyConfig) => privacyRecipients(config).used.map((r) => r.kind);

describe('configuredHost', () => {
  it('reads the host of URLs and tile templates, without credentials, port or template labels', () => {
    expect(configuredHost(OSM)).toBe('tile.openstreetmap.org');
    expect(configuredHost('https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png')).toBe('tile.openstreetmap.org');
    expect(configuredHost('smtp://user:s3cret@Mail.Example.com:587')).toBe('mail.example.com');
    expect(configuredHost('smtps://apikey:p@ss@smtp.example.net')).toBe('smtp.example.net');
    expect(configuredHost('https://photon.komoot.io/api/?lang=de')).toBe('photon.komoot.io');
  });

  it('yields null rather than anything that could carry a secret or is not a host', () => {
    expect(configuredHost(undefined)).toBeNull();
    expect(configuredHost('')).toBeNull();
    expect(configuredHost('/js/analytics.js')).toBeNull();
    expect(configuredHost('smtp://user:pass/word@host.example')).toBeNull();
    expect(configuredHost('not a url')).toBeNull();
  });
});

describe('privacyRecipients', () => {
  it('with only the defaults: operator, own hosting and the map after consent; mail, payment and the rest off', () => {
    const { used, unused } = privacyRecipients({ mapTileUrl: OSM });
    expect(used.map((r) => r.kind)).toEqual(['operator', 'hosting', 'map']);
    expect(used.find((r) => r.kind === 'hosting')?.provider).toBeNull();
    expect(used.find((r) => r.kind === 'map')).toEqual({
      kind: 'map',
      host: 'tile.openstreetmap.org',
      provider: 'OpenStreetMap Foundation',
      country: 'GB',
      basis: ['a'],
      afterConsent: true,
    });
    expect(unused).toEqual(['mail', 'payment', 'geocoder', 'analytics', 'flights', 'reviews']);
  });

  it('with everything on: each service once, with its host or provider and legal basis', () => {
    const { used, unused } = privacyRecipients({
      smtpUrl: 'smtp://user:secret@smtp.mailer.example:587',
      mapTileUrl: 'https://tiles.example.org/{z}/{x}/{y}.png',
      addressAutocompleteUrl: 'https://photon.komoot.io/api/',
      analyticsUrl: 'https://plausible.io/js/script.js',
      ekomiInterfaceId: '12345',
      stripeSecretKey: 'sk_test_123',
      hostingProvider: ' Beispiel Hosting GmbH, Nürnberg ',
      flightStatusKey: 'rapidapi-key',
    });
    expect(unused).toEqual([]);
    expect(used.map((r) => [r.kind, r.host, r.provider, r.basis.join(''), r.afterConsent])).toEqual([
      ['operator', null, null, 'b', false],
      ['hosting', null, 'Beispiel Hosting GmbH, Nürnberg', 'bf', false],
      ['mail', 'smtp.mailer.example', null, 'ab', false],
      ['payment', null, 'Stripe Payments Europe, Limited', 'b', false],
      ['map', 'tiles.example.org', null, 'a', true],
      ['geocoder', 'photon.komoot.io', 'komoot GmbH', 'f', false],
      ['analytics', 'plausible.io', 'Plausible Insights OÜ', 'a', true],
      ['flights', null, 'AeroDataBox über RapidAPI (Nokia / Rapid, USA)', 'b', false],
      ['reviews', null, 'eKomi Holding GmbH', 'f', false],
    ]);
    expect(JSON.stringify(used)).not.toContain('secret');
    expect(JSON.stringify(used)).not.toContain('rapidapi-key');
  });

  it('switches each optional service on and off on its own setting; empty values count as off', () => {
    const optional = {
      smtpUrl: ['mail', 'smtp://mail.example.com'],
      stripeSecretKey: ['payment', 'sk_live_x'],
      mapTileUrl: ['map', OSM],
      addressAutocompleteUrl: ['geocoder', 'https://geo.example.com/api/'],
      analyticsUrl: ['analytics', 'https://stats.example.com/a.js'],
      ekomiInterfaceId: ['reviews', '4711'],
      flightStatusKey: ['flights', 'rapidapi-key'],
    } as const;
    for (const [key, [kind, value]] of Object.entries(optional)) {
      expect(kinds({ [key]: value }), key).toEqual(['operator', 'hosting', kind]);
      expect(kinds({ [key]: '' }), key).toEqual(['operator', 'hosting']);
      expect(kinds({ [key]: '   ' }), key).toEqual(['operator', 'hosting']);
      expect(privacyRecipients({ [key]: undefined }).unused, key).toContain(kind);
    }
  });

  it('names a subdomain of a known host by its provider, and an unknown host by its host only', () => {
    const [, , analytics] = privacyRecipients({ analyticsUrl: 'https://www.googletagmanager.com/gtm.js?id=X' }).used;
    expect([analytics.host, analytics.provider, analytics.country]).toEqual([
      'www.googletagmanager.com',
      'Google Ireland Limited',
      'IE',
    ]);
    const [, , mail] = privacyRecipients({ smtpUrl: 'smtp://relay.internal.example' }).used;
    expect([mail.host, mail.provider, mail.country]).toEqual(['relay.internal.example', null, null]);
  });
});
