import { ChevronDown } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import { openDropdown } from '~/client/runtime.ts';
import { useStore } from './use-store.ts';

/**
 * Dropdown menu (SPEC §2): opens on hover and closes when the mouse leaves; also keyboard-operable (the button
 * toggles, Escape closes and refocuses the button, focus leaving closes). One dropdown open at a time.
 */
export function Dropdown({
  label,
  children,
  align = 'right',
  id: givenId,
}: {
  label: React.ReactNode;
  children: React.ReactNode;
  align?: 'left' | 'right';
  id?: string;
}) {
  const autoId = useId();
  const id = givenId ?? autoId;
  const open = useStore(openDropdown, null) === id;
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const hoverCapable = useRef(false);
  // When hovering opened the menu just now, the click that follows must not close it again.
  const hoverOpenedAt = useRef(0);

  useEffect(() => {
    hoverCapable.current = window.matchMedia?.('(hover: hover)').matches ?? false;
    if (!open) return;
    const onDown = (e: PointerEvent) => {
      if (!root.current?.contains(e.target as Node)) openDropdown.set(null);
    };
    document.addEventListener('pointerdown', onDown);
    return () => document.removeEventListener('pointerdown', onDown);
  }, [open]);

  return (
    // eslint-disable-next-line jsx-a11y/no-static-element-interactions -- hover opening for mice; the toggle button inside serves keyboards
    <div
      ref={root}
      className="relative"
      data-dropdown={id}
      onMouseEnter={(e) => {
        if (!hoverCapable.current) return;
        if (!open) hoverOpenedAt.current = e.timeStamp;
        openDropdown.set(id);
      }}
      onMouseLeave={() => hoverCapable.current && openDropdown.set((v) => (v === id ? null : v))}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && open) {
          openDropdown.set(null);
          button.current?.focus();
        }
      }}
      onBlur={(e) => {
        if (!root.current?.contains(e.relatedTarget as Node | null)) openDropdown.set((v) => (v === id ? null : v));
      }}
    >
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={`${id}-menu`}
        onClick={(e) => {
          const justHovered = open && e.timeStamp - hoverOpenedAt.current < 600;
          openDropdown.set(open && !justHovered ? null : id);
        }}
        className="inline-flex items-center gap-1.5 rounded-md px-2 py-2 text-sm font-medium text-ink hover:text-accent"
      >
        {label}
        <ChevronDown aria-hidden size={16} className={`transition-transform ${open ? 'rotate-180' : ''}`} />
      </button>
      <div
        id={`${id}-menu`}
        hidden={!open}
        className={`absolute top-full z-40 min-w-48 rounded-xl border border-line bg-card p-1 shadow-lg ${align === 'right' ? 'right-0' : 'left-0'}`}
      >
        {children}
      </div>
    </div>
  );
}

/** Closes every dropdown (e.g. after sign-out, SPEC §4). */
export function closeDropdowns() {
  openDropdown.set(null);
}
