import { useId, useState } from 'react';
import { useT } from '../i18n-context.tsx';
import { useHydrated } from './use-hydrated.ts';

/**
 * Read more / read less (SPEC §2): shows `preview` (or the first lines, clamped) until expanded. The full text is
 * in the server HTML, so it is indexable; the clamp and the button come with JavaScript only, so without it the
 * whole text is readable (a clamp nobody can open would hide it).
 */
export function ReadMore({ children, lines = 3 }: { children: React.ReactNode; lines?: number }) {
  const t = useT();
  const [expanded, setExpanded] = useState(false);
  const hydrated = useHydrated();
  const id = useId();
  const clamped = hydrated && !expanded;
  return (
    <div data-read-more>
      <div
        id={id}
        className={clamped ? 'overflow-hidden' : ''}
        style={clamped ? { display: '-webkit-box', WebkitBoxOrient: 'vertical', WebkitLineClamp: lines } : undefined}
      >
        {children}
      </div>
      {hydrated ? (
        <button
          type="button"
          className="mt-2 text-sm font-medium text-accent hover:underline"
          aria-expanded={expanded}
          aria-controls={id}
          onClick={() => setExpanded((v) => !v)}
        >
          {expanded ? t('js.read_less') : t('js.read_more')}
        </button>
      ) : null}
    </div>
  );
}
