import { island } from '../widgets/island.tsx';

/** The map overview (SVG) and its map consent, server-rendered and hydrated from a chunk of its own (issue 11 budget). */
export const MapPanel = island(() => import('../features/map-panel.tsx').then((m) => ({ default: m.MapPanel })));
