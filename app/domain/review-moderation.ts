/**
 * What the back office's review moderation shows (issue 15 item 7): the rating ids to filter by and a stored
 * review. Shared by the service that reads them (`services/backoffice/admin-reviews.server.ts`) and the page's
 * components, so the view is written once.
 */

/** A rating id to filter by: an airport's (with its name in the page's language) or the shop's own. */
export type ReviewScope = { ratingId: string; label: string; iata: string | null; count: number; hidden: number };

/** A review as the back office lists it (`submittedAt`, `hiddenAt`: instants). */
export type AdminReview = {
  id: number;
  ratingId: string;
  provider: string;
  rating: number;
  comment: string;
  locale: string;
  submittedAt: Date;
  hiddenAt: Date | null;
  hiddenByEmail: string | null;
};
