import { describe, expect, it } from 'vitest';
import { createFaqIndex, searchFaq } from './faq-search.ts';
import {
  cleanQuery,
  excerpt,
  faqAnchor,
  highlight,
  normalizeTerm,
  slugFromHash,
  tokenize,
  type FaqEntry,
} from './faq-text.ts';

const ENTRIES: FaqEntry[] = [
  {
    slug: 'kostenlos-stornieren',
    category: 'cancellation',
    question: 'Kann ich meine Buchung kostenlos stornieren?',
    answer: 'Ja. Bis 24 Stunden vor der gebuchten Einfahrtszeit stornieren Sie kostenlos in Ihrem Kundenkonto.',
    airport: null,
  },
  {
    slug: 'elektroauto-laden',
    category: 'vehicles',
    question: 'Kann ich mein Elektroauto laden?',
    answer: 'Viele Parkhäuser haben Ladesäulen. Der Strom wird vor Ort nach Verbrauch abgerechnet.',
    airport: null,
  },
  {
    slug: 'rechnung-erhalten',
    category: 'invoices',
    question: 'Bekomme ich eine Rechnung?',
    answer: 'Ja, als PDF mit allen Angaben nach § 14 UStG und ausgewiesener Umsatzsteuer. Keine Gebühr.',
    airport: null,
  },
  {
    slug: 'valet-schluessel',
    category: 'valet',
    question: 'Was passiert beim Valet Parking mit meinem Schlüssel?',
    answer: 'Der Schlüssel wird in einem gesicherten Tresor verwahrt.',
    airport: null,
  },
];

const index = createFaqIndex(ENTRIES);
const slugs = (query: string) => searchFaq(index, query).map((hit) => hit.entry.slug);

describe('normalizeTerm and tokenize', () => {
  it('folds case, umlauts and ß, removes other accents, drops stop words and single letters', () => {
    expect(normalizeTerm('Gebühr')).toBe('gebuehr');
    expect(normalizeTerm('Schlüssel')).toBe('schluessel');
    expect(normalizeTerm('Straße')).toBe('strasse');
    expect(normalizeTerm('Café')).toBe('cafe');
    expect(normalizeTerm('ich')).toBeNull();
    expect(normalizeTerm('The')).toBeNull();
    expect(normalizeTerm('x')).toBeNull();
  });

  it('cuts text into words of letters and digits in any script', () => {
    expect(tokenize('Bis 24 Stunden – kostenlos! (§ 14 UStG)')).toEqual([
      'Bis',
      '24',
      'Stunden',
      'kostenlos',
      '14',
      'UStG',
    ]);
  });

  it('cleans a query: whitespace collapsed, at most 100 characters', () => {
    expect(cleanQuery('  Elektro \n auto  ')).toBe('Elektro auto');
    expect(cleanQuery(null)).toBe('');
    expect(cleanQuery('a'.repeat(300))).toHaveLength(100);
  });
});

describe('searchFaq', () => {
  it('finds an entry by a word from its answer only', () => {
    expect(slugs('Ladesäulen')).toEqual(['elektroauto-laden']);
    expect(slugs('Tresor')).toEqual(['valet-schluessel']);
  });

  it('tolerates typos and missing umlauts (fuzzy)', () => {
    expect(slugs('Elektroato')).toEqual(['elektroauto-laden']);
    expect(slugs('kostnlos')).toEqual(['kostenlos-stornieren']);
    expect(slugs('Schlussel')).toEqual(['valet-schluessel']);
    expect(slugs('Gebuhr')).toEqual(['rechnung-erhalten']);
    expect(slugs('Schlüsel')).toEqual(['valet-schluessel']);
    expect(slugs('Elektorauto')).toEqual(['elektroauto-laden']); // two letters swapped
    expect(slugs('Tresr')).toEqual(['valet-schluessel']);
  });

  it('finds by prefix while typing', () => {
    expect(slugs('Elektr')).toEqual(['elektroauto-laden']);
    expect(slugs('storn')[0]).toBe('kostenlos-stornieren');
  });

  it('needs every word, and falls back to any word when no entry has them all', () => {
    expect(slugs('kostenlos stornieren')).toEqual(['kostenlos-stornieren']);
    expect(slugs('Rechnung Schlüssel').sort()).toEqual(['rechnung-erhalten', 'valet-schluessel']);
  });

  it('ranks a match in the question above one in the answer', () => {
    expect(slugs('Rechnung')[0]).toBe('rechnung-erhalten');
  });

  it('finds nothing for an empty query or stop words only, and honours the limit', () => {
    expect(slugs('')).toEqual([]);
    expect(slugs('   ')).toEqual([]);
    expect(slugs('wie kann ich')).toEqual([]);
    expect(searchFaq(index, 'ja', { limit: 1 })).toHaveLength(0);
    expect(searchFaq(index, 'kostenlos Tresor Strom', { limit: 2 })).toHaveLength(2);
  });

  it('reports the matched index terms, which highlight marks in question and answer', () => {
    const [hit] = searchFaq(index, 'Elektroato Strom');
    expect(hit.terms.sort()).toEqual(['elektroauto', 'strom']);
    expect(highlight(hit.entry.question, hit.terms)).toEqual([
      { text: 'Kann ich mein ', match: false },
      { text: 'Elektroauto', match: true },
      { text: ' laden?', match: false },
    ]);
    expect(highlight(hit.entry.answer, hit.terms).filter((run) => run.match)).toEqual([{ text: 'Strom', match: true }]);
  });
});

describe('highlight and excerpt', () => {
  it('gives the text back exactly and merges neighbouring runs', () => {
    const text = 'Der Schlüssel, der Schlüssel!';
    const runs = highlight(text, ['schluessel']);
    expect(runs.map((r) => r.text).join('')).toBe(text);
    expect(runs.filter((r) => r.match)).toHaveLength(2);
    expect(highlight('nichts gefunden', [])).toEqual([{ text: 'nichts gefunden', match: false }]);
  });

  it('cuts a long text around the first match at word boundaries', () => {
    const text = `${'Wort '.repeat(60)}Ladesäule ${'Rest '.repeat(60)}`.trim();
    const runs = excerpt(text, ['ladesaeule'], 80);
    const joined = runs.map((r) => r.text).join('');
    expect(joined.startsWith('… Wort')).toBe(true);
    expect(joined.endsWith('Rest …')).toBe(true);
    expect(joined.length).toBeLessThanOrEqual(86);
    expect(runs.find((r) => r.match)?.text).toBe('Ladesäule');
    expect(excerpt('kurz', ['kurz'])).toEqual([{ text: 'kurz', match: true }]);
  });
});

describe('anchors', () => {
  it('maps a slug to its anchor and a hash back to the slug', () => {
    expect(faqAnchor('kostenlos-stornieren')).toBe('frage-kostenlos-stornieren');
    expect(slugFromHash('#frage-kostenlos-stornieren')).toBe('kostenlos-stornieren');
    expect(slugFromHash('frage-a1')).toBe('a1');
    expect(slugFromHash('#login')).toBeNull();
    expect(slugFromHash('#frage-<script>')).toBeNull();
    expect(slugFromHash('#frage-%E0%A4%A')).toBeNull();
  });
});
