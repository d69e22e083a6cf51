import type { ComponentProps } from 'react';
import { useHref } from '../i18n-context.tsx';
import { HandoverPanel } from '../islands/handover-panel.ts';
import { ManageBooking } from '../islands/manage-booking.ts';
import { DocumentFrame } from '../widgets/document-frame.tsx';
import { ArrivalPass } from './arrival-pass.tsx';
import { DocumentLinks } from './document-links.tsx';
import { FlightDelayPanel } from '../islands/flight-delay-panel.ts';
import { PaymentNotice } from './payment-notice.tsx';

/** What the reservation pages' loaders read for {@link ReservationPanels} (`reservationPanels` on the server). */
type Panels = {
  payment: ComponentProps<typeof PaymentNotice>['view'];
  pass: ComponentProps<typeof ArrivalPass>['view'];
  documents: ComponentProps<typeof DocumentLinks>['documents'];
  wallet: ComponentProps<typeof DocumentLinks>['wallet'];
  manage: ComponentProps<typeof ManageBooking>['view'];
  flight: ComponentProps<typeof FlightDelayPanel>['view'];
  handover: ComponentProps<typeof HandoverPanel>['view'];
};

/**
 * The body of both reservation pages (the guest's and the owner's): what the traveller needs at the barrier first,
 * then documents, changes and history, every detail in the frame (issue 30 item 5, decision 0044).
 * `basePath`: `/reservierung/<ref>` or `/konto/reservierungen/<ref>` (unlocalised).
 */
export function ReservationPanels({
  panels,
  result,
  basePath,
  frameTitle,
}: {
  panels: Panels;
  result: ComponentProps<typeof ManageBooking>['result'];
  basePath: string;
  frameTitle: string;
}) {
  const href = useHref();
  return (
    <>
      <PaymentNotice view={panels.payment} />
      <ArrivalPass view={panels.pass} />
      <FlightDelayPanel view={panels.flight} result={result} />
      <HandoverPanel view={panels.handover} result={result} />
      <DocumentLinks basePath={basePath} documents={panels.documents} wallet={panels.wallet} />
      <ManageBooking view={panels.manage} result={result} />
      {/* A change, an extension or a cancellation submitted with JavaScript revalidates the page, not the frame's
          document: a new key loads the frame afresh with the new stay, price and invoice. */}
      <DocumentFrame
        key={[panels.manage.status, ...Object.values(panels.manage.travel)].join('|')}
        src={href(`${basePath}/dokument`)}
        title={frameTitle}
      />
    </>
  );
}
