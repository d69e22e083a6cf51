/**
 * What the reservation page shows about the return flight (issue 35 item 1): the view the service builds
 * (`flightDelayPanelOf`) and the component renders (`app/components/reservation/flight-delay-panel.tsx`). Times are
 * formatted in the page's language; `suggestedArrival` is airport local `YYYY-MM-DDTHH:mm` for the form's input.
 */
export type FlightDelayPanel = {
  /** whether the customer may report a late arrival now */
  open: boolean;
  /** hours the cover waives at most (0: no cover) */
  freeHours: number;
  flightNumber: string;
  /** the delay known so far, or null */
  known: {
    cancelled: boolean;
    arrival: string | null;
    expectedExit: string;
    coveredUntil: string | null;
    reportedByCustomer: boolean;
  } | null;
  suggestedArrival: string;
};
