import { CircleAlert, CircleCheck, Info, TriangleAlert } from 'lucide-react';
import type { Flash } from '~/client/flash-store.ts';
import { flashes } from '~/client/runtime.ts';
import { useT } from '../i18n-context.tsx';
import { useHydrated } from './use-hydrated.ts';
import { useStore } from './use-store.ts';

const NONE: readonly Flash[] = [];
const STYLE: Record<Flash['type'], { box: string; Icon: typeof Info }> = {
  error: { box: 'border-danger/30 bg-danger-soft text-danger', Icon: CircleAlert },
  warning: { box: 'border-warn/30 bg-warn-soft text-warn', Icon: TriangleAlert },
  success: { box: 'border-success/30 bg-success-soft text-success', Icon: CircleCheck },
  info: { box: 'border-accent/30 bg-accent-soft text-accent-dark', Icon: Info },
};

/**
 * The flash messages (SPEC §2, §4): each leaves after its duration or when clicked. Errors are announced
 * assertively, the rest politely. Each item carries `data-flash="<type>"` (DESIGN §7). The server's flash
 * (`initial`) is rendered by the server too, so it shows without JavaScript; once hydrated, the store has it.
 */
export function FlashOutlet({
  initial = null,
}: {
  initial?: { title?: string; message: string; type?: string } | null;
}) {
  const t = useT();
  const hydrated = useHydrated();
  const stored = useStore(flashes, NONE);
  const list: readonly Flash[] =
    hydrated || !initial
      ? stored
      : [
          {
            id: 0,
            title: initial.title,
            message: initial.message,
            type: initial.type && initial.type in STYLE ? (initial.type as Flash['type']) : 'info',
          } as Flash,
        ];
  return (
    <div
      className="pointer-events-none fixed inset-x-0 top-20 z-50 flex flex-col items-center gap-2 px-4"
      data-flash-outlet
    >
      {list.map((flash) => {
        const { box, Icon } = STYLE[flash.type];
        return (
          // eslint-disable-next-line jsx-a11y/click-events-have-key-events -- a click anywhere dismisses; keyboards use the close button inside
          <div
            key={flash.id}
            role={flash.type === 'error' ? 'alert' : 'status'}
            data-flash={flash.type}
            className={`pointer-events-auto flex w-full max-w-md cursor-pointer items-start gap-3 rounded-xl border p-4 shadow-lg ${box}`}
            onClick={() => flashes.dismiss(flash.id)}
            title={t('flash.dismiss')}
          >
            <Icon aria-hidden size={20} className="mt-0.5 shrink-0" />
            <div className="min-w-0 flex-1 text-ink">
              {flash.title ? <p className="font-semibold">{flash.title}</p> : null}
              <p className="text-sm">{flash.message}</p>
            </div>
            <button type="button" className="sr-only focus:not-sr-only" onClick={() => flashes.dismiss(flash.id)}>
              {t('flash.dismiss')}
            </button>
          </div>
        );
      })}
    </div>
  );
}
