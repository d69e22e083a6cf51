import { island } from '../widgets/island.tsx';

/** The airport comment modal (eapcomment), server-rendered and hydrated from a chunk of its own (issue 11). */
export const AirportCommentModal = island(() =>
  import('../features/airport-comment-modal.tsx').then((m) => ({ default: m.AirportCommentModal })),
);
