/**
 * Body of `POST /api/locked-airport-notification` (SPEC §3, §7): `{email, airportId, airportStatus}`.
 * Messages are translation keys.
 */
import { z } from 'zod';
import { emailSchema } from './email-schema.ts';

/** The sign-up for news about a locked airport. `airportStatus` is the status the page showed. */
export const LockedAirportNotificationSchema = z.object({
  email: emailSchema,
  airportId: z.coerce.number({ error: 'validation.required' }).int('validation.invalid').positive('validation.invalid'),
  airportStatus: z.enum(['locked', 'active'], { error: 'validation.invalid' }),
});
