import type { HandoverRecordView } from '~/domain/handover.ts';
import { useT } from '../i18n-context.tsx';
import { FactList } from '../ui/fact-list.tsx';

/** One record: its facts and photos, or "not recorded yet". */
export function HandoverRecord({ record, title }: { record: HandoverRecordView | null; title: string }) {
  const t = useT();
  const facts: [string, string | null][] = record
    ? [
        [t('handover.odometer'), record.odometer],
        [t('handover.fuel'), record.fuel],
        [t('handover.charge'), record.charge],
        [t('handover.space'), record.parkingSpace || null],
        [t('handover.damage'), record.damageNotes || null],
      ]
    : [];
  return (
    <article className="min-w-0 rounded-xl border border-line p-3" data-handover-record={record?.kind ?? 'missing'}>
      <h3 className="font-semibold">{title}</h3>
      {record ? (
        <>
          <p className="text-sm text-muted">{t('handover.panel.recorded', { when: record.recordedAt })}</p>
          <FactList rows={facts} className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm" />
          {record.photos.length ? (
            <ul className="mt-3 grid grid-cols-2 gap-2 sm:grid-cols-3">
              {record.photos.map((photo) => (
                <li key={photo.id}>
                  <a href={photo.url} target="_blank" rel="noopener" className="block">
                    <img
                      src={photo.url}
                      alt={`${title}: ${photo.label}`}
                      width={photo.width}
                      height={photo.height}
                      loading="lazy"
                      className="aspect-[4/3] w-full rounded-md bg-surface object-cover"
                    />
                  </a>
                  <span className="mt-0.5 block text-xs text-muted" aria-hidden>
                    {photo.label}
                  </span>
                </li>
              ))}
            </ul>
          ) : null}
          {record.deletedPhotos ? (
            <p className="mt-2 text-xs text-muted">
              {t('handover.panel.photos_deleted', { count: record.deletedPhotos })}
            </p>
          ) : null}
        </>
      ) : (
        <p className="text-sm text-muted">{t('handover.panel.not_yet')}</p>
      )}
    </article>
  );
}
