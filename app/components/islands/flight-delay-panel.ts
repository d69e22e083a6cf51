import { island } from '../widgets/island.tsx';

/**
 * The return flight's panel on the reservation pages (issue 35 item 1), server-rendered and hydrated from a chunk of
 * its own when it nears the viewport: the guest reservation page is at its 120 KB first-load budget (decision 0019).
 * Its form is a plain post, so a click before hydration still reports the delay.
 */
export const FlightDelayPanel = island(
  () => import('../reservation/flight-delay-panel.tsx').then((m) => ({ default: m.FlightDelayPanel })),
  { whenVisible: true },
);
