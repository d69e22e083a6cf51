import { island } from '../widgets/island.tsx';

/** The airport gallery, server-rendered and hydrated from a chunk of its own (issue 11 budget). */
export const AirportGallery = island(() =>
  import('../features/airport-gallery.tsx').then((m) => ({ default: m.AirportGallery })),
);
