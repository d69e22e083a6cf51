/**
 * Saving the checkout's billing address back to the account (issue 8 point 6): `POST account/profile` with the
 * name, salutation and the saved-address fields; the newsletter choice is sent unchanged. Failures are
 * ignored (the booking is made; the account keeps its old address).
 */
import { api } from '~/client/api.ts';
import { SAVED_ADDRESS_KEYS } from '~/domain/saved-address.ts';
import type { BillingAddress } from '~/domain/checkout-schema.ts';

/** The profile body for `billing` (the checkout's wire names are the account's). */
function profileFromBilling(billing: BillingAddress, newsletter: boolean): Record<string, unknown> {
  const body: Record<string, unknown> = {
    gender: billing.gender,
    firstname: billing.firstname,
    lastname: billing.lastname,
    newsletter,
  };
  for (const key of SAVED_ADDRESS_KEYS) body[key] = billing[key];
  return body;
}

/** Sends the address; resolves either way. */
export async function saveBillingAddress(billing: BillingAddress, newsletter: boolean): Promise<void> {
  try {
    await api.account.profile(profileFromBilling(billing, newsletter));
  } catch {
    // the booking stands; the account keeps its previous address
  }
}

/** The checkout's prefill from the account: salutation, name, e-mail and the saved address fields. */
export function prefillFromAccount(account: {
  user: { gender: BillingAddress['gender']; firstname: string; lastname: string; email: string };
  billingAddress: Record<string, unknown> | null;
}): Partial<BillingAddress> {
  const prefill: Record<string, unknown> = {
    gender: account.user.gender,
    firstname: account.user.firstname,
    lastname: account.user.lastname,
    email: account.user.email,
  };
  for (const key of SAVED_ADDRESS_KEYS) {
    const value = account.billingAddress?.[key];
    if (typeof value === 'string' && value !== '') prefill[key] = value;
  }
  return prefill as Partial<BillingAddress>;
}
