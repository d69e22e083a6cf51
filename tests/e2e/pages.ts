import { expect, type Page } from '@playwright/test';

/** A local `YYYY-MM-DDTHH:mm` `days` from today at `time` (the suite's stays are always in the future). */
export function localDateTime(daysFromToday: number, time: string): string {
  const d = new Date();
  d.setDate(d.getDate() + daysFromToday);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${time}`;
}

/** Page object of the home page's search form (Hydrogen-style e2e helpers). */
export class SearchPage {
  constructor(readonly page: Page) {}

  async open(path = '/') {
    await this.page.goto(path);
    await expect(this.page.locator('meta[name="route-name"]')).toHaveAttribute('content', 'index');
  }

  async search(airportLabel: RegExp | string, entry: string, exit: string) {
    const form = this.page.getByRole('form', { name: /Parkplatz suchen|Find parking/ });
    await form.getByLabel(/Flughafen|Airport/).selectOption({ label: typeof airportLabel === 'string' ? airportLabel : undefined });
    await form.getByLabel(/Einfahrt|Entry/).fill(entry);
    await form.getByLabel(/Rückkehr|Return/).fill(exit);
    await form.getByRole('button', { name: /Angebote vergleichen|Compare offers/ }).click();
    await expect(this.page.locator('meta[name="route-name"]')).toHaveAttribute('content', 'checkout.tariffs');
  }
}
