import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 3107);
// One data directory per port, so runs on different ports do not wipe each other's database or mail outbox.
// Exported through the environment to the test workers (tests read mails from `<dir>/mail`).
process.env.E2E_DATA_DIR ??= path.resolve(`.data/e2e-${PORT}`);

// System Chromium only (DESIGN §9): never download a browser.
export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list'], ['json', { outputFile: 'test-results/e2e.json' }]] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
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
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
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
    },
  },
});
