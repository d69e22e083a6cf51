import { describe, expect, it } from 'vitest';
import { checkoutEvent, ensureDataLayer, loadAnalytics } from './analytics.ts';

describe('checkout analytics (SPEC §4)', () => {
  const products = [{ id: 't1', category: 'shuttle' }];
  it('step 1 travel, step 3 submit', () => {
    expect(checkoutEvent('travel', products, false)).toEqual({ event: 'checkout', ecommerce: { checkout: { actionField: { step: 1 }, products } } });
    expect(checkoutEvent('submit', products, true)).toEqual({ event: 'checkout', ecommerce: { checkout: { actionField: { step: 3 }, products } } });
  });
  it('step 2 carries the login option', () => {
    expect(checkoutEvent('billingAddress', [], true)?.ecommerce).toEqual({ checkout: { actionField: { step: 2, option: 'logged in' }, products: [] } });
    expect(checkoutEvent('billingAddress', [], false)?.ecommerce).toEqual({ checkout: { actionField: { step: 2, option: 'not logged in' }, products: [] } });
  });
  it('payment and an empty step produce nothing', () => {
    expect(checkoutEvent('payment', products, true)).toBeNull();
    expect(checkoutEvent('', products, true)).toBeNull();
    expect(checkoutEvent(null, products, true)).toBeNull();
  });
});

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
