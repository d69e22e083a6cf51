import { describe, expect, it } from 'vitest';
import os from 'node:os';
import { isDramaNumber } from '#database/seed/drama-numbers.ts';
import { loadEnv } from './env.server.ts';

/** A source with the session secret set, so loading writes no file. */
const base = { SESSION_SECRET: 'x'.repeat(40), DATA_DIR: '.data/test-env', PUBLIC_URL: 'https://parken.example' };

/**
 * A real company (SHOP_SAMPLE_DATA=0 needs every sample value replaced): Impressum, invoice seller, bank account,
 * mail addresses and the shop's address. Invented, but nothing about them is a sample value.
 */
const real = {
  ...base,
  PUBLIC_URL: 'https://www.parkhafen.de',
  SHOP_SAMPLE_DATA: '0',
  SHOP_NAME: 'Parkhafen',
  SHOP_ADDRESS: 'Flughafenstraße 7, 40474 Düsseldorf, Deutschland',
  SHOP_EMAIL: 'service@parkhafen.de',
  MAIL_FROM: 'Parkhafen <buchung@parkhafen.de>',
  // not a drama number, and no real one either: German subscriber numbers never start with 0
  SHOP_PHONE: '+49 30 0000 0000',
  SHOP_VAT_ID: 'DE999999995',
  SHOP_IBAN: 'DE89 3704 0044 0532 0130 00',
  SHOP_BIC: 'COBADEFFXXX',
  SHOP_BANK_NAME: 'Commerzbank',
  SHOP_MANAGING_DIRECTORS: 'Jana Beispielhaft',
  SHOP_REGISTER_NUMBER: 'HRB 98765 B',
  SHOP_REGISTER_COURT: 'Amtsgericht Berlin (Charlottenburg)',
};

/** The one line of `loadEnv`'s error for `source`, or null when it loads. */
function refusal(source: Record<string, string | undefined>): string | null {
  try {
    loadEnv(source);
    return null;
  } catch (error) {
    return (error as Error).message;
  }
}

