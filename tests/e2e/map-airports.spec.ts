/**
 * The privacy-first map and the airport pages (issue 10): no request leaves the shop's origin before the visitor
 * loads the interactive map on purpose; our static overview shows every airport (and on airports.show the lots)
 * as links; "Karte laden" loads Leaflet and only then tiles, and the choice is remembered; the modals of the
 * airport page (services, eapcomment, airportGallery, gallery, eapVideo); screenshots at 390 and 1280 px.
 * Requests to other hosts are answered with a 404 inside the browser: nothing leaves the machine.
 */
import { expect, test, type Page, type Request } from '@playwright/test';
import { localDateTime, pageHydrated } from './pages.ts';

/** Waits until the client layer has mounted (its effects install `window.eapFlash`). */
async function hydrated(page: Page) {
  await pageHydrated(page);
}

/**
 * Records every request of the page; those to another origin are listed in `foreign` and answered 404 by the
 * browser (so tile servers are "down" and nothing leaves the machine).
 */
async function recordRequests(page: Page) {
  const origin = new URL(test.info().project.use.baseURL!).origin;
  const requests: string[] = [];
  const foreign: string[] = [];
  page.on('request', (request: Request) => {
    const url = new URL(request.url());
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return;
    requests.push(request.url());
    if (url.origin !== origin) foreign.push(request.url());
  });
  await page.route(
    (url) => (url.protocol === 'http:' || url.protocol === 'https:') && url.origin !== origin,
    (route) => route.fulfill({ status: 404, body: '' }),
  );
  return { requests, foreign };
}

const isMapChunk = (url: string) => /\/js\/airport-map-[\w-]+\.(js|css)$/.test(new URL(url).pathname);
const tariffs = () =>
  `/buchung/tarife?airport=frankfurt&entry=${localDateTime(30, '08:00')}&exit=${localDateTime(37, '18:00')}`;

