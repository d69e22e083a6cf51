/** A car park's postal address, one line per element (`addressLines` of the reservation view), as `<address>`. */
export function LotAddress({ lines }: { lines: readonly string[] }) {
  return (
    <address className="mt-2 not-italic">
      {lines.map((line) => (
        <span key={line} className="block">
          {line}
        </span>
      ))}
    </address>
  );
}
