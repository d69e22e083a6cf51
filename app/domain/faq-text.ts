/**
 * The FAQ's text rules, shared by the server (`?q=` results without JavaScript) and the browser (instant search):
 * how a question is anchored (`/faq#frage-<slug>`), how text is cut into search terms (German-aware: case, umlauts
 * and ß folded, stop words dropped) and how matches are highlighted. No search library here, so the pages that only
 * highlight or link stay light; the index lives in `faq-search.ts`.
 */

/** The FAQ categories in display order (keys of `faq.category.<key>`; the seed files entries under them). */
export const FAQ_CATEGORIES = [
  'booking',
  'cancellation',
  'arrival',
  'shuttle',
  'valet',
  'payment',
  'invoices',
  'accessibility',
  'vehicles',
  'service',
] as const;

/** One FAQ entry in one language. `airport` is the airport's name when the answer is about that airport only. */
export type FaqEntry = { slug: string; category: string; question: string; answer: string; airport: string | null };

/** Longest search query that is read (characters); the rest is ignored. */
export const FAQ_QUERY_MAX_LENGTH = 100;

/** Prefix of a question's anchor id: `/faq#frage-<slug>` (DESIGN §3 faq, issue 10). */
const ANCHOR_PREFIX = 'frage-';

/** The element id (and URL hash without `#`) of the question with `slug`, e.g. `frage-kostenlos-stornieren`. */
export function faqAnchor(slug: string): string {
  return `${ANCHOR_PREFIX}${slug}`;
}

/** The slug a URL hash (`#frage-<slug>`, with or without `#`, percent-encoded or not) points at, else null. */
export function slugFromHash(hash: string): string | null {
  let raw = hash.replace(/^#/, '');
  try {
    raw = decodeURIComponent(raw);
  } catch {
    return null;
  }
  if (!raw.startsWith(ANCHOR_PREFIX)) return null;
  const slug = raw.slice(ANCHOR_PREFIX.length);
  return /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(slug) ? slug : null;
}

/** A query as it is searched: trimmed, inner whitespace collapsed, cut to {@link FAQ_QUERY_MAX_LENGTH}. */
export function cleanQuery(query: string | null | undefined): string {
  return (query ?? '').replace(/\s+/g, ' ').trim().slice(0, FAQ_QUERY_MAX_LENGTH).trim();
}

// Words that say nothing about the topic (German and English); a query made only of them finds nothing.
const STOP_WORDS = new Set(
  (
    'der die das den dem des ein eine einen einem einer eines und oder aber ich mir mich mein meine meinen meinem ' +
    'meiner du sie ihr ihre ihren ihrem es er wir uns unser unsere ist sind bin war wird werden kann muss darf soll ' +
    'wie was wo wer wann warum mit ohne für von vom zu zum zur im in am an auf aus bei bis nach über um als auch ' +
    'noch nur so da dass wenn ob nicht kein keine sich man ja nein bitte gibt gilt hat habe haben ' +
    'the a an and or but i me my mine you your it its we us our is are am was be been do does did can could must ' +
    'may should will would how what where who when why with without for from to of in on at by as also not no if ' +
    'there this that these those any some please have has had'
  ).split(' '),
);

// Letters and digits (any script) form words; everything else separates them.
const WORD = /[\p{L}\p{N}]+/gu;

/**
 * Cuts `text` into words (runs of letters and digits, any script), in order; punctuation and spaces are dropped.
 * The search index and the highlighter use the same cut, so what was found is what gets marked.
 */
export function tokenize(text: string): string[] {
  return text.match(WORD) ?? [];
}

/**
 * The search term of a word: lower-case, German umlauts and ß folded (`ä` → `ae`, `ß` → `ss`, so "Gebühr",
 * "gebuehr" and – one edit away, for the fuzzy search – "gebuhr" meet), other accents removed. Returns null for a
 * stop word or a single character (they would match nearly every answer).
 */
export function normalizeTerm(word: string): string | null {
  const lower = word.toLowerCase();
  if (STOP_WORDS.has(lower)) return null;
  const folded = lower
    .replace(/ä/g, 'ae')
    .replace(/ö/g, 'oe')
    .replace(/ü/g, 'ue')
    .replace(/ß/g, 'ss')
    .normalize('NFD')
    .replace(/\p{M}/gu, '');
  return folded.length < 2 ? null : folded;
}

/** A run of text that is (`match: true`) or is not a found word. Concatenated, the runs give the text back. */
export type TextRun = { text: string; match: boolean };

/**
 * Splits `text` into runs, marking every word whose {@link normalizeTerm} is one of `terms` (the index terms a
 * search matched). Adjacent runs of the same kind are merged; the runs concatenate to `text` exactly.
 */
export function highlight(text: string, terms: Iterable<string>): TextRun[] {
  const wanted = new Set(terms);
  const runs: TextRun[] = [];
  const push = (part: string, match: boolean) => {
    if (!part) return;
    const last = runs[runs.length - 1];
    if (last && last.match === match) last.text += part;
    else runs.push({ text: part, match });
  };
  let at = 0;
  for (const found of text.matchAll(WORD)) {
    const start = found.index ?? 0;
    const term = normalizeTerm(found[0]);
    const match = term !== null && wanted.has(term);
    if (!match) continue;
    push(text.slice(at, start), false);
    push(found[0], true);
    at = start + found[0].length;
  }
  push(text.slice(at), false);
  return runs;
}

/**
 * A short piece of `text` of about `maxLength` characters around its first found word (or its beginning when
 * none is found), cut at word boundaries, with `…` where text was left out; then highlighted like
 * {@link highlight}. For result lists that show an answer in brief.
 */
export function excerpt(text: string, terms: Iterable<string>, maxLength = 160): TextRun[] {
  const wanted = new Set(terms);
  if (text.length <= maxLength) return highlight(text, wanted);
  let first = 0;
  for (const found of text.matchAll(WORD)) {
    const term = normalizeTerm(found[0]);
    if (term !== null && wanted.has(term)) {
      first = found.index ?? 0;
      break;
    }
  }
  let start = Math.max(0, Math.min(first - Math.floor(maxLength / 3), text.length - maxLength));
  if (start > 0) {
    const space = text.indexOf(' ', start);
    start = space === -1 || space > first ? start : space + 1;
  }
  let end = Math.min(text.length, start + maxLength);
  if (end < text.length) {
    const space = text.lastIndexOf(' ', end);
    if (space > start) end = space;
  }
  const piece = `${start > 0 ? '… ' : ''}${text.slice(start, end).trim()}${end < text.length ? ' …' : ''}`;
  return highlight(piece, wanted);
}