test.describe('privacy-first map', () => {
  test('no request leaves the origin before the map is loaded on purpose', async ({ page }) => {
    const { requests, foreign } = await recordRequests(page);
    const pages: [string, () => string][] = [
      ['index', () => '/'],
      ['airports.index', () => '/parkplatz'],
      ['airports.show', () => '/parkplatz/frankfurt'],
      ['contact.index', () => '/kontakt'],
      ['faq', () => '/faq'],
      ['checkout.tariffs', tariffs],
    ];
    const visited: string[] = [];
    for (const [routeName, path] of pages) {
      const response = await page.goto(path());
      if (response?.status() === 404) continue; // a page this branch does not have yet (contact, faq)
      await expect(page.locator('meta[name="route-name"]')).toHaveAttribute('content', routeName);
      await hydrated(page);
      // scroll through the whole page, so every lazy image and feature would ask now
      await page.evaluate(async () => {
        for (let y = 0; y < document.body.scrollHeight; y += 600) {
          window.scrollTo(0, y);
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      });
      await page.waitForLoadState('networkidle');
      visited.push(routeName);
      expect(foreign, routeName).toEqual([]);
    }
    expect(visited).toEqual(expect.arrayContaining(['index', 'airports.index', 'airports.show', 'checkout.tariffs']));
    // Leaflet (JS and CSS) was not even fetched from our own server
    expect(requests.filter(isMapChunk)).toEqual([]);
  });

  test('the overview shows one marker per airport, each a link, with tiles blocked', async ({ page }) => {
    const { foreign } = await recordRequests(page);
    await page.goto('/parkplatz');
    await hydrated(page);
    const map = page.getByRole('region', { name: 'Karte der Flughäfen' });
    const markers = map.locator('[data-airport-iata]');
    await expect(markers).toHaveCount(13);
    await expect(map.locator('[data-airport-iata="KSF"]')).toHaveAttribute('data-locked', '');
    await expect(map.getByRole('link', { name: 'HAM: Flughafen Hamburg' })).toHaveAttribute(
      'href',
      '/parkplatz/hamburg',
    );
    // the text list beside it names the same airports
    await expect(page.locator('[data-map-list] li')).toHaveCount(13);

    // keyboard: the markers are in the tab order; Enter follows the link
    await map.getByRole('link', { name: 'BRE: Flughafen Bremen' }).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/parkplatz\/bremen$/);
    await expect(page.locator('meta[name="route-name"]')).toHaveAttribute('content', 'airports.show');

    // airports.show: the airport is marked as the current page, its lots are numbered links to their directions
    const detail = page.getByRole('region', { name: /Flughafen Bremen/ });
    await expect(detail.locator('[data-airport-iata="BRE"]')).toHaveAttribute('aria-current', 'page');
    const lots = detail.locator('[data-lot-id]');
    expect(await lots.count()).toBeGreaterThan(1);
    const target = await lots.first().getAttribute('href');
    await lots.first().click();
    await expect(page.locator(target!)).toBeInViewport();
    expect(foreign).toEqual([]);
  });

  test('"Karte laden" loads Leaflet and only then tiles; the choice is remembered and can be withdrawn', async ({
    page,
    context,
  }) => {
    const { requests, foreign } = await recordRequests(page);
    await page.goto('/');
    await hydrated(page);
    await expect(page.locator('[data-map-overview] [data-airport-iata]')).toHaveCount(13);
    expect(requests.filter(isMapChunk)).toEqual([]);

    await page.getByRole('button', { name: 'Karte laden' }).click();
    const map = page.locator('[data-map]');
    await expect(map.locator('.leaflet-marker-icon[data-airport-iata]')).toHaveCount(13);
    await expect.poll(() => foreign.filter((url) => url.includes('tile.openstreetmap.org')).length).toBeGreaterThan(0);
    expect(requests.filter(isMapChunk).length).toBeGreaterThan(0);
    expect(foreign.every((url) => url.includes('tile.openstreetmap.org'))).toBe(true);
    await expect(page.getByRole('button', { name: 'Karte ausblenden' })).toBeFocused();
    const cookie = (await context.cookies()).find((c) => c.name === 'eap_map-consent');
    expect(cookie?.value).toBe('1');
    expect(await page.evaluate(() => localStorage.getItem('eap_map-consent'))).toBe('1');

    // remembered: the server renders the loaded state, Leaflet comes without a click
    await page.goto('/parkplatz');
    await hydrated(page);
    await expect(page.locator('[data-map] .leaflet-marker-icon[data-airport-iata]')).toHaveCount(13);
    // every airport's lots are on this map too, shown from street-level zoom on
    await expect(page.locator('[data-map] [data-lot-id]')).toHaveCount(0);
    // Zoomed in click by click until the lots show (a click during a zoom animation is ignored: clicked again).
    await expect(async () => {
      await page.getByRole('button', { name: 'Zoom in' }).click();
      expect(await page.locator('[data-map] [data-lot-id]').count()).toBeGreaterThan(30);
    }).toPass();
    // the cookie alone (no localStorage) is enough, and localStorage alone restores the cookie
    await page.evaluate(() => localStorage.removeItem('eap_map-consent'));
    await page.reload();
    await hydrated(page);
    await expect(page.getByRole('button', { name: 'Karte ausblenden' })).toBeVisible();

    // withdrawn: back to the overview, cookie and storage cleared, nothing loads on the next page
    await page.getByRole('button', { name: 'Karte ausblenden' }).click();
    await expect(page.locator('[data-map-overview]')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Karte laden' })).toBeFocused();
    expect((await context.cookies()).some((c) => c.name === 'eap_map-consent' && c.value === '1')).toBe(false);
    const before = foreign.length;
    await page.goto('/parkplatz/frankfurt');
    await hydrated(page);
    await page.waitForLoadState('networkidle');
    await expect(page.locator('[data-map]')).toHaveCount(0);
    expect(foreign.length).toBe(before);
  });
});

test.describe('airport page modals', () => {
  test('the services modal opens from a tariff', async ({ page }) => {
    await page.goto('/parkplatz/frankfurt');
    await hydrated(page);
    const link = page.getByRole('link', { name: 'Leistungen: Shuttle-Parken P4 Basic' });
    await link.click();
    const modal = page.locator('[data-modal="services"]');
    await expect(modal).toBeVisible();
    await expect(modal).toHaveAttribute('role', 'dialog');
    await expect(page.getByRole('dialog', { name: 'Leistungen: Shuttle-Parken P4 Basic' })).toBeVisible();
    await expect(modal.locator('[data-services] li').first()).toContainText('Shuttle zum Terminal');
    await expect(modal).toContainText('Öffnungszeiten');
    await expect(modal).toContainText('Kostenlos stornierbar bis 24 Std. vor Einfahrt');
    await page.keyboard.press('Escape');
    await expect(modal).toBeHidden();
    await expect(link).toBeFocused();
  });

  test('the services modal opens from an offer on the tariffs page', async ({ page }) => {
    await page.goto(tariffs());
    await hydrated(page);
    const card = page.locator('[data-tariff-category="valet"]').first();
    await card.locator('[data-services-link]').click();
    const modal = page.locator('[data-modal="services"]');
    await expect(modal).toBeVisible();
    await expect(modal).toContainText('Fahrzeugübergabe direkt am Terminal');
    await expect(modal).toContainText('Schlüsselübergabe an unser Personal');
  });

  test('the eapcomment modal opens from an airport with a notice (Berlin)', async ({ page }) => {
    await page.goto('/parkplatz/berlin');
    await hydrated(page);
    await page.locator('[data-airport-comment] [data-airport-comment-link]').click();
    const dialog = page.getByRole('dialog', { name: 'Hinweis: Flughafen Berlin Brandenburg' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('Valet-Übergabe bis auf Weiteres in Parkhaus P2');
    // only one modal at a time: the services modal is closed
    await expect(page.locator('[data-modal="services"]')).toBeHidden();
  });

  test('the galleries open at the clicked image and loop', async ({ page }) => {
    await page.goto('/parkplatz/frankfurt');
    await hydrated(page);
    const visibleSlide = (modal: ReturnType<Page['locator']>) =>
      modal.locator('[aria-roledescription="slide"][aria-hidden="false"]');

    // airport gallery (airportGallery): third image, forward wraps to the first, back wraps to the third
    await page.locator('[data-gallery] [data-airport-gallery] a').nth(2).click();
    const airportModal = page.locator('[data-modal="airportGallery"]');
    await expect(airportModal).toBeVisible();
    await expect(visibleSlide(airportModal)).toHaveAttribute('data-slide-index', '2');
    await expect(airportModal.getByRole('button', { name: 'Bild 3 von 3' })).toHaveAttribute('aria-current', 'true');
    await airportModal.getByRole('button', { name: 'Nächstes Bild' }).click();
    await expect(visibleSlide(airportModal)).toHaveAttribute('data-slide-index', '0');
    await page.keyboard.press('ArrowLeft');
    await expect(visibleSlide(airportModal)).toHaveAttribute('data-slide-index', '2');
    // the current slide is the one in view
    await expect(visibleSlide(airportModal).locator('img')).toBeInViewport({ ratio: 0.9 });
    await page.keyboard.press('Escape');
    await expect(airportModal).toBeHidden();

    // a lot's gallery (gallery): opens at the clicked picture, loops
    const lot = page.locator('[data-lot-directions] > li').first();
    const thumbs = lot.locator('[data-airport-gallery] a');
    const count = await thumbs.count();
    expect(count).toBeGreaterThan(1);
    await thumbs.nth(1).click();
    const lotModal = page.locator('[data-modal="gallery"]');
    await expect(lotModal).toBeVisible();
    await expect(visibleSlide(lotModal)).toHaveAttribute('data-slide-index', '1');
    for (let i = 1; i < count; i++) await lotModal.getByRole('button', { name: 'Nächstes Bild' }).click();
    await expect(visibleSlide(lotModal)).toHaveAttribute('data-slide-index', '0');
    await expect(visibleSlide(lotModal).locator('img')).toHaveAttribute('alt', /^Illustration: /);
  });

  test('the video modal plays a self-hosted file with German and English captions', async ({ page }) => {
    const { foreign } = await recordRequests(page);
    await page.goto('/parkplatz/frankfurt');
    await hydrated(page);
    await page.getByRole('link', { name: /Video ansehen/ }).click();
    const modal = page.getByRole('dialog', { name: 'So funktioniert Parken am Flughafen' });
    await expect(modal).toBeVisible();
    await expect(page.locator('[data-modal="eapVideo"]')).toHaveAttribute('role', 'dialog');
    const video = modal.locator('video');
    await expect(video.locator('track[kind="captions"]')).toHaveCount(2);
    await expect(video.locator('track[srclang="de"]')).toHaveAttribute('default', '');
    await expect(video.locator('track[srclang="en"]')).toHaveAttribute('label', 'English');
    await expect
      .poll(() => video.evaluate((v: HTMLVideoElement) => (v.play().catch(() => undefined), v.currentTime)))
      .toBeGreaterThan(0.2);
    const state = await video.evaluate((v: HTMLVideoElement) => ({
      src: v.currentSrc,
      width: v.videoWidth,
      duration: v.duration,
      tracks: Array.from(v.textTracks).map((t) => t.language),
    }));
    expect(new URL(state.src).pathname).toMatch(/^\/media\/so-funktionierts-v\d+\.webm$/);
    expect(state.width).toBe(640);
    expect(state.tracks).toEqual(['de', 'en']);
    const file = await page.request.get(state.src);
    expect(file.headers()['cache-control']).toContain('immutable');
    expect(Number(file.headers()['content-length'])).toBeLessThan(500 * 1024);
    const captions = await page.request.get('/media/so-funktionierts-v1.en.vtt');
    expect(await captions.text()).toMatch(/^WEBVTT/);
    expect(foreign).toEqual([]);
  });

  test('access routing: each car park with address, coordinates and links to map apps', async ({ page }) => {
    await page.goto('/parkplatz/frankfurt');
    const lots = page.locator('[data-lot-directions] > li');
    expect(await lots.count()).toBeGreaterThan(1);
    const first = lots.first();
    await expect(first.locator('address')).toContainText(/\d{5} /);
    await expect(first.locator('[data-coordinates]')).toHaveText(/^\d+\.\d{4}° N, \d+\.\d{4}° E$/);
    await expect(first.locator('[data-direction="geo"]')).toHaveAttribute('href', /^geo:\d+\.\d+,\d+\.\d+\?q=/);
    await expect(first.locator('[data-direction="apple"]')).toHaveAttribute(
      'href',
      /^https:\/\/maps\.apple\.com\/\?daddr=/,
    );
    await expect(first.locator('[data-direction="google"]')).toHaveAttribute(
      'href',
      /^https:\/\/www\.google\.com\/maps\/dir\/\?api=1&destination=/,
    );
    await expect(first.locator('[data-direction="osm"]')).toHaveAttribute('href', /openstreetmap\.org\/directions/);
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('overview, list and the modal fall-backs work as plain links', async ({ page }) => {
    const { foreign } = await recordRequests(page);
    await page.goto('/parkplatz/frankfurt');
    await expect(page.locator('[data-map-overview] [data-airport-iata]')).toHaveCount(13);
    await expect(page.getByRole('button', { name: 'Karte laden' })).toHaveCount(0);
    await expect(page.locator('[data-map-consent]')).toContainText('benötigt JavaScript');

    const link = page.locator('[data-services-link]').first();
    const id = await link.getAttribute('data-services-link');
    await link.click();
    await expect(page).toHaveURL(new RegExp(`#leistungen-${id}$`));
    await expect(page.locator(`#leistungen-${id}`)).toContainText('Shuttle zum Terminal');

    await page.locator('[data-video-link]').click();
    await expect(page).toHaveURL(/#video-so-gehts$/);
    await expect(page.locator('#video-so-gehts video track')).toHaveCount(2);
    expect(foreign).toEqual([]);
  });
});