describe('loadEnv: legal identity and sample data', () => {
  it('defaults to an obviously sample company whose phone number never rings', () => {
    const env = loadEnv(base);
    expect(env).toMatchObject({
      SHOP_SAMPLE_DATA: true,
      SHOP_PHONE: '+49 69 90009 500',
      SHOP_LEGAL_FORM: 'GmbH',
      SHOP_MANAGING_DIRECTORS: 'Erika Mustermann, Max Mustermann',
      SHOP_REGISTER_COURT: 'Amtsgericht Frankfurt am Main',
      SHOP_REGISTER_NUMBER: 'HRB 000000',
    });
    expect(isDramaNumber(env.SHOP_PHONE)).toBe(true);
    expect(env.EKOMI_INTERFACE_ID).toBeUndefined();
    expect(env.STRIPE_SECRET_KEY).toBeUndefined();
  });

  it('validates and normalises the register entry and the economic id', () => {
    expect(loadEnv({ ...base, SHOP_REGISTER_NUMBER: ' HRB  12345 ' }).SHOP_REGISTER_NUMBER).toBe('HRB 12345');
    expect(() => loadEnv({ ...base, SHOP_REGISTER_NUMBER: '12345' })).toThrow(/SHOP_REGISTER_NUMBER/);
    expect(() => loadEnv({ ...base, SHOP_REGISTER_COURT: 'Frankfurt' })).toThrow(/SHOP_REGISTER_COURT/);
    expect(() => loadEnv({ ...base, SHOP_REGISTER_COURT: '' })).toThrow(/set both or neither/);
    const none = loadEnv({ ...base, SHOP_REGISTER_COURT: '', SHOP_REGISTER_NUMBER: '' });
    expect([none.SHOP_REGISTER_COURT, none.SHOP_REGISTER_NUMBER]).toEqual(['', '']);
    expect(() => loadEnv({ ...base, SHOP_ECONOMIC_ID: 'DE123' })).toThrow(/SHOP_ECONOMIC_ID/);
    expect(loadEnv({ ...base, SHOP_ECONOMIC_ID: 'DE123456789-00001' }).SHOP_ECONOMIC_ID).toBe('DE123456789-00001');
  });

  it('treats empty optional services as off', () => {
    const env = loadEnv({ ...base, EKOMI_INTERFACE_ID: ' ', STRIPE_SECRET_KEY: '', SHOP_HOSTING_PROVIDER: '' });
    expect([env.EKOMI_INTERFACE_ID, env.STRIPE_SECRET_KEY, env.SHOP_HOSTING_PROVIDER]).toEqual([
      undefined,
      undefined,
      undefined,
    ]);
  });

  it('with SHOP_SAMPLE_DATA=0 refuses every sample value of the Impressum, and accepts real ones', () => {
    expect(loadEnv(real).SHOP_SAMPLE_DATA).toBe(false);
    expect(() => loadEnv({ ...real, SHOP_PHONE: '+49 30 23125 111' })).toThrow(/SHOP_PHONE/);
    expect(() => loadEnv({ ...real, SHOP_MANAGING_DIRECTORS: undefined })).toThrow(/SHOP_MANAGING_DIRECTORS/);
    expect(() => loadEnv({ ...real, SHOP_REGISTER_NUMBER: undefined })).toThrow(/SHOP_REGISTER_NUMBER/);
  });

  it('with SHOP_SAMPLE_DATA=0 refuses each sample value of the shop (issue 30 item 6), naming that one setting', () => {
    const samples: [Record<string, string | undefined>, string][] = [
      [{ SHOP_IBAN: undefined }, 'SHOP_IBAN'],
      [{ SHOP_IBAN: 'de02 1203 0000 0000 2020 51' }, 'SHOP_IBAN'],
      [{ SHOP_BANK_NAME: undefined }, 'SHOP_BANK_NAME'],
      [{ SHOP_BANK_NAME: ' demo bank ' }, 'SHOP_BANK_NAME'],
      [{ SHOP_VAT_ID: undefined }, 'SHOP_VAT_ID'],
      [{ SHOP_VAT_ID: 'DE 123 456 789' }, 'SHOP_VAT_ID'],
      [{ SHOP_EMAIL: undefined }, 'SHOP_EMAIL'],
      [{ SHOP_EMAIL: 'service@parkhafen.example' }, 'SHOP_EMAIL'],
      [{ SHOP_EMAIL: 'service@example.com' }, 'SHOP_EMAIL'],
      [{ MAIL_FROM: undefined }, 'MAIL_FROM'],
      [{ MAIL_FROM: 'Parkhafen <buchung@parkhafen.example>' }, 'MAIL_FROM'],
      [{ PUBLIC_URL: 'https://parkplatz-shop.example' }, 'PUBLIC_URL'],
      [{ SHOP_NAME: undefined }, 'SHOP_NAME'],
      [{ SHOP_ADDRESS: undefined }, 'SHOP_ADDRESS'],
    ];
    for (const [change, setting] of samples) {
      const message = refusal({ ...real, ...change });
      expect(message, JSON.stringify(change)).toMatch(new RegExp(`^  ${setting}: `, 'm'));
      // only the sample is named: every other setting of `real` passes
      expect(message!.split('\n').slice(1), JSON.stringify(change)).toHaveLength(1);
    }
  });

  it('with SHOP_SAMPLE_DATA=1 (the default) runs on the sample company', () => {
    expect(loadEnv(base)).toMatchObject({
      SHOP_IBAN: 'DE02120300000000202051',
      SHOP_BANK_NAME: 'Demo Bank',
      SHOP_VAT_ID: 'DE123456789',
      SHOP_EMAIL: 'service@parkplatz-shop.example',
    });
  });

  it('names every sample setting at once when SHOP_SAMPLE_DATA=0 is set on the defaults', () => {
    const message = refusal({ ...base, PUBLIC_URL: 'https://parkplatz-shop.example', SHOP_SAMPLE_DATA: '0' })!;
    const named = [...message.matchAll(/^ {2}([A-Z_]+):/gm)].map((m) => m[1]).sort();
    expect(named).toEqual(
      [
        'MAIL_FROM',
        'PUBLIC_URL',
        'SHOP_ADDRESS',
        'SHOP_BANK_NAME',
        'SHOP_EMAIL',
        'SHOP_IBAN',
        'SHOP_MANAGING_DIRECTORS',
        'SHOP_NAME',
        'SHOP_PHONE',
        'SHOP_REGISTER_NUMBER',
        'SHOP_VAT_ID',
      ].sort(),
    );
  });

  it('with SHOP_SAMPLE_DATA=0 refuses seller data an e-invoice cannot carry (issue 34 item 4)', () => {
    expect(refusal(real)).toBeNull();
    expect(refusal({ ...real, SHOP_VAT_ID: 'DE999999999' })).toMatch(/SHOP_VAT_ID: not a VAT ID .*check digit/);
    expect(refusal({ ...real, SHOP_VAT_ID: '999999995' })).toMatch(/SHOP_VAT_ID/);
    expect(refusal({ ...real, SHOP_ADDRESS: 'Flughafenstraße 7 in Düsseldorf' })).toMatch(
      /SHOP_ADDRESS: street, postcode and town cannot be read/,
    );
    expect(refusal({ ...real, SHOP_PHONE: ' ' })).toMatch(/SHOP_PHONE: empty; an e-invoice/);
    // with the sample company (SHOP_SAMPLE_DATA=1) its data are used as they are
    expect(refusal({ ...base, SHOP_VAT_ID: 'DE999999999' })).toBeNull();
  });

  it('resolves the seat: SHOP_SEAT, else the town of SHOP_ADDRESS; a registered company needs one', () => {
    expect(loadEnv(base).SHOP_SEAT).toBe('Frankfurt am Main');
    expect(loadEnv(real).SHOP_SEAT).toBe('Düsseldorf');
    expect(loadEnv({ ...real, SHOP_SEAT: ' Neuss ' }).SHOP_SEAT).toBe('Neuss');
    // (on the sample switch: with SHOP_SAMPLE_DATA=0 an address without postcode is refused for e-invoices too)
    const noTown = { ...real, SHOP_SAMPLE_DATA: '1', SHOP_ADDRESS: 'Flughafenstraße 7, Düsseldorf' };
    expect(refusal(noTown)).toMatch(/^ {2}SHOP_SEAT: /m);
    expect(loadEnv({ ...noTown, SHOP_SEAT: 'Düsseldorf' }).SHOP_SEAT).toBe('Düsseldorf');
    // no register entry (a sole trader): no seat needed
    expect(loadEnv({ ...noTown, SHOP_REGISTER_COURT: '', SHOP_REGISTER_NUMBER: '' }).SHOP_SEAT).toBe('');
  });
});

