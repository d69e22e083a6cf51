/**
 * The static map overview as inline SVG (server-rendered, no request to anyone): Germany's outline with one
 * marker per airport, each a link to the airport's page; on airports.show also a detail view of the airport
 * with its numbered parking lots (links to their directions, `#anfahrt-<lot id>`) and a scale bar.
 * Geometry in `map-overview.ts`.
 */
import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { useHref, useLocale, useT } from '../i18n-context.tsx';
import { buildOverview, type OverviewAirport } from './map-overview.ts';
import type { MapAirport, MapLot } from './map-view.ts';
import { numberFormat } from '~/domain/intl-cache.ts';

/** Id of a lot's directions entry on the airport page (target of its marker and list entry). */
export const lotAnchor = (id: number) => `anfahrt-${id}`;

/** Follows a plain left click in the app (client-side navigation); modified clicks keep the link's default. */
function useAppLink() {
  const navigate = useNavigate();
  return (event: React.MouseEvent<Element>, to: string) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    void navigate(to);
  };
}

function AirportMarker({ airport, onOpen }: { airport: OverviewAirport; onOpen: ReturnType<typeof useAppLink> }) {
  const t = useT();
  const href = useHref();
  const to = href(`/parkplatz/${airport.slug}`);
  const colour = airport.locked ? 'fill-warn' : 'fill-accent';
  const name = `${airport.iata}: ${airport.name}${airport.locked ? ` – ${t('airport.locked.short')}` : ''}`;
  return (
    <a
      href={to}
      onClick={(event) => onOpen(event, to)}
      aria-current={airport.current ? 'page' : undefined}
      className="group outline-none"
      data-airport-iata={airport.iata}
      data-locked={airport.locked ? '' : undefined}
    >
      {/* the link's name (SVG-AAM: a title child names the element; also the tooltip) */}
      <title>{name}</title>
      <circle cx={airport.x} cy={airport.y} r={14} className="fill-transparent" />
      {airport.current ? (
        <circle cx={airport.x} cy={airport.y} r={12} className="fill-accent/20 stroke-accent" strokeWidth={1.5} />
      ) : null}
      <circle
        cx={airport.x}
        cy={airport.y}
        r={airport.current ? 7.5 : 6}
        className={`${colour} stroke-white group-hover:stroke-ink group-focus-visible:stroke-ink`}
        strokeWidth={2}
      />
      <text
        x={airport.label.x}
        y={airport.label.y}
        textAnchor={airport.label.anchor}
        className="fill-ink stroke-white text-[11px] font-bold group-hover:underline group-focus-visible:underline"
        strokeWidth={3}
        paintOrder="stroke"
      >
        {airport.iata}
      </text>
      {/* focus ring drawn inside the SVG (an outline on an SVG link is not painted everywhere) */}
      <circle
        cx={airport.x}
        cy={airport.y}
        r={11}
        className="fill-none stroke-ink opacity-0 group-focus-visible:opacity-100"
        strokeWidth={2.5}
      />
    </a>
  );
}

/**
 * The overview SVG. Props are the map's (`AirportMapProps` without the tile URL); the SVG scales to its box
 * (`className`), keeping the aspect.
 */
