/** A confirmation (`tone` ok) or a refusal with its lines (e.g. a capacity reduction's days). */
export function Notice({ tone, message, lines = [] }: { tone: 'ok' | 'error'; message: string; lines?: string[] }) {
  const colours = tone === 'ok' ? 'border-green-600 bg-green-50 text-green-900' : 'border-danger bg-red-50 text-danger';
  return (
    <div role={tone === 'ok' ? 'status' : 'alert'} className={`mt-4 rounded-lg border-l-4 px-4 py-3 ${colours}`}>
      <p className="font-medium">{message}</p>
      {lines.length > 0 && (
        <ul className="mt-2 list-disc pl-5 text-sm">
          {lines.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** A labelled input with its error below (the id ties label, input and message together). */
export function Field({
  id,
  label,
  error,
  className = '',
  ...input
}: React.InputHTMLAttributes<HTMLInputElement> & { id: string; label: string; error?: string }) {
  return (
    <div className={className}>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <input
        id={id}
        className="field-input min-h-11"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...input}
      />
      {error && (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}
