import { useId, useState } from 'react';
import { useT } from '../i18n-context.tsx';

/**
 * Read more / read less (SPEC §2): shows `preview` (or the first lines, clamped) until expanded. The full text is
 * in the server HTML, so it is indexable and readable without JavaScript (the clamp is CSS only).
 */
export function ReadMore({ children, lines = 3 }: { children: React.ReactNode; lines?: number }) {
  const t = useT();
  const [expanded, setExpanded] = useState(false);
  const id = useId();
  return (
    <div data-read-more>
      <div
        id={id}
        className={expanded ? '' : 'overflow-hidden'}
        style={expanded ? undefined : { display: '-webkit-box', WebkitBoxOrient: 'vertical', WebkitLineClamp: lines }}
      >
        {children}
      </div>
      <button
        type="button"
        className="mt-2 text-sm font-medium text-accent hover:underline"
        aria-expanded={expanded}
        aria-controls={id}
        onClick={() => setExpanded((v) => !v)}
      >
        {expanded ? t('js.read_less') : t('js.read_more')}
      </button>
    </div>
  );
}
