import { useT } from '../i18n-context.tsx';

/** A small loading indicator with an accessible label. */
export function Spinner({ className = '' }: { className?: string }) {
  const t = useT();
  return (
    <span role="status" className={`inline-flex items-center gap-2 text-sm text-muted ${className}`}>
      <span aria-hidden className="h-5 w-5 animate-spin rounded-full border-2 border-line border-t-accent" />
      <span className="sr-only">{t('js.loading')}</span>
    </span>
  );
}
