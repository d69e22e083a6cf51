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

/** A parsed cart request. */
export type CartInput = z.infer<typeof CartSchema>;
