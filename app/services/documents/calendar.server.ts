/**
 * The calendar entry of a reservation (issue 9): an iCalendar file (RFC 5545, written by `ical-generator`) with
 * two events — dropping the car off at entry and picking it up at exit — in the airport's time zone (with its
 * VTIMEZONE, from `@touch4it/ical-timezones`), at the car park's address, each with a reminder.
 */
import { TZDate } from '@date-fns/tz';
import { getVtimezoneComponent } from '@touch4it/ical-timezones';
import ical, { ICalAlarmType, ICalCalendarMethod } from 'ical-generator';
import { localized, lotAddress } from '~/domain/localized.ts';
import { translator } from '~/i18n.server.ts';
import { toLocale, type Locale } from '~/i18n.ts';
import type { ReservationDetails } from '../reservations/reservations.server.ts';

/** Length of each calendar event (drop-off, pick-up), minutes. */
const EVENT_MINUTES = 30;
/** Reminder before each event, seconds (2 h: time to drive to the airport). */
const REMINDER_SECONDS = 2 * 60 * 60;

/**
 * The `.ics` file of a reservation, in `locale` (default: the reservation's language).
 *
 * @param details - the reservation with airport, tariff and lot; entry/exit instants are converted to the
 *   airport's time zone (`DTSTART;TZID=<zone>:…`, robust to the server's own zone).
 * @param input.host - host name for the events' UIDs (`<reference>-entry@<host>`), stable across downloads so a
 *   calendar updates rather than duplicates the events.
 * @param input.manageUrl - the self-service link, written into the description.
 * @param input.now - DTSTAMP (UTC).
 * @returns the calendar text (CRLF line endings, folded as RFC 5545 requires).
 * @throws Error from `ical-generator` only for an invalid date (cannot happen for a stored reservation).
 * Source: RFC 5545, issue 9 (calendar entry with drop-off and pick-up in the airport's time zone).
 */
export function reservationCalendar(
  details: ReservationDetails,
  input: { host: string; manageUrl: string; now: Date; locale?: Locale },
): string {
  const { reservation: r, airport, lot } = details;
  const locale = toLocale(input.locale ?? r.locale);
  const t = translator(locale);
  const zone = airport.timeZone;
  const place = { airport: localized(airport, 'name', locale), iata: airport.iata, lot: lot.name };
  const address = lotAddress(lot).join(', ');
  const calendar = ical({
    prodId: { company: 'parkplatz-shop', product: 'reservation', language: locale.toUpperCase() },
    method: ICalCalendarMethod.PUBLISH,
    name: t('document.calendar.name', { reference: r.reference }),
    timezone: { name: null, generator: getVtimezoneComponent },
  });
  const events = [
    {
      kind: 'entry',
      at: r.entryAt,
      summary: t('document.calendar.entry', place),
      text: localized(lot, 'arrivalInstructions', locale),
    },
    {
      kind: 'exit',
      at: r.exitAt,
      summary: t('document.calendar.exit', place),
      text: localized(lot, 'returnInstructions', locale),
    },
  ] as const;
  for (const event of events) {
    const created = calendar.createEvent({
      id: `${r.reference}-${event.kind}@${input.host}`,
      start: new TZDate(event.at, zone),
      end: new TZDate(event.at.getTime() + EVENT_MINUTES * 60_000, zone),
      timezone: zone,
      stamp: input.now,
      summary: event.summary,
      location: { title: lot.name, address },
      description: [
        t('document.calendar.reference', { reference: r.reference }),
        event.text,
        lot.phone ? t('document.calendar.phone', { phone: lot.phone }) : '',
        t('document.calendar.manage', { url: input.manageUrl }),
      ]
        .filter(Boolean)
        .join('\n\n'),
      url: input.manageUrl,
    });
    created.createAlarm({ type: ICalAlarmType.display, trigger: REMINDER_SECONDS, description: event.summary });
  }
  return calendar.toString();
}
