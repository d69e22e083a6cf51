/**
 * Same-origin embedded frames that fit their content (DESIGN §3, SPEC §2 "embedded frame"): the framed
 * document reports its height to the parent with `postMessage` (a ResizeObserver on its root), the parent sets
 * the iframe's height. Messages are accepted only from the same origin and from the frame's own window.
 */

/** The message type a framed document sends. */
export const FRAME_HEIGHT_MESSAGE = 'eap:frame-height';

/** The message a framed document sends: its content height in CSS pixels. */
type FrameHeightMessage = { type: typeof FRAME_HEIGHT_MESSAGE; height: number };

/** The height carried by `event` when it is a frame-height message from `source` on `origin`, else null. */
export function frameHeightFrom(
  event: Pick<MessageEvent, 'data' | 'origin' | 'source'>,
  expected: { origin: string; source: unknown },
): number | null {
  if (event.origin !== expected.origin || event.source !== expected.source || expected.source == null) return null;
  const data = event.data as Partial<FrameHeightMessage> | null;
  if (!data || data.type !== FRAME_HEIGHT_MESSAGE || typeof data.height !== 'number') return null;
  if (!Number.isFinite(data.height) || data.height <= 0) return null;
  return Math.min(Math.ceil(data.height), 20_000);
}

/**
 * In a framed document: reports the height of `root` to the parent now and on every resize. Returns the
 * clean-up. Does nothing outside a frame.
 */
export function reportFrameHeight(root: HTMLElement, win: Window = window): () => void {
  if (win.parent === win) return () => {};
  const send = () =>
    win.parent.postMessage({ type: FRAME_HEIGHT_MESSAGE, height: root.scrollHeight }, win.location.origin);
  send();
  const observer = new ResizeObserver(send);
  observer.observe(root);
  return () => observer.disconnect();
}
