import { Info } from 'lucide-react';
import { AirportCommentLink, type CommentAirport } from '../features/airport-comment.tsx';
import { useT } from '../i18n-context.tsx';
import { SampleDataBadge } from './sample-data.tsx';

/** The airport's notice in short at the top of its page, with the link that opens it in the `eapcomment` modal. */
export function AirportCommentBanner({
  airport,
  onOpen,
}: {
  airport: CommentAirport;
  onOpen: (airport: CommentAirport, opener: HTMLElement | null) => void;
}) {
  const t = useT();
  return (
    <div
      className="card mt-4 flex flex-wrap items-center gap-x-3 gap-y-1 border-warn bg-warn-soft px-4 py-3 text-sm"
      data-airport-comment
    >
      <Info aria-hidden className="shrink-0 text-warn" size={18} />
      <p className="line-clamp-2 min-w-0 flex-1 basis-48 sm:line-clamp-1">
        <strong className="font-semibold">{t('feature.comment.heading')}:</strong>
        <SampleDataBadge /> {airport.comment}
      </p>
      <AirportCommentLink
        airport={airport}
        onOpen={onOpen}
        className="shrink-0 font-semibold text-warn underline underline-offset-2 hover:no-underline"
      >
        {t('feature.comment.link')}
      </AirportCommentLink>
    </div>
  );
}
