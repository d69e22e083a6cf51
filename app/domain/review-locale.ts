/**
 * The language of a review text. eKomi's feedback API does not say which language a customer wrote in, and the
 * shop's reviews are German or English (SPEC §1 locales), so a count of frequent function words decides
 * (decision 0014). A text with no clue, or a tie, is German (the fallback locale, SPEC §9).
 */
import { FALLBACK_LOCALE } from '~/constants.ts';
import type { Locale } from '~/i18n.ts';

const GERMAN = new Set(
  'der die das und ist nicht ich wir sie es ein eine einen mit auf für von zu zum zur war sehr auch alles gut wieder immer nur noch bei dem den des hat haben wurde wurden uns unser unsere mein meine kein keine aber schnell freundlich pünktlich parkplatz'.split(
    ' ',
  ),
);
const ENGLISH = new Set(
  'the and is not we you it a an with on for of to was very also everything good again always only still at has have had were our my no but quick friendly staff parking car would will this that'.split(
    ' ',
  ),
);

/**
 * Guesses whether `text` is German or English from its words (case-insensitive; umlauts and ß count for German).
 * Returns `de` or `en`; `de` when undecided.
 */
export function guessReviewLocale(text: string): Locale {
  const words = text.toLowerCase().match(/[a-zäöüß]+/g) ?? [];
  let de = /[äöüß]/.test(text.toLowerCase()) ? 2 : 0;
  let en = 0;
  for (const word of words) {
    if (GERMAN.has(word)) de++;
    if (ENGLISH.has(word)) en++;
  }
  return en > de ? 'en' : FALLBACK_LOCALE;
}
