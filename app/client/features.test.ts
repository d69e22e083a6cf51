import { describe, expect, it, vi } from 'vitest';
import { ChunkLoadError } from './chunk-loader.ts';
import { FEATURE_IMPORTERS, loadFeature, routeHasFeature, ROUTE_FEATURES } from './features.ts';

describe('features per route (SPEC §2)', () => {
  it('lists the map only on the routes of the table', () => {
    const withMap = Object.keys(ROUTE_FEATURES).filter((r) => routeHasFeature(r, 'map'));
    expect(withMap.sort()).toEqual(['airports.index', 'airports.show', 'contact.index', 'index']);
    expect(routeHasFeature('checkout.booking', 'addressAutocomplete')).toBe(true);
    expect(routeHasFeature('faq', 'gallery')).toBe(false);
    expect(routeHasFeature('unknown', 'map')).toBe(false);
  });

  it('loads nothing off-route or without a widget', async () => {
    const importer = vi.fn();
    const importers = { ...FEATURE_IMPORTERS, map: null, gallery: importer };
    expect(await loadFeature('gallery', 'faq', importers)).toBeNull();
    expect(await loadFeature('map', 'index', importers)).toBeNull();
    expect(importer).not.toHaveBeenCalled();
  });

  it('loads through the chunk loader and reports failures as ChunkLoadError', async () => {
    const mod = { default: () => null };
    const ok = { ...FEATURE_IMPORTERS, gallery: async () => mod };
    expect(await loadFeature('gallery', 'airports.show', ok)).toBe(mod);
    const bad = { ...FEATURE_IMPORTERS, gallery: () => Promise.reject(new Error('404')) };
    const error = await loadFeature('gallery', 'airports.show', bad).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ChunkLoadError);
    expect((error as ChunkLoadError).message).toBe('Loading chunk gallery failed.\n(error: gallery)');
  });
});
