import fs from 'node:fs';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { walletCertificatesIn } from './tests/fixtures/wallet-certificates.ts';

const PORT = Number(process.env.E2E_PORT ?? 3107);
// One data directory per port, so runs on different ports do not wipe each other's database or mail outbox.
// Exported through the environment to the test workers (tests read mails from `<dir>/mail`).
process.env.E2E_DATA_DIR ??= path.resolve(`.data/e2e-${PORT}`);
// Apple Wallet on in the e2e server (decision 0055): certificates made fresh for the run (a test CA standing in for
// Apple's WWDR). Google Wallet stays off, so the specs see one wallet button and not the other; without any wallet
// setting no button shows (tests/integration/wallet-pass.test.ts checks the page's loader).
// (beside the data directory, which the server empties at start; made once, every worker reads this file again)
const walletCertificates = walletCertificatesIn(path.resolve(`.data/e2e-${PORT}-wallet`));

/**
 * Specs that change what other specs read (decision 0048): Kassel unlocked for a while (admin-catalogue, newsletter),
 * the seeded coupon WILLKOMMEN10 disabled and Frankfurt's newest review hidden (admin-misc), the server's clock moved
 * past a booking's entry (extension). They run on their own,
 * one at a time, after all the others.
 */
const EXCLUSIVE = [
  /admin-catalogue\.spec\.ts$/,
  /admin-misc\.spec\.ts$/,
  /newsletter\.spec\.ts$/,
  // moves the server's clock past a booking's entry (the test clock, decision 0054): every other page would see it
  /extension\.spec\.ts$/,
];
const chromium = { ...devices['Desktop Chrome'], channel: undefined };
// Debian's old headless shell (package chromium-headless-shell, the same Chromium build without the full browser's
// GPU process and window machinery): the e2e suite's browser, a third less CPU than the full /usr/bin/chromium on two
// cores (decision 0050). The full browser when the shell is not installed; CHROME_PATH overrides both.
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const BROWSER = process.env.CHROME_PATH ?? (fs.existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

// System Chromium only (DESIGN §9): never download a browser.
export default defineConfig({
  testDir: 'tests/e2e',
  // Traces and screenshots in a folder of their own: Playwright empties its output folder at the start, and
  // test-results/ also holds vitest's report of the same `npm test` (read by `npm run test:slowest`).
  outputDir: 'test-results/e2e',
  // Two workers on two cores: spec files run side by side, the tests of one file in order. Each test makes its own
  // customer, booking and staff member (tests/e2e/admin.ts), and reads only its own mails.
  fullyParallel: false,
  workers: 2,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list'], ['json', { outputFile: 'test-results/e2e.json' }]] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: BROWSER,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    // the first admin, through the setup link (it invites every member the specs sign in as)
    { name: 'setup', testMatch: /staff\.setup\.ts$/, use: chromium },
    { name: 'chromium', use: chromium, testIgnore: EXCLUSIVE, dependencies: ['setup'] },
    // after the others, one at a time (when a test of `chromium` failed, Playwright skips these)
    { name: 'exclusive', use: chromium, testMatch: EXCLUSIVE, dependencies: ['chromium'], workers: 1 },
  ],
  webServer: {
    command: 'node scripts/e2e-server.js',
    url: `http://127.0.0.1:${PORT}/translations/de.json`,
    timeout: 240_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    // ADDRESS_AUTOCOMPLETE_URL switches the address autocomplete on; nothing listens there (discard port): the
    // spec fulfils /api/address-autocomplete in the browser, and other specs' typing just gets no suggestions.
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: process.env.E2E_DATA_DIR,
      ADDRESS_AUTOCOMPLETE_URL: 'http://127.0.0.1:9/',
      // the test host of SPEC §7 (tests/e2e/staging.spec.ts); requests to 127.0.0.1 are not affected
      STAGING_HOST: 'staging.localhost',
      STAGING_BASIC_AUTH: 'e2e:staging-Secret-7',
      // online payment through the built-in demo provider (issue 13, tests/e2e/online-payment.spec.ts)
      PAYMENT_DEMO: '1',
      // Apple Wallet passes (tests/e2e/wallet.spec.ts)
      ...walletCertificates.appleEnv,
      // the movable clock of the admin endpoint (decision 0054, tests/e2e/extension.spec.ts: a started stay)
      SHOP_TEST_CLOCK: '1',
    },
  },
});
