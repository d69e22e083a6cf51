/**
 * The reservation as the framed document of `user.reservation` and `guest.reservation` (their `…/dokument`
 * routes, rendered without the site's chrome): the reservation view, reporting its height to the parent frame.
 */
import { useRouteLoaderData } from 'react-router';
import { ReservationDetails } from '~/components/islands/reservation-details.ts';
import { FramedDocument } from '~/components/widgets/document-frame.tsx';
import type { ReservationView } from '~/domain/reservation-view.ts';

export function ReservationDocument({ view }: { view: ReservationView }) {
  const root = useRouteLoaderData<{ shop: { email: string; phone: string } }>('root');
  return (
    <FramedDocument>
      <ReservationDetails view={view} shop={{ email: root?.shop.email ?? '', phone: root?.shop.phone ?? '' }} />
    </FramedDocument>
  );
}
