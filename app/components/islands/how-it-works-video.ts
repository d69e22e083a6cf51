import { island } from '../widgets/island.tsx';

/** The how-it-works video, server-rendered and hydrated from a chunk of its own (issue 11 budget). */
export const HowItWorksVideo = island(() =>
  import('../features/how-it-works-video.tsx').then((m) => ({ default: m.HowItWorksVideo })),
);