describe('loadEnv: WEB_CONCURRENCY (issue 11)', () => {
  const postgres = { ...base, DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/shop' };

  it('defaults to one process on PGlite and to the cores on PostgreSQL', () => {
    expect(loadEnv(base).WEB_CONCURRENCY).toBe(1);
    expect(loadEnv({ ...base, WEB_CONCURRENCY: '' }).WEB_CONCURRENCY).toBe(1);
    expect(loadEnv(postgres).WEB_CONCURRENCY).toBe(os.availableParallelism());
    expect(loadEnv({ ...postgres, WEB_CONCURRENCY: '3' }).WEB_CONCURRENCY).toBe(3);
  });

  it('refuses more than one process on PGlite, and values that are not a count', () => {
    expect(loadEnv({ ...base, WEB_CONCURRENCY: '1' }).WEB_CONCURRENCY).toBe(1);
    expect(() => loadEnv({ ...base, WEB_CONCURRENCY: '2' })).toThrow(/WEB_CONCURRENCY: 2 processes need PostgreSQL/);
    expect(() => loadEnv({ ...postgres, WEB_CONCURRENCY: '0' })).toThrow(/WEB_CONCURRENCY/);
    expect(() => loadEnv({ ...postgres, WEB_CONCURRENCY: 'two' })).toThrow(/WEB_CONCURRENCY/);
    expect(() => loadEnv({ ...postgres, WEB_CONCURRENCY: '1.5' })).toThrow(/WEB_CONCURRENCY/);
  });
});

describe('loadEnv: the test host (SPEC §7, issue 16)', () => {
  it('takes both settings or neither', () => {
    const env = loadEnv({
      ...base,
      STAGING_HOST: ' Staging.Parkplatz-Shop.example ',
      STAGING_BASIC_AUTH: 'team:s3cret',
    });
    expect(env.STAGING_HOST).toBe('staging.parkplatz-shop.example');
    expect(env.STAGING_BASIC_AUTH).toBe('team:s3cret');
    expect(loadEnv({ ...base, STAGING_HOST: '', STAGING_BASIC_AUTH: '' }).STAGING_HOST).toBeUndefined();
    expect(() => loadEnv({ ...base, STAGING_HOST: 'staging.example' })).toThrow(/STAGING_BASIC_AUTH: set both/);
    expect(() => loadEnv({ ...base, STAGING_BASIC_AUTH: 'team:s3cret' })).toThrow(/STAGING_BASIC_AUTH: set both/);
  });

  it('refuses a host that is not a host name and credentials that are not user:password', () => {
    const ok = { STAGING_HOST: 'staging.example', STAGING_BASIC_AUTH: 'team:s3cret' };
    expect(() => loadEnv({ ...base, ...ok, STAGING_HOST: 'https://staging.example/' })).toThrow(/STAGING_HOST/);
    expect(() => loadEnv({ ...base, ...ok, STAGING_HOST: 'staging.example:8080' })).toThrow(/STAGING_HOST/);
    expect(() => loadEnv({ ...base, ...ok, STAGING_BASIC_AUTH: 'no-colon' })).toThrow(/STAGING_BASIC_AUTH/);
    expect(() => loadEnv({ ...base, ...ok, STAGING_BASIC_AUTH: ':password' })).toThrow(/STAGING_BASIC_AUTH/);
    expect(() => loadEnv({ ...base, ...ok, STAGING_BASIC_AUTH: 'team:' })).toThrow(/STAGING_BASIC_AUTH/);
  });
});

describe('loadEnv: online payment (issue 13)', () => {
  it('takes both Stripe keys or neither, an API URL, and the demo flag', () => {
    const env = loadEnv({
      ...base,
      STRIPE_SECRET_KEY: 'sk_test_1',
      STRIPE_WEBHOOK_SECRET: 'whsec_1',
      STRIPE_API_URL: 'http://127.0.0.1:12111',
    });
    expect(env).toMatchObject({
      STRIPE_SECRET_KEY: 'sk_test_1',
      STRIPE_WEBHOOK_SECRET: 'whsec_1',
      PAYMENT_DEMO: false,
    });
    expect(loadEnv({ ...base, PAYMENT_DEMO: '1' }).PAYMENT_DEMO).toBe(true);
    expect(loadEnv({ ...base, STRIPE_SECRET_KEY: ' ', STRIPE_WEBHOOK_SECRET: '' }).STRIPE_SECRET_KEY).toBeUndefined();
    expect(() => loadEnv({ ...base, STRIPE_SECRET_KEY: 'sk_test_1' })).toThrow(/STRIPE_WEBHOOK_SECRET: set both/);
    expect(() => loadEnv({ ...base, STRIPE_WEBHOOK_SECRET: 'whsec_1' })).toThrow(/STRIPE_WEBHOOK_SECRET: set both/);
    expect(() => loadEnv({ ...base, STRIPE_API_URL: 'not a url' })).toThrow(/STRIPE_API_URL/);
  });
});

describe('loadEnv: DATEV (issue 34 item 5, decision 0053)', () => {
  it('defaults to SKR03 with placeholder numbers and takes other accounts that fit the account length', () => {
    expect(loadEnv(base)).toMatchObject({
      DATEV_CONSULTANT_NUMBER: 1001,
      DATEV_CLIENT_NUMBER: 1,
      DATEV_ACCOUNT_LENGTH: 4,
      DATEV_REVENUE_ACCOUNT: '8400',
      DATEV_DEBITOR_ACCOUNT: '10000',
    });
    const skr04 = { DATEV_ACCOUNT_LENGTH: '5', DATEV_REVENUE_ACCOUNT: '44000', DATEV_DEBITOR_ACCOUNT: '100000' };
    expect(loadEnv({ ...base, ...skr04, DATEV_CONSULTANT_NUMBER: '29098' })).toMatchObject({
      DATEV_CONSULTANT_NUMBER: 29098,
      DATEV_REVENUE_ACCOUNT: '44000',
    });
    expect(loadEnv({ ...base, DATEV_DEBITOR_ACCOUNT: '1410' }).DATEV_DEBITOR_ACCOUNT).toBe('1410');
  });

  it('refuses numbers out of range and accounts that do not fit, naming the setting', () => {
    expect(refusal({ ...base, DATEV_CONSULTANT_NUMBER: '999' })).toMatch(/DATEV_CONSULTANT_NUMBER/);
    expect(refusal({ ...base, DATEV_CLIENT_NUMBER: '100000' })).toMatch(/DATEV_CLIENT_NUMBER/);
    expect(refusal({ ...base, DATEV_ACCOUNT_LENGTH: '9' })).toMatch(/DATEV_ACCOUNT_LENGTH/);
    expect(refusal({ ...base, DATEV_REVENUE_ACCOUNT: '84000' })).toMatch(/DATEV_REVENUE_ACCOUNT: a ledger account/);
    expect(refusal({ ...base, DATEV_REVENUE_ACCOUNT: '84-00' })).toMatch(/DATEV_REVENUE_ACCOUNT/);
    expect(refusal({ ...base, DATEV_DEBITOR_ACCOUNT: '100000' })).toMatch(/DATEV_DEBITOR_ACCOUNT: a debitor/);
  });
});

describe('loadEnv: PUBLIC_URL (issue 14 item 7, decision 0027)', () => {
  const { PUBLIC_URL: _none, ...unset } = base;

  it('is required in production, with a message naming the variable', () => {
    expect(() => loadEnv({ ...unset, NODE_ENV: 'production' })).toThrow(/PUBLIC_URL: required in production/);
    expect(() => loadEnv({ ...unset })).toThrow(/PUBLIC_URL/); // NODE_ENV defaults to production
    expect(() => loadEnv({ ...unset, NODE_ENV: 'production', PUBLIC_URL: '  ' })).toThrow(/PUBLIC_URL/);
  });

  it('must be an absolute http(s) URL', () => {
    for (const bad of [
      'parken.example',
      '/shop',
      'ftp://parken.example',
      'javascript:alert(1)',
      'https://x.example/?a=1',
    ]) {
      expect(() => loadEnv({ ...base, PUBLIC_URL: bad }), bad).toThrow(/PUBLIC_URL: must be an absolute http\(s\) URL/);
    }
  });

  it('is used as set, without a trailing slash', () => {
    expect(loadEnv({ ...base, NODE_ENV: 'production' }).PUBLIC_URL).toBe('https://parken.example');
    expect(loadEnv({ ...base, PUBLIC_URL: 'https://parken.example/shop/' }).PUBLIC_URL).toBe(
      'https://parken.example/shop',
    );
  });

  it('defaults to http://localhost:<PORT> outside production', () => {
    expect(loadEnv({ ...unset, NODE_ENV: 'development', PORT: '4321' }).PUBLIC_URL).toBe('http://localhost:4321');
    expect(loadEnv({ ...unset, NODE_ENV: 'test' }).PUBLIC_URL).toBe('http://localhost:3000');
  });
});

describe('loadEnv: wallet passes (issue 35 item 3, decision 0055)', () => {
  // any readable file stands in for a PEM or JSON file: the environment checks they exist, the signing reads them
  const file = 'package.json';
  const apple = {
    APPLE_WALLET_PASS_TYPE_ID: 'pass.example.parking',
    APPLE_WALLET_TEAM_ID: 'ABCDE12345',
    APPLE_WALLET_CERT: file,
    APPLE_WALLET_KEY: file,
    APPLE_WALLET_WWDR: file,
  };

  it('is off by default and takes all five Apple settings, or both Google settings', () => {
    expect(loadEnv(base).APPLE_WALLET_PASS_TYPE_ID).toBeUndefined();
    expect(loadEnv({ ...base, ...apple }).APPLE_WALLET_TEAM_ID).toBe('ABCDE12345');
    const google = { GOOGLE_WALLET_ISSUER_ID: '3388000000012345678', GOOGLE_WALLET_SERVICE_ACCOUNT: file };
    expect(loadEnv({ ...base, ...google }).GOOGLE_WALLET_ISSUER_ID).toBe('3388000000012345678');
  });

  it('refuses a partial configuration, naming what is missing, and files that cannot be read', () => {
    expect(() => loadEnv({ ...base, ...apple, APPLE_WALLET_WWDR: '' })).toThrow(/APPLE_WALLET_WWDR: set all of/);
    expect(() => loadEnv({ ...base, GOOGLE_WALLET_ISSUER_ID: '1' })).toThrow(/GOOGLE_WALLET_SERVICE_ACCOUNT: set both/);
    expect(() => loadEnv({ ...base, ...apple, APPLE_WALLET_KEY: '/nonexistent/key.pem' })).toThrow(
      /APPLE_WALLET_KEY: \/nonexistent\/key.pem is not a readable file/,
    );
    expect(() => loadEnv({ ...base, ...apple, APPLE_WALLET_PASS_TYPE_ID: 'com.example' })).toThrow(
      /APPLE_WALLET_PASS_TYPE_ID/,
    );
    expect(() => loadEnv({ ...base, ...apple, APPLE_WALLET_TEAM_ID: 'abc' })).toThrow(/APPLE_WALLET_TEAM_ID/);
  });
});

describe('loadEnv: the handover photo store (issue 36 item 2)', () => {
  const s3 = {
    S3_ENDPOINT: 'https://s3.eu-central-1.amazonaws.com',
    S3_BUCKET: 'parkshop-handover',
    S3_ACCESS_KEY_ID: 'AKIAEXAMPLE',
    S3_SECRET_ACCESS_KEY: 'secret-example',
  };

  it('is local by default (empty = unset) and takes all four S3 settings with an optional region', () => {
    const local = loadEnv({ ...base, S3_ENDPOINT: '', S3_BUCKET: ' ' });
    expect([local.S3_ENDPOINT, local.S3_BUCKET, local.S3_REGION]).toEqual([undefined, undefined, undefined]);
    const remote = loadEnv({ ...base, ...s3 });
    expect(remote).toMatchObject(s3);
    expect(remote.S3_REGION).toBeUndefined();
    expect(loadEnv({ ...base, ...s3, S3_REGION: 'eu-central-1' }).S3_REGION).toBe('eu-central-1');
  });

  it('refuses a partial configuration, naming what is missing, and a region without the store', () => {
    expect(refusal({ ...base, ...s3, S3_SECRET_ACCESS_KEY: '' })).toMatch(
      /Invalid environment:\n {2}S3_SECRET_ACCESS_KEY: set all of S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, or none/,
    );
    expect(refusal({ ...base, S3_BUCKET: 'photos' })).toMatch(
      /S3_ENDPOINT, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: set all of/,
    );
    expect(refusal({ ...base, S3_REGION: 'eu-central-1' })).toMatch(/S3_REGION: only with S3_ENDPOINT/);
  });

  it('refuses an endpoint that is not an http(s) URL and a bad bucket name', () => {
    expect(refusal({ ...base, ...s3, S3_ENDPOINT: 's3.amazonaws.com' })).toMatch(/S3_ENDPOINT: must be an absolute/);
    expect(refusal({ ...base, ...s3, S3_ENDPOINT: 'ftp://files.example' })).toMatch(/S3_ENDPOINT/);
    expect(refusal({ ...base, ...s3, S3_BUCKET: 'Photos_2026' })).toMatch(/S3_BUCKET: not a bucket name/);
    expect(refusal({ ...base, ...s3, S3_REGION: 'EU Central' })).toMatch(/S3_REGION/);
  });
});
