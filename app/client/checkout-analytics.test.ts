import { describe, expect, it } from 'vitest';
import { checkoutEvent, checkoutProduct, pushCheckoutEvent } from './checkout-analytics.ts';

const products = [checkoutProduct({ id: 12, name: 'Shuttle Parken', category: 'shuttle' }, 4990)];

describe('checkoutEvent (SPEC §4)', () => {
  it('step travel is step 1 without option', () => {
    expect(checkoutEvent('travel', { authenticated: false, products })).toEqual({
      event: 'checkout',
      ecommerce: { checkout: { actionField: { step: 1 }, products } },
    });
  });

  it('step billingAddress is step 2 with the login option', () => {
    expect(checkoutEvent('billingAddress', { authenticated: false, products })?.ecommerce.checkout.actionField).toEqual(
      {
        step: 2,
        option: 'not logged in',
      },
    );
    expect(checkoutEvent('billingAddress', { authenticated: true, products })?.ecommerce.checkout.actionField).toEqual({
      step: 2,
      option: 'logged in',
    });
  });

  it('step submit is step 3 without option', () => {
    const event = checkoutEvent('submit', { authenticated: true, products });
    expect(event?.ecommerce.checkout.actionField).toEqual({ step: 3 });
    expect(event?.ecommerce.checkout.products).toBe(products);
  });

  it('payment, an empty step and unknown names produce nothing', () => {
    for (const step of ['payment', '', null, undefined, 'toString', 'nonsense'] as const) {
      expect(checkoutEvent(step as never, { authenticated: false, products })).toBeNull();
    }
  });
});

describe('checkoutProduct', () => {
  it('has the tariff id as string, the total in euro with two decimals and quantity 1', () => {
    expect(checkoutProduct({ id: 7, name: 'Valet', category: 'valet' }, 12345)).toEqual({
      id: '7',
      name: 'Valet',
      category: 'valet',
      price: '123.45',
      quantity: 1,
    });
    expect(checkoutProduct({ id: 7, name: 'Valet', category: 'valet' }, 5000).price).toBe('50.00');
  });
});

describe('pushCheckoutEvent', () => {
  it('creates the data layer when missing and pushes the event', () => {
    const target: { dataLayer?: unknown[] } = {};
    const event = pushCheckoutEvent('travel', { authenticated: false, products }, target);
    expect(target.dataLayer).toEqual([event]);
  });

  it('appends to an existing data layer', () => {
    const target = { dataLayer: [{ event: 'gtm.js' }] as unknown[] };
    pushCheckoutEvent('submit', { authenticated: false, products }, target);
    expect(target.dataLayer).toHaveLength(2);
    expect(target.dataLayer[1]).toMatchObject({
      event: 'checkout',
      ecommerce: { checkout: { actionField: { step: 3 } } },
    });
  });

  it('pushes nothing for payment', () => {
    const target: { dataLayer?: unknown[] } = { dataLayer: [] };
    expect(pushCheckoutEvent('payment', { authenticated: false, products }, target)).toBeNull();
    expect(target.dataLayer).toEqual([]);
  });

  it('defaults to the global object', () => {
    const g = globalThis as { dataLayer?: unknown[] };
    delete g.dataLayer;
    pushCheckoutEvent('billingAddress', { authenticated: true, products });
    expect(g.dataLayer).toHaveLength(1);
    delete g.dataLayer;
  });
});
