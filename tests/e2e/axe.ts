import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** The axe-core rules the shop's pages must pass: WCAG 2.1 A and AA. */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** The page's WCAG 2.1 A/AA violations (id, impact, first five nodes); `exclude`: a selector axe skips. */
export async function axeViolations(page: Page, exclude?: string) {
  const builder = new AxeBuilder({ page }).withTags(WCAG_TAGS);
  const results = await (exclude ? builder.exclude(exclude) : builder).analyze();
  return results.violations.map((v) => ({
    id: v.id,
    impact: v.impact,
    nodes: v.nodes.map((n) => n.target.join(' ')).slice(0, 5),
  }));
}

/** No violation at either width: what {@link axeAtBothWidths} answers for a clean page. */
export const NO_VIOLATIONS = { 390: [], 1280: [] };

/**
 * The violations at phone and desktop width: the page as loaded, resized (the layout is CSS media queries), so it is
 * loaded once for both scans (decision 0050).
 */
export async function axeAtBothWidths(page: Page, exclude?: string) {
  const found: Record<number, Awaited<ReturnType<typeof axeViolations>>> = {};
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    found[width] = await axeViolations(page, exclude);
  }
  return found;
}
