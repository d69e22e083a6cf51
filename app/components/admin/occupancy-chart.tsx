/**
 * The dashboard's occupancy chart (issue 15 item 2): booked spaces per day as bars and the capacity as a line.
 * Server-rendered as a plain SVG, so it shows without JavaScript; in the browser uPlot (loaded on this page only,
 * in a chunk of its own) replaces it with an interactive chart (values on hover). The chart is a picture for
 * the eye (`aria-hidden`): the same numbers are in the table below it, for screen readers and keyboards.
 */
import { useEffect, useRef, useState } from 'react';
import { useLocale, useT } from '~/components/i18n-context.tsx';
import type { OccupancyDay } from '~/domain/dashboard.ts';
import { formatCount, formatDay, formatShortDay } from './admin-format.ts';

const HEIGHT = 220;
const BAR_COLOUR = '#2563eb';
const LINE_COLOUR = '#b91c1c';

/** The chart and its table. `days` in order; the first is today. */
export function OccupancyChart({ days }: { days: OccupancyDay[] }) {
  const t = useT();
  const locale = useLocale();
  const holder = useRef<HTMLDivElement>(null);
  const [enhanced, setEnhanced] = useState(false);

  useEffect(() => {
    const element = holder.current;
    if (!element || days.length === 0) return;
    let disposed = false;
    let cleanup = () => {};
    void Promise.all([import('uplot'), import('uplot/dist/uPlot.min.css')]).then(([{ default: UPlot }]) => {
      if (disposed) return;
      const xs = days.map((d) => Date.parse(`${d.day}T12:00:00Z`) / 1000);
      const width = () => Math.max(280, element.clientWidth);
      const chart = new UPlot(
        {
          width: width(),
          height: HEIGHT,
          tzDate: (ts) => UPlot.tzDate(new Date(ts * 1000), 'UTC'),
          scales: { x: { time: true }, y: { range: (_u, _min, max) => [0, Math.max(1, max * 1.1)] } },
          legend: { live: true },
          // The page's locale, not uPlot's US defaults (`11/26`, `6,000`).
          axes: [
            { values: (_u, splits) => splits.map((ts) => formatShortDay(ts, locale)) },
            { values: (_u, splits) => splits.map((value) => formatCount(value, locale)) },
          ],
          series: [
            {
              label: t('admin.dashboard.occupancy.day'),
              value: (_u, v) => (v == null ? '' : formatDay(new Date(v * 1000).toISOString().slice(0, 10), locale)),
            },
            {
              label: t('admin.dashboard.occupancy.booked'),
              stroke: BAR_COLOUR,
              fill: `${BAR_COLOUR}99`,
              paths: UPlot.paths.bars!({ size: [0.7, 40] }),
              points: { show: false },
            },
            { label: t('admin.dashboard.occupancy.capacity'), stroke: LINE_COLOUR, width: 2, points: { show: false } },
          ],
        },
        [xs, days.map((d) => d.booked), days.map((d) => d.capacity)],
        element,
      );
      const observer = new ResizeObserver(() => chart.setSize({ width: width(), height: HEIGHT }));
      observer.observe(element);
      setEnhanced(true);
      cleanup = () => {
        observer.disconnect();
        chart.destroy();
      };
    });
    return () => {
      disposed = true;
      cleanup();
    };
  }, [days, locale, t]);

  return (
    <div>
      <div ref={holder} aria-hidden="true" className="min-h-0 overflow-hidden" />
      {!enhanced && <StaticChart days={days} />}
      <details className="mt-3">
        <summary className="inline-flex min-h-11 cursor-pointer items-center font-medium">
          {t('admin.dashboard.occupancy.table')}
        </summary>
        <div className="max-h-96 overflow-auto">
          <table className="w-full text-sm">
            <caption className="sr-only">{t('admin.dashboard.occupancy.caption')}</caption>
            <thead>
              <tr className="text-left">
                <th scope="col" className="py-1 pr-3">
                  {t('admin.dashboard.occupancy.day')}
                </th>
                <th scope="col" className="py-1 pr-3 text-right">
                  {t('admin.dashboard.occupancy.booked')}
                </th>
                <th scope="col" className="py-1 pr-3 text-right">
                  {t('admin.dashboard.occupancy.capacity')}
                </th>
                <th scope="col" className="py-1 text-right">
                  {t('admin.dashboard.occupancy.free')}
                </th>
              </tr>
            </thead>
            <tbody>
              {days.map((d) => (
                <tr key={d.day} className="border-t border-line">
                  <th scope="row" className="py-1 pr-3 text-left font-normal">
                    {formatDay(d.day, locale, true)}
                  </th>
                  <td className="py-1 pr-3 text-right tabular-nums">{d.booked}</td>
                  <td className="py-1 pr-3 text-right tabular-nums">{d.capacity}</td>
                  <td className="py-1 text-right tabular-nums">{Math.max(0, d.capacity - d.booked)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </div>
  );
}

/** The server's picture: bars of booked spaces, the capacity as a step line, the first day of each week marked. */
function StaticChart({ days }: { days: OccupancyDay[] }) {
  const t = useT();
  const width = days.length * 10;
  const top = Math.max(1, ...days.map((d) => Math.max(d.capacity, d.booked))) * 1.1;
  const y = (value: number) => HEIGHT - (value / top) * HEIGHT;
  const line = days
    .map((d, i) => `${i === 0 ? 'M' : 'L'}${i * 10},${y(d.capacity).toFixed(1)}H${(i + 1) * 10}`)
    .join('');
  return (
    <div aria-hidden="true">
      <svg viewBox={`0 0 ${width} ${HEIGHT}`} preserveAspectRatio="none" className="h-56 w-full">
        {days.map((d, i) => (
          <rect
            key={d.day}
            x={i * 10 + 1.5}
            y={y(d.booked)}
            width={7}
            height={HEIGHT - y(d.booked)}
            fill={BAR_COLOUR}
            fillOpacity={0.6}
          />
        ))}
        <path d={line} fill="none" stroke={LINE_COLOUR} strokeWidth={2} vectorEffect="non-scaling-stroke" />
      </svg>
      <p className="mt-1 flex gap-4 text-sm text-muted">
        <span>
          <span className="mr-1 inline-block h-3 w-3 bg-blue-600/60 align-middle" />
          {t('admin.dashboard.occupancy.booked')}
        </span>
        <span>
          <span className="mr-1 inline-block h-0.5 w-4 bg-red-700 align-middle" />
          {t('admin.dashboard.occupancy.capacity')}
        </span>
      </p>
    </div>
  );
}
