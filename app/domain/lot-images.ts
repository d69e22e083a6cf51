/**
 * The pictures of a parking lot's gallery (modal `gallery` on the airport page): our own illustrations in
 * `public/images/lots/<motif>.svg` (1200 × 675, made by `scripts/lot-images.mjs`), chosen from the lot's
 * features and the categories of the tariffs sold for it. Alternative texts are message keys
 * `lot.image.<motif>` (with the lot's name).
 */

/** The illustrations there are. */
type LotMotif = 'covered' | 'open-air' | 'shuttle' | 'valet' | 'ev-charging';

/** Width and height of every illustration (CSS pixels at natural size). */
export const LOT_IMAGE_SIZE = { width: 1200, height: 675 } as const;

/** A lot picture: its URL and the message key of its alternative text. */
export type LotImage = { motif: LotMotif; src: string; altKey: string };

/**
 * The lot's pictures, in this order: the car park itself (covered deck or open-air), then the shuttle bus
 * (a shuttle tariff), the valet handover (a valet tariff), the charging spaces (EV charging). Always at least one.
 */
export function lotImages(lot: {
  features: { covered: boolean; evCharging: boolean };
  categories: readonly string[];
}): LotImage[] {
  const motifs: LotMotif[] = [lot.features.covered ? 'covered' : 'open-air'];
  if (lot.categories.includes('shuttle')) motifs.push('shuttle');
  if (lot.categories.includes('valet')) motifs.push('valet');
  if (lot.features.evCharging) motifs.push('ev-charging');
  return motifs.map((motif) => ({ motif, src: `/images/lots/${motif}.svg`, altKey: `lot.image.${motif}` }));
}
