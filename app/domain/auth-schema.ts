/**
 * Request bodies of the accounts API (issue 8, DESIGN §5): sign-in, sign-up, lost and reset password, profile,
 * password and e-mail change. Shared by the browser (modals, forms) and the server (services). Field keys are
 * exactly as on the wire; messages are translation keys (`validation.*`), turned into `{field: [key]}` by
 * `issuesToFieldKeys`.
 *
 * Pure rules only: the length rules, the confirmation and "password is not the e-mail". The common-password list
 * (top 10,000) is checked on the server (`app/services/accounts/passwords.server.ts`), so the browser does not ship it.
 */
import { z } from 'zod';
import { COUNTRIES } from './checkout-schema.ts';
import { isValidBuyerReference, isValidVatId, normalizeVatId } from './buyer-ids.ts';
import { emailSchema } from './email-schema.ts';

/** Fewest characters of a password (issue 8, NIST SP 800-63B). */
export const PASSWORD_MIN_LENGTH = 8;
/** Most characters of a password (issue 8; bounds the hashing work). */
export const PASSWORD_MAX_LENGTH = 128;

/** Longest first or last name (as in the checkout). */
const NAME_MAX_LENGTH = 100;

const requiredString = () => z.string({ error: 'validation.required' });

/** A new password: 8–128 characters (counted as code points), not trimmed. */
const newPasswordSchema = requiredString()
  .min(1, 'validation.required')
  .refine((v) => [...v].length >= PASSWORD_MIN_LENGTH, 'validation.password.too_short')
  .refine((v) => [...v].length <= PASSWORD_MAX_LENGTH, 'validation.password.too_long');

/** A password typed to prove who one is (any length up to the maximum; only checked against the hash). */
const currentPasswordSchema = requiredString()
  .min(1, 'validation.required')
  .max(PASSWORD_MAX_LENGTH * 4, 'validation.too_long');

const nameSchema = requiredString().trim().min(1, 'validation.required').max(NAME_MAX_LENGTH, 'validation.too_long');

/** Salutation as in the checkout: `true` Herr/Mr, `false` Frau/Ms, `'d'` (DESIGN §5). */
const genderSchema = z.union([z.literal(true), z.literal(false), z.literal('d')], {
  error: 'validation.required',
});

/** A tick box: true, or the form values `"1"`, `"on"`, `"true"`; anything else (or missing) is false. */
const checkboxSchema = z.preprocess(
  (v) => v === true || v === '1' || v === 'on' || v === 'true',
  z.boolean({ error: 'validation.invalid' }),
);

/** Adds `validation.password.confirmation` on `passwordConfirmation` when it differs from `password`. */
function checkConfirmation(value: { password: string; passwordConfirmation: string }, ctx: z.RefinementCtx): void {
  if (value.password !== value.passwordConfirmation) {
    ctx.addIssue({ code: 'custom', path: ['passwordConfirmation'], message: 'validation.password.confirmation' });
  }
}

/** True when the password equals the e-mail address, ignoring case (issue 8). */
export function passwordEqualsEmail(password: string, email: string): boolean {
  return email !== '' && password.trim().toLowerCase() === email.trim().toLowerCase();
}

/** `POST auth/signin` `{login, password}`: `login` is the e-mail address (lower-cased). */
export const SignInSchema = z.object({
  login: emailSchema,
  password: currentPasswordSchema,
});

/**
 * `POST auth/signup` `{gender, firstname, lastname, email, password, passwordConfirmation, newsletter?, terms}`:
 * terms must be accepted (`validation.terms`), the password must not be the e-mail (`validation.password.email`).
 */
export const SignUpSchema = z
  .object({
    gender: genderSchema,
    firstname: nameSchema,
    lastname: nameSchema,
    email: emailSchema,
    password: newPasswordSchema,
    passwordConfirmation: requiredString(),
    newsletter: checkboxSchema.default(false),
    terms: checkboxSchema.refine((v) => v, 'validation.terms'),
  })
  .superRefine((value, ctx) => {
    checkConfirmation(value, ctx);
    if (passwordEqualsEmail(value.password, value.email)) {
      ctx.addIssue({ code: 'custom', path: ['password'], message: 'validation.password.email' });
    }
  });

/** `POST auth/lost-password` `{email}`. */
export const LostPasswordSchema = z.object({ email: emailSchema });

/** `POST auth/reset-password` `{token, password, passwordConfirmation}` (token from the mail link). */
export const ResetPasswordSchema = z
  .object({
    token: requiredString().trim().min(1, 'validation.required').max(200, 'validation.invalid'),
    password: newPasswordSchema,
    passwordConfirmation: requiredString(),
  })
  .superRefine(checkConfirmation);

const optionalText = (max: number) =>
  z.string({ error: 'validation.invalid' }).trim().max(max, 'validation.too_long').optional();

export { SAVED_ADDRESS_KEYS } from './saved-address.ts';

/** `POST account/profile` `{gender, firstname, lastname, newsletter?}` plus the optional billing-address fields. */
export const ProfileSchema = z.object({
  gender: genderSchema,
  firstname: nameSchema,
  lastname: nameSchema,
  newsletter: checkboxSchema.default(false),
  company: optionalText(100),
  street: optionalText(120),
  streetNumber: optionalText(20),
  postcode: optionalText(12),
  city: optionalText(100),
  country: z.union([z.literal(''), z.enum(COUNTRIES)], { error: 'validation.country' }).optional(),
  phoneRegionCode: z
    .string({ error: 'validation.invalid' })
    .trim()
    .regex(/^([A-Z]{2})?$/, 'validation.invalid')
    .optional(),
  phonePrefix: z
    .string({ error: 'validation.invalid' })
    .trim()
    .regex(/^(\+\d{1,4})?$/, 'validation.phone_prefix')
    .optional(),
  phoneNumber: z
    .string({ error: 'validation.invalid' })
    .trim()
    .regex(/^([0-9 ()/-]{4,20})?$/, 'validation.phone')
    .optional(),
  vatId: z
    .string({ error: 'validation.invalid' })
    .trim()
    .max(30, 'validation.too_long')
    .refine((v) => v === '' || isValidVatId(v), 'validation.vat_id')
    .transform(normalizeVatId)
    .optional(),
  buyerReference: optionalText(100).refine(
    (v) => v === undefined || v === '' || isValidBuyerReference(v),
    'validation.buyer_reference',
  ),
});

/** `POST account/password` `{currentPassword, password, passwordConfirmation}`. */
export const ChangePasswordSchema = z
  .object({
    currentPassword: currentPasswordSchema,
    password: newPasswordSchema,
    passwordConfirmation: requiredString(),
  })
  .superRefine(checkConfirmation);

/** `POST account/email` `{password, email}`: the current password and the new address. */
export const ChangeEmailSchema = z.object({
  password: currentPasswordSchema,
  email: emailSchema,
});
