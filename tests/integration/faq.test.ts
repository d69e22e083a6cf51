import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAQ_CATEGORIES } from '../../app/domain/faq-text.ts';
import { listFaq, loadFaqPage } from '../../app/services/content/faq.server.ts';
import { FAQ } from '../../database/seed/faq.ts';
import { createTestApp, type TestApp } from './harness.ts';

let test: TestApp;

beforeAll(async () => {
  test = await createTestApp();
});
afterAll(() => test.close());

describe('FAQ seed and FAQ_CATEGORIES (the one list of categories, app/domain/faq-text.ts)', () => {
  it('files every seeded entry under a known category, in category order, and fills every category', () => {
    const ranks = [...FAQ]
      .sort((a, b) => a.sort - b.sort)
      .map((entry) => FAQ_CATEGORIES.indexOf(entry.category as (typeof FAQ_CATEGORIES)[number]));
    expect(ranks).not.toContain(-1);
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
    for (const category of FAQ_CATEGORIES) expect(FAQ.some((entry) => entry.category === category)).toBe(true);
  });
});

describe('loadFaqPage (faq, `?q=` without JavaScript)', () => {
  it('groups every entry by category in display order, without a query', async () => {
    const page = await loadFaqPage(test.ctx.db, { locale: 'de', query: null });
    expect(page.query).toBe('');
    expect(page.hits).toBeNull();
    expect(page.categories.map((c) => c.key)).toEqual([...FAQ_CATEGORIES]);
    const all = page.categories.flatMap((c) => c.entries);
    expect(all.length).toBeGreaterThanOrEqual(30);
    expect(new Set(all.map((e) => e.slug)).size).toBe(all.length);
  });

  it('finds an answer by a word of its body and by a misspelt word, in both languages', async () => {
    const byBody = await loadFaqPage(test.ctx.db, { locale: 'de', query: 'Ladesäulen' });
    expect(byBody.hits?.[0]).toEqual({ slug: 'elektroauto-laden', terms: ['ladesaeulen'] });
    const misspelt = await loadFaqPage(test.ctx.db, { locale: 'de', query: '  Elektroato  ' });
    expect(misspelt.query).toBe('Elektroato');
    expect(misspelt.hits?.[0].slug).toBe('elektroauto-laden');
    const english = await loadFaqPage(test.ctx.db, { locale: 'en', query: 'chargng points' });
    expect(english.hits?.[0].slug).toBe('elektroauto-laden');
    const none = await loadFaqPage(test.ctx.db, { locale: 'de', query: 'Zeppelin' });
    expect(none.hits).toEqual([]);
  });

  it('lists the answers about one airport for its page', async () => {
    const fra = await listFaq(test.ctx.db, 'de', { airportSlug: 'frankfurt' });
    expect(fra.map((e) => e.slug)).toEqual(['frankfurt-terminals']);
    expect(fra[0].airport).toBe('Flughafen Frankfurt');
    expect(await listFaq(test.ctx.db, 'de', { airportSlug: 'kassel' })).toEqual([]);
  });
});
