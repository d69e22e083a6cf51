import { X } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import { modals } from '~/client/runtime.ts';
import type { ModalName } from '~/client/modal-store.ts';
import { useT } from '../i18n-context.tsx';
import { useStore } from './use-store.ts';

const EMPTY = { open: null, opener: null } as const;

/**
 * One modal of SPEC §2 on a native `<dialog>` opened with `showModal()` (the rest of the page becomes inert, so
 * focus stays inside; Escape closes). Only one is open at a time (the modal store); focus returns to the opener.
 * The root carries `role="dialog"`, `data-modal="<name>"` and `aria-labelledby` its title.
 */
export function Modal({
  name,
  title,
  children,
  size = 'md',
}: {
  name: ModalName;
  title: React.ReactNode;
  children: React.ReactNode;
  size?: 'md' | 'lg';
}) {
  const t = useT();
  const titleId = useId();
  const ref = useRef<HTMLDialogElement>(null);
  const open = useStore(modals, EMPTY).open === name;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      const opener =
        modals.get().opener ?? (document.activeElement instanceof HTMLElement ? document.activeElement : null);
      dialog.showModal();
      return () => {
        if (dialog.open) dialog.close();
        // Return focus unless another modal took over.
        if (modals.get().open === null) opener?.focus({ preventScroll: true });
      };
    }
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions -- a click on the backdrop closes; keyboards use Escape (onCancel)
    <dialog
      ref={ref}
      role="dialog"
      aria-modal="true"
      aria-labelledby={titleId}
      data-modal={name}
      onCancel={(event) => {
        event.preventDefault();
        modals.close(name);
      }}
      onClick={(event) => {
        if (event.target === event.currentTarget) modals.close(name);
      }}
      className={`m-auto w-[calc(100%-2rem)] ${size === 'lg' ? 'max-w-4xl' : 'max-w-md'} max-h-[calc(100dvh-2rem)] overflow-y-auto rounded-2xl border border-line bg-card p-0 text-ink shadow-xl backdrop:bg-ink/60`}
    >
      {open ? (
        <div className="p-5 sm:p-6">
          <div className="mb-4 flex items-start justify-between gap-4">
            <h2 id={titleId} className="text-xl font-semibold">
              {title}
            </h2>
            <button
              type="button"
              className="-m-2 rounded-md p-2 text-muted hover:text-ink"
              aria-label={t('modal.close')}
              onClick={() => modals.close(name)}
              data-modal-close
            >
              <X aria-hidden size={20} />
            </button>
          </div>
          {children}
        </div>
      ) : (
        <h2 id={titleId} className="sr-only">
          {title}
        </h2>
      )}
    </dialog>
  );
}
