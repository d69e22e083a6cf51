import { FlaskConical } from 'lucide-react';
import { useRouteLoaderData } from 'react-router';
import { useT } from '../i18n-context.tsx';

/**
 * True while the shop runs on sample data (`SHOP_SAMPLE_DATA`, default on; README, Configuration): the root
 * loader passes the setting, and these notices say which shown data are invented.
 */
function useSampleData(): boolean {
  return useRouteLoaderData<{ sampleData?: boolean }>('root')?.sampleData === true;
}

/**
 * A small "sample data" badge beside invented content (operator names on lot cards, airport notices). `when`
 * decides instead of the setting where the content itself says it is invented (demo reviews, decision 0042:
 * marked even with `SHOP_SAMPLE_DATA=0`).
 */
export function SampleDataBadge({ when }: { when?: boolean }) {
  const t = useT();
  const setting = useSampleData();
  if (!(when ?? setting)) return null;
  return (
    <span
      className="ml-1.5 inline-block rounded-full bg-warn-soft px-2 py-0.5 align-middle text-xs font-semibold text-warn"
      data-sample-data
    >
      {t('sample.badge')}
    </span>
  );
}

/** Where the note stands; each place has its own wording (`sample.note.<where>`). */
type NotePlace = 'airport' | 'legal' | 'footer';

/** A one-paragraph note that the data shown here are samples, and which of them are invented. */
export function SampleDataNote({ where, className = '' }: { where: NotePlace; className?: string }) {
  const t = useT();
  if (!useSampleData()) return null;
  return (
    <p
      role="note"
      className={`flex items-start gap-2 rounded-lg border border-warn bg-warn-soft px-3 py-2 text-sm text-ink ${className}`}
      data-sample-data
    >
      <FlaskConical aria-hidden size={16} className="mt-0.5 shrink-0 text-warn" />
      <span>
        <strong className="font-semibold">{t('sample.badge')}:</strong> {t(`sample.note.${where}`)}
      </span>
    </p>
  );
}
