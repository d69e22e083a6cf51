/** The `eapcomment` modal of the airport comment link (`airport-comment.tsx`; SPEC §2, index and airports.show). */
import { Info } from 'lucide-react';
import { Link } from 'react-router';
import { modals } from '~/client/runtime.ts';
import { Modal } from '../widgets/modal.tsx';
import { useHref, useT } from '../i18n-context.tsx';
import type { CommentAirport } from './airport-comment.tsx';

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
