/**
 * Body of `POST /api/locked-airport-notification` (SPEC §3, §7): `{email, airportId, airportStatus}`.
 * Messages are translation keys.
 */
import { z } from 'zod';
import { EMAIL_MAX_LENGTH, isEmail } from './field-errors.ts';

/** The sign-up for news about a locked airport. `airportStatus` is the status the page showed. */
export const LockedAirportNotificationSchema = z.object({
  email: z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, 'validation.required')
    .max(EMAIL_MAX_LENGTH, 'validation.too_long')
    .refine(isEmail, 'validation.email')
    .transform((v) => v.toLowerCase()),
  airportId: z.coerce.number({ error: 'validation.required' }).int('validation.invalid').positive('validation.invalid'),
  airportStatus: z.enum(['locked', 'active'], { error: 'validation.invalid' }),
});
