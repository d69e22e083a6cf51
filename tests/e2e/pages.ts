import fs from 'node:fs';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { listEml, parseEml } from '../fixtures/eml.ts';

// The e2e server's data directory (playwright.config.ts); the mail worker writes .eml files to its mail/.
const MAIL_DIR = path.join(process.env.E2E_DATA_DIR ?? path.resolve('.data/e2e'), 'mail');

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
    await form
      .getByLabel(/Flughafen|Airport/)
      .selectOption({ label: typeof airportLabel === 'string' ? airportLabel : undefined });
    await form.getByLabel(/Einfahrt|Entry/).fill(entry);
    await form.getByLabel(/Rückkehr|Return/).fill(exit);
    await form.getByRole('button', { name: /Angebote vergleichen|Compare offers/ }).click();
    await expect(this.page.locator('meta[name="route-name"]')).toHaveAttribute('content', 'checkout.tariffs');
  }
}

/** Waits for the confirmation mail of `reference` (the worker sends right after booking, else within 30 s). */
export async function confirmationMail(reference: string) {
  let found: ReturnType<typeof parseEml> | null = null;
  await expect
    .poll(
      () => {
        for (const file of listEml(MAIL_DIR).reverse()) {
          const mail = parseEml(fs.readFileSync(file));
          if (mail.subject.includes(reference)) {
            found = mail;
            return true;
          }
        }
        return false;
      },
      { timeout: 45_000, intervals: [250, 500, 1000] },
    )
    .toBe(true);
  return found!;
}
