/**
 * A definition list of label → value rows (a card's facts): one `dt`/`dd` pair per row with a value, the labels muted,
 * long values wrapping. `className` sets the grid (columns, gaps, margin).
 */
export function FactList({ rows, className }: { rows: [string, string | null][]; className: string }) {
  return (
    <dl className={className}>
      {rows
        .filter(([, value]) => value)
        .map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-muted">{label}</dt>
            <dd className="break-words">{value}</dd>
          </div>
        ))}
    </dl>
  );
}
