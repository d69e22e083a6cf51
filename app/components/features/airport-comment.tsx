/**
 * The airport comment link and the `eapcomment` modal (SPEC §2 "follow the airport comment link", index and
 * airports.show). The link is a real link (to the airport page's `#hinweis` section, where the notice is printed),
 * so it works without JavaScript; with JavaScript a plain click opens the modal with the notice instead.
 * Small and used on first paint, so it is part of the page chunk, not a lazy feature.
 */
import { Info } from 'lucide-react';
import { useCallback, useState } from 'react';
import { Link } from 'react-router';
import { modals } from '~/client/runtime.ts';
import { Modal } from '../widgets/modal.tsx';
import { useHref, useT } from '../i18n-context.tsx';

/** An airport with a notice. */
export type CommentAirport = { slug: string; iata: string; name: string; comment: string };

/** Id of the section that prints the notice on the airport page (target of the link without JavaScript). */
export const COMMENT_ANCHOR = 'hinweis';

/** Which airport's notice the modal shows, and a function that opens it. */
export function useAirportComment() {
  const [airport, setAirport] = useState<CommentAirport | null>(null);
  const open = useCallback((next: CommentAirport, opener: HTMLElement | null) => {
    setAirport(next);
    modals.open('eapcomment', opener);
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

/** The `eapcomment` modal with the notice of `airport`; `showPageLink` adds a link to the airport page. */
export function AirportCommentModal({
  airport,
  showPageLink = false,
}: {
  airport: CommentAirport | null;
  showPageLink?: boolean;
}) {
  const t = useT();
  const href = useHref();
  return (
    <Modal
      name="eapcomment"
      title={airport ? t('feature.comment.title', { airport: airport.name }) : t('feature.comment.heading')}
    >
      {airport ? (
        <div className="space-y-4">
          <p className="flex gap-3 rounded-xl bg-warn-soft p-4 text-ink">
            <Info aria-hidden className="mt-0.5 shrink-0 text-warn" size={18} />
            <span>{airport.comment}</span>
          </p>
          {showPageLink ? (
            <Link
              to={href(`/parkplatz/${airport.slug}`)}
              className="btn-secondary"
              onClick={() => modals.close('eapcomment')}
            >
              {t('feature.comment.page_link', { airport: airport.name })}
            </Link>
          ) : null}
        </div>
      ) : null}
    </Modal>
  );
}
