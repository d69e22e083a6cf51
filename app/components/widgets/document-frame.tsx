/**
 * The embedded frame of the account and reservation routes (SPEC §2, DESIGN §3): a same-origin iframe showing
 * the route's document that grows to its content (the framed page reports its height, `frame-height.ts`).
 * Without JavaScript it keeps a tall default height and scrolls inside.
 */
import { useEffect, useRef, useState } from 'react';
import { frameHeightFrom, reportFrameHeight } from '~/client/frame-height.ts';

/** The iframe; `title` names it for screen readers. */
export function DocumentFrame({ src, title }: { src: string; title: string }) {
  const ref = useRef<HTMLIFrameElement>(null);
  const [height, setHeight] = useState<number | null>(null);
  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      const next = frameHeightFrom(event, { origin: window.location.origin, source: ref.current?.contentWindow });
      if (next !== null) setHeight(next);
    };
    window.addEventListener('message', onMessage);
    // The framed document may have loaded and reported its height before this page hydrated and listened:
    // measure it directly (same origin) once now and whenever the frame (re)loads; later changes come as messages.
    const frame = ref.current;
    const measure = () => {
      const root = frame?.contentDocument?.querySelector<HTMLElement>('[data-framed-document]');
      if (root) setHeight(root.scrollHeight);
    };
    const first = requestAnimationFrame(measure);
    frame?.addEventListener('load', measure);
    return () => {
      window.removeEventListener('message', onMessage);
      cancelAnimationFrame(first);
      frame?.removeEventListener('load', measure);
    };
  }, []);
  return (
    <iframe
      ref={ref}
      src={src}
      title={title}
      // Until measured, a class (the CSP allows no inline style attribute in the HTML; issue 14); the measured
      // height is then set by the browser's script (CSSOM), which the policy permits.
      className={`block w-full rounded-2xl border-0 ${height === null ? 'h-[80vh]' : ''}`}
      style={height === null ? undefined : { height: `${height}px` }}
      data-document-frame
      data-sized={height === null ? undefined : 'true'}
    />
  );
}

/** Inside the framed document: reports the content height to the parent frame. */
export function FramedDocument({ children }: { children: React.ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => (ref.current ? reportFrameHeight(ref.current) : undefined), []);
  return (
    <div ref={ref} className="p-1" data-framed-document>
      {children}
    </div>
  );
}
