import { describe, expect, it } from 'vitest';
import { ensureDataLayer, loadAnalytics } from './analytics.ts';

describe('data layer and consent', () => {
  it('creates the data layer once', () => {
    const target: { dataLayer?: Record<string, unknown>[] } = {};
    const layer = ensureDataLayer(target);
    layer.push({ a: 1 });
    expect(ensureDataLayer(target)).toBe(layer);
  });
  it('does not load a script without consent or without a URL', () => {
    const doc = { querySelector: () => null } as unknown as Document;
    expect(loadAnalytics('https://a.example/x.js', false, doc)).toBe(false);
    expect(loadAnalytics('', true, doc)).toBe(false);
    expect(loadAnalytics(undefined, true, doc)).toBe(false);
  });
  it('inserts the script once with consent', () => {
    const appended: { src: string; nonce?: string }[] = [];
    const doc = {
      querySelector: () => ({ nonce: 'abc' }),
      createElement: () => ({ dataset: {} }),
      head: { appendChild: (el: { src: string }) => appended.push(el) },
    } as unknown as Document;
    expect(loadAnalytics('https://a.example/x.js', true, doc)).toBe(true);
    expect(loadAnalytics('https://a.example/x.js', true, doc)).toBe(false);
    expect(appended).toHaveLength(1);
    expect(appended[0]).toMatchObject({ src: 'https://a.example/x.js', nonce: 'abc' });
  });
});