export function MapOverviewSvg({
  airports,
  lots,
  focus,
  className = '',
}: {
  airports: MapAirport[];
  lots: MapLot[];
  focus: string | null;
  className?: string;
}) {
  const t = useT();
  const locale = useLocale();
  const open = useAppLink();
  const overview = useMemo(() => buildOverview({ airports, lots, focus }), [airports, lots, focus]);
  const { detail } = overview;
  const focused = overview.airports.find((a) => a.current);
  // The terminal's label stays inside the detail box: anchored to its nearer edge when the terminal is close to it.
  const terminalLabel = !detail
    ? { x: 0, anchor: 'middle' as const }
    : detail.airport.x > detail.width - 60
      ? { x: detail.width - 8, anchor: 'end' as const }
      : detail.airport.x < 60
        ? { x: 8, anchor: 'start' as const }
        : { x: detail.airport.x, anchor: 'middle' as const };
  return (
    <svg
      viewBox={`-4 -4 ${overview.width + 8} ${overview.height + 8}`}
      className={className}
      preserveAspectRatio="xMidYMid meet"
      data-map-svg
    >
      <path d={overview.outline} className="fill-white stroke-[#8fa6bd]" strokeWidth={1.2} strokeLinejoin="round" />
      {detail && focused ? (
        <line
          x1={focused.x}
          y1={focused.y}
          x2={detail.x}
          y2={detail.airport.y}
          className="stroke-accent/50"
          strokeWidth={1}
          strokeDasharray="3 3"
          aria-hidden
        />
      ) : null}
      {overview.airports.map((airport) => (
        <AirportMarker key={airport.slug} airport={airport} onOpen={open} />
      ))}
      {detail ? (
        <g transform={`translate(${detail.x} 0)`} data-map-detail>
          <rect
            width={detail.width}
            height={detail.height}
            rx={12}
            className="fill-white stroke-[#8fa6bd]"
            strokeWidth={1}
          />
          <text x={12} y={22} className="fill-ink text-[12px] font-semibold">
            {t('feature.map.overview.detail', { airport: detail.airport.name })}
          </text>
          <g aria-hidden>
            <circle
              cx={detail.airport.x}
              cy={detail.airport.y}
              r={9}
              className="fill-accent stroke-white"
              strokeWidth={2}
            />
            <text
              x={terminalLabel.x}
              y={detail.airport.y + 24}
              textAnchor={terminalLabel.anchor}
              className="fill-ink stroke-white text-[11px] font-bold"
              strokeWidth={3}
              paintOrder="stroke"
            >
              {`${detail.airport.iata} ${t('feature.map.overview.terminal')}`}
            </text>
          </g>
          {detail.lots.map((lot) => {
            const name = t('feature.map.lot_number', { number: lot.number, name: lot.name });
            return (
              <a key={lot.id} href={`#${lotAnchor(lot.id)}`} className="group outline-none" data-lot-id={lot.id}>
                <title>{name}</title>
                {lot.x !== lot.at.x || lot.y !== lot.at.y ? (
                  <>
                    <line
                      x1={lot.at.x}
                      y1={lot.at.y}
                      x2={lot.x}
                      y2={lot.y}
                      className="stroke-success"
                      strokeWidth={1.5}
                    />
                    <circle cx={lot.at.x} cy={lot.at.y} r={2.5} className="fill-success" />
                  </>
                ) : null}
                <rect x={lot.x - 14} y={lot.y - 14} width={28} height={28} className="fill-transparent" />
                <rect
                  x={lot.x - 9}
                  y={lot.y - 9}
                  width={18}
                  height={18}
                  rx={4}
                  className="fill-success stroke-white group-hover:stroke-ink group-focus-visible:stroke-ink"
                  strokeWidth={2}
                />
                <text x={lot.x} y={lot.y + 4} textAnchor="middle" className="fill-white text-[11px] font-bold">
                  {lot.number}
                </text>
                <rect
                  x={lot.x - 13}
                  y={lot.y - 13}
                  width={26}
                  height={26}
                  rx={6}
                  className="fill-none stroke-ink opacity-0 group-focus-visible:opacity-100"
                  strokeWidth={2.5}
                />
              </a>
            );
          })}
          <g transform={`translate(12 ${detail.height - 14})`} aria-hidden>
            <path d={`M0 -5V0H${detail.scale.px}V-5`} className="fill-none stroke-ink" strokeWidth={1.5} />
            <text x={detail.scale.px + 6} y={0} className="fill-ink text-[11px]">
              {t('feature.map.overview.scale', { km: numberFormat(locale).format(detail.scale.km) })}
            </text>
          </g>
        </g>
      ) : null}
    </svg>
  );
}
