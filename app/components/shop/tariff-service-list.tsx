/**
 * What a tariff includes (SPEC §2 modal `services`): the list built by `tariffServices()` (shuttle, keys, roof,
 * EV charging, security, height, persons, child seats, cancellation) plus the opening hours. With JavaScript
 * the "Leistungen" link of a tariff opens the `services` modal (one modal for every tariff: {@link useServices}
 * remembers which); without it the link leads to the same list printed in a `<noscript>` section.
 */
import { Check, Clock, Minus } from 'lucide-react';
import { useCallback, useState } from 'react';
import type { ServiceItem } from '~/domain/tariff-services.ts';
import { modals } from '~/client/runtime.ts';
import { useT } from '../i18n-context.tsx';
import { Modal } from '../widgets/modal.tsx';

/** A tariff as the services list needs it. */
export type ServicesTariff = {
  id: number;
  name: string;
  lotName: string;
  services: ServiceItem[];
  openingHours?: string;
};

/** Id of a tariff's services section without JavaScript. */
const servicesAnchor = (id: number) => `leistungen-${id}`;

/** The services list of one tariff. */
function ServicesList({ tariff }: { tariff: ServicesTariff }) {
  const t = useT();
  return (
    <div>
      <ul className="grid gap-2 text-sm" data-services>
        {tariff.services.map((item) => (
          <li key={item.key} className="flex items-start gap-2">
            {item.included ? (
              <Check aria-hidden size={18} className="mt-0.5 shrink-0 text-success" />
            ) : (
              <Minus aria-hidden size={18} className="mt-0.5 shrink-0 text-muted" />
            )}
            <span>{t(item.key, item.params)}</span>
          </li>
        ))}
      </ul>
      {tariff.openingHours ? (
        <p className="mt-4 flex items-start gap-2 text-sm">
          <Clock aria-hidden size={18} className="mt-0.5 shrink-0 text-muted" />
          <span>
            <strong className="font-semibold">{t('services.opening_hours')}:</strong> {tariff.openingHours}
          </span>
        </p>
      ) : null}
    </div>
  );
}

/** Which tariff's services the modal shows, and a function that opens it. */
export function useServices() {
  const [tariff, setTariff] = useState<ServicesTariff | null>(null);
  const open = useCallback((next: ServicesTariff, opener: HTMLElement | null) => {
    setTariff(next);
    modals.open('services', opener);
  }, []);
  return { tariff, open };
}

/** The "Leistungen" link of a tariff. */
export function ServicesLink({
  tariff,
  onOpen,
}: {
  tariff: ServicesTariff;
  onOpen: (tariff: ServicesTariff, opener: HTMLElement | null) => void;
}) {
  const t = useT();
  return (
    <a
      href={`#${servicesAnchor(tariff.id)}`}
      aria-haspopup="dialog"
      aria-label={`${t('services.link')}: ${tariff.name}`}
      className="text-xs font-medium text-accent underline underline-offset-2 hover:no-underline"
      data-services-link={tariff.id}
      onClick={(event) => {
        if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
        event.preventDefault();
        onOpen(tariff, event.currentTarget);
      }}
    >
      {t('services.link')}
    </a>
  );
}

/** The `services` modal, plus every tariff's list in a `<noscript>` section (the links' target without JS). */
export function ServicesModal({ tariff, all }: { tariff: ServicesTariff | null; all: ServicesTariff[] }) {
  const t = useT();
  return (
    <>
      <noscript>
        <section className="mt-6 grid gap-4 md:grid-cols-2" aria-label={t('services.heading')}>
          {all.map((item) => (
            <div key={item.id} id={servicesAnchor(item.id)} className="card p-4">
              <h3 className="font-semibold">{t('services.title', { tariff: item.name })}</h3>
              <p className="mb-3 text-sm text-muted">{item.lotName}</p>
              <ServicesList tariff={item} />
            </div>
          ))}
        </section>
      </noscript>
      <Modal name="services" title={tariff ? t('services.title', { tariff: tariff.name }) : t('services.heading')}>
        {tariff ? (
          <>
            <p className="-mt-2 mb-4 text-sm text-muted">{tariff.lotName}</p>
            <ServicesList tariff={tariff} />
          </>
        ) : null}
      </Modal>
    </>
  );
}
