/**
 * Building blocks of the customer's documents in HTML (issue 9: voucher, invoice): the paper-like sheet, a
 * titled section and label/value rows. Styled like the reservation page; on paper the sheet loses its card
 * look (no shadow, border or tinted background) and blocks are not split across pages.
 */

/** The document's sheet: a card on screen, plain A4-friendly paper in print. */
export function DocumentSheet({ children, ...data }: { children: React.ReactNode } & Record<`data-${string}`, string>) {
  return (
    <article
      className="card mx-auto w-full max-w-4xl break-words p-5 text-ink sm:p-8 lg:p-10 print:max-w-none print:rounded-none print:border-0 print:p-0 print:text-[9.5pt] print:shadow-none"
      {...data}
    >
      {children}
    </article>
  );
}

/** A section with a visible `h2` (accent, hairline below) that stays on one printed page. */
export function DocumentSection({
  id,
  title,
  children,
  className = '',
}: {
  id: string;
  title: string;
  children: React.ReactNode;
  className?: string;
}) {
  return (
    <section aria-labelledby={id} className={`break-inside-avoid ${className}`}>
      <h2
        id={id}
        className="border-b border-line pb-1.5 text-base font-semibold text-accent sm:text-lg print:text-[11.5pt]"
      >
        {title}
      </h2>
      <div className="mt-3 print:mt-2">{children}</div>
    </section>
  );
}

/** Label/value rows as a `<dl>`; rows whose value is empty (`''`, null) are left out. */
export function DocumentFacts({ rows, className = '' }: { rows: [string, React.ReactNode][]; className?: string }) {
  return (
    <dl
      className={`grid grid-cols-[auto_minmax(0,1fr)] gap-x-5 gap-y-1.5 text-sm sm:text-base print:gap-y-0.5 print:text-[9.5pt] ${className}`}
    >
      {rows
        .filter(([, value]) => value !== '' && value != null)
        .map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-muted">{label}</dt>
            <dd className="font-medium">{value}</dd>
          </div>
        ))}
    </dl>
  );
}

/** `tel:` link target of a printed phone number (digits and a leading plus only). */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}
