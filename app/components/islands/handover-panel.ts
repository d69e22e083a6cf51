import { island } from '../widgets/island.tsx';

/**
 * The reservation pages' handover record (issue 36 item 3), server-rendered and hydrated from a chunk of its own when
 * it nears the viewport: the guest reservation page had 0.4 KB of its 120 KB first-load budget left.
 */
export const HandoverPanel = island(
  () => import('../reservation/handover-panel.tsx').then((m) => ({ default: m.HandoverPanel })),
  { whenVisible: true },
);
