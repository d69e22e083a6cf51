/**
 * The first section of the reservation pages (issue 30 item 5, decision 0044): what the traveller needs at the
 * car park's barrier — the reference and the voucher's QR code (staff scan it at check-in), entry and exit, and
 * the car park's address and phone. Server-rendered markup only: the QR code is an SVG drawn by the loader.
 */
import { ExternalLink, MapPin, Phone } from 'lucide-react';
import type { ArrivalPassView } from '~/domain/reservation-view.ts';
import { useT } from '../i18n-context.tsx';
import { LotAddress } from './lot-address.tsx';

/** The pass of `view`. On a phone reference, QR code and times stack (both first two on the first screen). */
export function ArrivalPass({ view }: { view: ArrivalPassView }) {
  const t = useT();
  const valid = view.qrDataUrl !== null;
  return (
    <section
      aria-labelledby="pass-title"
      className="mb-6 rounded-2xl border-2 border-accent bg-card p-4 shadow-sm sm:p-6"
      data-arrival-pass={view.reference}
    >
      <h2 id="pass-title" className="text-lg font-semibold">
        {t('reservation.pass.title')}
      </h2>
      <div className="mt-3 grid gap-4 sm:grid-cols-[minmax(0,1fr)_auto] sm:gap-x-8">
        <div className="min-w-0">
          <p className="text-sm font-medium text-muted">{t('reservation.field.reference')}</p>
          <p
            className="mt-1 select-all font-mono text-3xl font-bold tracking-[0.15em] text-ink sm:text-4xl"
            data-pass-reference
          >
            {view.reference}
          </p>
          {valid ? null : (
            <p className="mt-2 rounded-lg bg-warn-soft px-3 py-2 text-sm font-medium text-warn" data-pass-status>
              {view.statusLabel}: {t(`reservation.pass.no_qr.${view.status}`)}
            </p>
          )}
        </div>
        {view.qrDataUrl ? (
          <figure className="flex items-center gap-3 sm:row-span-2 sm:flex-col sm:items-center">
            <img
              src={view.qrDataUrl}
              alt={t('document.voucher.qr_alt', { reference: view.reference })}
              width={160}
              height={160}
              className="size-40 shrink-0 rounded-lg bg-white"
              data-pass-qr
            />
            <figcaption className="max-w-40 text-sm text-muted sm:text-center sm:text-xs">
              {t('reservation.pass.qr_hint')}
            </figcaption>
          </figure>
        ) : null}
        <dl className="grid gap-3 rounded-xl bg-accent-soft p-4 sm:grid-cols-2">
          <div>
            <dt className="text-sm text-muted">{t('reservation.field.entry')}</dt>
            <dd className="text-lg font-semibold" data-pass-entry>
              {view.entry}
            </dd>
          </div>
          <div>
            <dt className="text-sm text-muted">{t('reservation.field.exit')}</dt>
            <dd className="text-lg font-semibold" data-pass-exit>
              {view.exit}
            </dd>
          </div>
        </dl>
      </div>
      <div className="mt-5 border-t border-line pt-4">
        <h3 className="flex items-center gap-2 font-semibold">
          <MapPin aria-hidden size={18} className="text-accent" />
          {view.lot.name}
        </h3>
        <p className="text-sm text-muted">
          {view.airport.name} ({view.airport.iata})
        </p>
        <LotAddress lines={view.lot.addressLines} />
        <div className="mt-3 flex flex-wrap gap-2">
          {view.lot.phone ? (
            <a className="btn-secondary text-sm" href={`tel:${view.lot.phone.replace(/[^\d+]/g, '')}`} data-pass-phone>
              <Phone aria-hidden size={16} />
              <span className="sr-only">{t('reservation.field.phone')}: </span>
              {view.lot.phone}
            </a>
          ) : null}
          <a className="btn-secondary text-sm" href={view.lot.mapUrl} target="_blank" rel="noopener noreferrer">
            <ExternalLink aria-hidden size={16} />
            {t('reservation.map_link')}
          </a>
        </div>
      </div>
    </section>
  );
}
