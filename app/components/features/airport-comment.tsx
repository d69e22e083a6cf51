/**
 * The airport comment link and the `eapcomment` modal (SPEC §2 "follow the airport comment link", index and
 * airports.show). The link is a real link (to the airport page's `#hinweis` section, where the notice is printed),
 * so it works without JavaScript; with JavaScript a plain click opens the modal with the notice instead.
 * Small and used on first paint, so it is part of the page chunk, not a lazy feature; the modal
 * (`airport-comment-modal.tsx`) hydrates from a chunk of its own, and the modal store (`~/client/runtime.ts`) comes
 * with the client layer's chunks (issue 11: first-load budget).
 */
import { useCallback, useState } from 'react';
import { useHref } from '../i18n-context.tsx';

/** An airport with a notice. */
export type CommentAirport = { slug: string; iata: string; name: string; comment: string };

/** Id of the section that prints the notice on the airport page (target of the link without JavaScript). */
export const COMMENT_ANCHOR = 'hinweis';

/** Which airport's notice the modal shows, and a function that opens it. */
export function useAirportComment() {
  const [airport, setAirport] = useState<CommentAirport | null>(null);
  const open = useCallback((next: CommentAirport, opener: HTMLElement | null) => {
    setAirport(next);
    void import('~/client/runtime.ts').then(({ modals }) => modals.open('eapcomment', opener));
  }, []);
  return { airport, open };
}

/** Whether a click is a plain left click (modifier clicks keep the link's default: new tab, download …). */
function plainClick(event: React.MouseEvent): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

/** The comment link: opens the `eapcomment` modal; without JavaScript it leads to the notice on the airport page. */
export function AirportCommentLink({
  airport,
  onOpen,
  className = '',
  children,
}: {
  airport: CommentAirport;
  onOpen: (airport: CommentAirport, opener: HTMLElement | null) => void;
  className?: string;
  children: React.ReactNode;
}) {
  const href = useHref();
  return (
    <a
      href={`${href(`/parkplatz/${airport.slug}`)}#${COMMENT_ANCHOR}`}
      className={className}
      aria-haspopup="dialog"
      data-airport-comment-link={airport.iata}
      onClick={(event) => {
        if (!plainClick(event)) return;
        event.preventDefault();
        onOpen(airport, event.currentTarget);
      }}
    >
      {children}
    </a>
  );
}
