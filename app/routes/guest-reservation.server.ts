/**
 * The guest's access to a reservation (`guest.reservation` and its framed document, DESIGN §3). `?token=` from
 * the confirmation mail grants this browser session access and redirects to the same URL without the token (so
 * it stays out of history and referrers); a sloppily spelled reference redirects to its canonical spelling;
 * without a token the session must already have access (mail link or lookup form). Anyone else opening the
 * reservation page is sent to the lookup form with the reference filled in (issue 12 item 5); its documents,
 * frames and downloads answer the plain 404. Both are identical whether or not the reference exists.
 */
import { data, redirect } from 'react-router';
import { normalizeReference } from '~/domain/reference.ts';
import { localePath, type Locale } from '~/i18n.ts';
import type { ShopContext } from '~/router-context.ts';
import { bankAccountOf } from '~/services/documents/girocode.server.ts';
import { openGuestReservation } from '~/services/reservations/guest-reservation.server.ts';
import { PRIVATE_HEADERS } from './helpers/form-kit.server.ts';

/** Headers of every answer of these routes, 404s included (Referrer-Policy is set globally by helmet). */
export const GUEST_PRIVATE_HEADERS = PRIVATE_HEADERS;

/** The guest routes' `headers`: the private headers on every answer, the loader's or the error's on top. */
export function guestHeaders(...sources: (Headers | undefined)[]) {
  const out = new Headers(GUEST_PRIVATE_HEADERS);
  for (const source of sources) source?.forEach((value, key) => out.set(key, value));
  return out;
}

/**
 * Where a visitor without access to a reservation page goes: the lookup form (`guest.lookup`) with the
 * reference filled in when it reads as one (the same answer whether or not it exists).
 */
function lookupPath(locale: Locale, reference: string): string {
  const normalized = normalizeReference(reference);
  const query = normalized ? `?${new URLSearchParams({ reference: normalized })}` : '';
  return `${localePath(locale, '/reservierung')}${query}`;
}

/**
 * The reservation view of `reference` for a guest with access; throws the redirect (token, canonical spelling;
 * without access to the page itself: the lookup form) or the 404 (documents, frames, downloads). `suffix` is the rest of the
 * route's path after the reference (`''`, `'/dokument'`, `'/pdf'`, …).
 */
export async function guestReservation(
  { app, session }: Pick<ShopContext, 'app' | 'session'>,
  input: { request: Request; reference: string; locale: Locale; suffix: string },
) {
  const url = new URL(input.request.url);
  const token = url.searchParams.get('token');
  const { locale } = input;
  const access = await openGuestReservation(app.db, session, {
    reference: input.reference,
    token,
    locale,
    bank: bankAccountOf(app.env),
  });
  if (access.kind === 'not_found') {
    if (input.suffix === '') {
      throw redirect(lookupPath(locale, input.reference), { headers: GUEST_PRIVATE_HEADERS });
    }
    throw data(null, { status: 404, headers: GUEST_PRIVATE_HEADERS });
  }
  if (access.kind === 'canonical') {
    // keeps any token for the next step
    const path = localePath(locale, `/reservierung/${access.reference}${input.suffix}`);
    throw redirect(`${path}${url.search}`, { headers: GUEST_PRIVATE_HEADERS });
  }
  if (access.kind === 'granted') {
    url.searchParams.delete('token');
    throw redirect(`${url.pathname}${url.search}`, { headers: GUEST_PRIVATE_HEADERS });
  }
  return access;
}
