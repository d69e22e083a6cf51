// Developer tool: full-page screenshots of pages at phone (390 px) and desktop (1280 px) width.
// Usage: node scripts/screenshots.js http://127.0.0.1:3000 /path1 /path2 …  → PNGs in .data/screenshots/
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';

const [base, ...paths] = process.argv.slice(2);
const outDir = path.resolve('.data/screenshots');
fs.mkdirSync(outDir, { recursive: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});
for (const width of [390, 1280]) {
  const page = await browser.newPage({ viewport: { width, height: width < 600 ? 844 : 900 } });
  for (const p of paths) {
    await page.goto(base + p, { waitUntil: 'networkidle' });
    const file = path.join(outDir, `${p.replace(/[^a-z0-9]+/gi, '_').replace(/^_|_$/g, '') || 'home'}-${width}.png`);
    await page.screenshot({ path: file, fullPage: true });
    console.log(file);
  }
  await page.close();
}
await browser.close();
