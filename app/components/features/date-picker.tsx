/**
 * The search form's date picker (SPEC §2 "use the date picker", DESIGN §1 react-day-picker), lazily loaded as
 * the `datePicker` feature on index and airports.show. It only enhances the GET form: a button opens a range
 * calendar (German or English, weeks start Monday, days before `minDate` disabled); the first click fills the
 * entry day, the second the exit day, keeping the times already in the `datetime-local` inputs (08:00 and 18:00
 * when empty). Without JavaScript the inputs work as they are.
 */
import { CalendarRange, X } from 'lucide-react';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { DayPicker } from 'react-day-picker';
import { de } from 'react-day-picker/locale/de';
import { enGB } from 'react-day-picker/locale/en-GB';
import 'react-day-picker/style.css';
import './date-picker.css';
import { useLocale, useT } from '../i18n-context.tsx';
import { applyRange, parseDay, pickDay, rangeFromValues, timesOf, type DayRange } from './date-range.ts';

/** The calendar's month and weekday names and first weekday, per interface language. */
const DAY_PICKER_LOCALES = { de, en: enGB };

/** Props: the ids of the two inputs it fills, the earliest selectable local date-time; `iconOnly` for narrow forms. */
export type DatePickerProps = { entryId: string; exitId: string; minDate?: string; iconOnly?: boolean };

function input(id: string): HTMLInputElement | null {
  const el = document.getElementById(id);
  return el instanceof HTMLInputElement ? el : null;
}

/** Sets an input's value the way typing would (listeners of `input`/`change` see it). */
function setValue(el: HTMLInputElement, value: string) {
  if (el.value === value) return;
  el.value = value;
  el.dispatchEvent(new Event('input', { bubbles: true }));
  el.dispatchEvent(new Event('change', { bubbles: true }));
}

export default function DatePicker({ entryId, exitId, minDate, iconOnly = false }: DatePickerProps) {
  const t = useT();
  const locale = useLocale();
  const popoverId = useId();
  const [open, setOpen] = useState(false);
  const [range, setRange] = useState<DayRange | undefined>(undefined);
  const [months, setMonths] = useState(1);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const popover = useRef<HTMLDivElement>(null);
  // The inputs' times when the calendar opened (kept even if the exit is cleared between the two clicks).
  const times = useRef(timesOf({ entry: '', exit: '' }));
  const today = new Date();
  const minDay = parseDay(minDate) ?? new Date(today.getFullYear(), today.getMonth(), today.getDate());

  const close = useCallback((refocus: boolean) => {
    setOpen(false);
    if (refocus) button.current?.focus({ preventScroll: true });
  }, []);

  const show = () => {
    const entry = input(entryId);
    const exit = input(exitId);
    const values = { entry: entry?.value ?? '', exit: exit?.value ?? '' };
    times.current = timesOf(values);
    setRange(rangeFromValues(values.entry, values.exit));
    setMonths(window.matchMedia('(min-width: 768px)').matches ? 2 : 1);
    setOpen(true);
  };

  // Bring the whole calendar into view (on a phone it opens near the bottom of the screen).
  useEffect(() => {
    if (open) popover.current?.scrollIntoView({ block: 'nearest' });
  }, [open]);

  // Light dismiss: a pointer down outside closes; so does focus leaving (keyboard users tabbing on).
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (root.current && !root.current.contains(event.target as Node)) close(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open, close]);

  const onPick = (day: Date) => {
    const entry = input(entryId);
    const exit = input(exitId);
    if (!entry || !exit) return;
    const next = pickDay(range, day);
    setRange(next.range);
    const values = applyRange({ entry: entry.value, exit: exit.value }, next.range, times.current);
    setValue(entry, values.entry);
    setValue(exit, values.exit);
    if (next.complete) close(true);
  };

  return (
    // eslint-disable-next-line jsx-a11y/no-static-element-interactions -- Escape from any control inside the picker, delegated
    <div
      ref={root}
      className="static"
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          event.stopPropagation();
          close(true);
        }
      }}
      onBlur={(event) => {
        if (open && root.current && event.relatedTarget instanceof Node && !root.current.contains(event.relatedTarget))
          close(false);
      }}
      data-date-picker
    >
      <button
        ref={button}
        type="button"
        className="inline-flex items-center gap-1 rounded-md px-1.5 py-0.5 text-sm font-medium text-accent hover:bg-accent-soft"
        aria-expanded={open}
        aria-controls={open ? popoverId : undefined}
        aria-haspopup="dialog"
        aria-label={t('feature.date_picker.open')}
        title={iconOnly ? t('feature.date_picker.open') : undefined}
        onClick={() => (open ? close(true) : show())}
      >
        <CalendarRange aria-hidden size={iconOnly ? 18 : 16} />
        {iconOnly ? null : <span aria-hidden>{t('feature.date_picker.button')}</span>}
      </button>
      {open ? (
        <div
          ref={popover}
          id={popoverId}
          role="dialog"
          aria-label={t('feature.date_picker.title')}
          className="absolute left-0 top-full z-30 mt-1 w-max max-w-[calc(100vw-2rem)] rounded-2xl border border-line bg-card p-3 text-ink shadow-xl"
          data-date-picker-popover
        >
          <div className="flex items-start justify-between gap-3 px-1">
            <p className="text-sm text-muted" aria-live="polite">
              {range?.from && !range.to ? t('feature.date_picker.pick_exit') : t('feature.date_picker.pick_entry')}
            </p>
            <button
              type="button"
              className="-m-1 rounded-md p-1 text-muted hover:text-ink"
              aria-label={t('modal.close')}
              onClick={() => close(true)}
            >
              <X aria-hidden size={18} />
            </button>
          </div>
          <DayPicker
            mode="range"
            locale={DAY_PICKER_LOCALES[locale]}
            weekStartsOn={1}
            numberOfMonths={months}
            defaultMonth={range?.from ?? minDay}
            startMonth={minDay}
            disabled={{ before: minDay }}
            selected={range}
            onSelect={(_selected, triggerDate) => onPick(triggerDate)}
            // eslint-disable-next-line jsx-a11y/no-autofocus -- the calendar popup was opened by the user: focus moves into it
            autoFocus
            className="rdp-shop"
          />
        </div>
      ) : null}
    </div>
  );
}
