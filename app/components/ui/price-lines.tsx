import type { PriceLine as PriceLineView } from '~/domain/reservation-view.ts';

/**
 * A price breakdown as customers read it: the amounts that make up the price, the total as the largest figure,
 * the included VAT below it. The checkout's summary (`live`: the total is announced as it changes) and the
 * reservation page show it alike.
 */
export function PriceLines({
  lines,
  total,
  vat,
  live = false,
}: {
  lines: PriceLineView[];
  total: PriceLineView;
  vat: PriceLineView;
  live?: boolean;
}) {
  const row = 'flex justify-between gap-3';
  const amount = 'text-right tabular-nums whitespace-nowrap';
  return (
    <dl className="grid gap-1.5 text-sm" data-price-breakdown>
      {lines.map((line) => (
        <div key={line.label} className={row}>
          <dt>{line.label}</dt>
          <dd className={amount}>{line.amount}</dd>
        </div>
      ))}
      <div className={`${row} mt-2 items-baseline border-t border-line pt-3`}>
        <dt className="text-base font-semibold">{total.label}</dt>
        <dd
          className={`${amount} text-2xl font-bold tracking-tight`}
          {...(live
            ? { 'data-live-total-cents': total.cents, 'aria-live': 'polite' as const }
            : { 'data-total-cents': total.cents })}
        >
          {total.amount}
        </dd>
      </div>
      <div className={`${row} text-xs text-muted`}>
        <dt>{vat.label}</dt>
        <dd className={amount}>{vat.amount}</dd>
      </div>
    </dl>
  );
}
