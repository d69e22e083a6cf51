// Issue 11, item 5: no page route ships more than 120 KB (120,000 bytes) of first-load JavaScript, gzip, as
// `npm run bench:weight` measures it from the production build's route manifest. Runs in the e2e step of
// `npm test` because the build exists there (Playwright's web server builds it when stale).
import { expect, test } from '@playwright/test';
import { JS_BUDGET_GZIP_BYTES, routeWeights } from '../../bench/weight.js';

test('every page route stays within the first-load JavaScript budget (120 KB gzip)', () => {
  const routes = routeWeights();
  expect(Object.keys(routes)).toContain('checkout.booking');
  expect(Object.keys(routes)).not.toContain('guest.reservation.download');
  const over = Object.entries(routes)
    .filter(([, r]) => r.jsGzipBytes > JS_BUDGET_GZIP_BYTES)
    .map(([id, r]) => `${id}: ${r.jsGzipBytes} bytes (${r.heaviest.join(', ')})`);
  expect(over, `first-load JavaScript over ${JS_BUDGET_GZIP_BYTES} bytes gzip`).toEqual([]);
});
