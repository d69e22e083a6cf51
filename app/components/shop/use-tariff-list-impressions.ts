import { useEffect } from 'react';
import { ensureDataLayer } from '~/client/analytics.ts';
import type { Offer } from '~/domain/offer.ts';

/** Pushes the tariff lists to the analytics data layer once per result (SPEC §3: lists with a category). */
export function useTariffListImpressions(offers: Offer[], airportIata: string | undefined) {
  useEffect(() => {
    if (!airportIata || offers.length === 0) return;
    ensureDataLayer().push({
      event: 'productImpressions',
      ecommerce: {
        currencyCode: 'EUR',
        impressions: offers.map((o, index) => ({
          id: String(o.tariffId),
          name: o.name,
          category: o.category,
          list: o.category,
          brand: airportIata,
          price: o.price ? (o.price.totalCents / 100).toFixed(2) : undefined,
          position: index + 1,
        })),
      },
    });
  }, [offers, airportIata]);
}
