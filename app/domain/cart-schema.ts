/**
 * The body of `POST /api/checkout/cart` (DESIGN §5). Messages are translation keys, translated where shown.
 */
import { z } from 'zod';

const LOCAL_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;

/** `{airportId, tariffId, entryTime, exitTime}`; ids are positive integers, times `YYYY-MM-DDTHH:mm` local. */
export const CartSchema = z.object({
  airportId: z.coerce.number({ error: 'validation.required' }).int('validation.invalid').positive('validation.invalid'),
  tariffId: z.coerce.number({ error: 'validation.required' }).int('validation.invalid').positive('validation.invalid'),
  entryTime: z.string({ error: 'validation.required' }).regex(LOCAL_DATE_TIME, 'validation.datetime'),
  exitTime: z.string({ error: 'validation.required' }).regex(LOCAL_DATE_TIME, 'validation.datetime'),
});

/**
 * The cart: one tariff for one stay, as parsed from a cart request and kept in the session; times are airport
 * local `YYYY-MM-DDTHH:mm`. Source: DESIGN §5 (`POST checkout/cart`).
 */
export type Cart = z.infer<typeof CartSchema>;
