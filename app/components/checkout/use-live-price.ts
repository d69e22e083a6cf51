import { useMemo } from 'react';
import type { Travel } from '~/domain/checkout-schema.ts';
import type { Coupon, TariffPricing } from '~/domain/pricing.ts';
import { livePrice } from './checkout-model.ts';

/**
 * The price of the stay as entered so far, computed in the browser from the tariff's price lists and the coupon
 * the server accepted (null while it cannot be priced); the server prices the booking again and is binding.
 */
export function useLivePrice(tariff: TariffPricing, travel: Travel, coupon: Coupon | null = null) {
  return useMemo(() => livePrice(tariff, travel, coupon), [tariff, travel, coupon]);
}
