import { describe, expect, it } from 'vitest';
import os from 'node:os';
import { isDramaNumber } from '#database/seed/drama-numbers.ts';
import { loadEnv } from './env.server.ts';

/** A source with the session secret set, so loading writes no file. */
const base = { SESSION_SECRET: 'x'.repeat(40), DATA_DIR: '.data/test-env', PUBLIC_URL: 'https://parken.example' };

/** The Impressum of a real company (SHOP_SAMPLE_DATA=0 needs every sample value replaced). */
const real = {
  ...base,
  SHOP_SAMPLE_DATA: '0',
  // not a drama number, and no real one either: German subscriber numbers never start with 0
  SHOP_PHONE: '+49 30 0000 0000',
  SHOP_MANAGING_DIRECTORS: 'Jana Beispielhaft',
  SHOP_REGISTER_NUMBER: 'HRB 98765 B',
  SHOP_REGISTER_COURT: 'Amtsgericht Berlin (Charlottenburg)',
};

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
    expect(() => loadEnv({ ...base, SHOP_SAMPLE_DATA: '0' })).toThrow(/SHOP_PHONE[\s\S]*SHOP_MANAGING_DIRECTORS/);
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
