import { redirect } from 'react-router';

/** One flash message shown on the next page (DESIGN §7; the shape of the session's `flash`). */
export type FlashMessage = { title?: string; message: string; type?: string };

/**
 * The part of a session a flash needs. Structural, so route helpers need not import the server's Session
 * (which satisfies it).
 */
export type FlashSession = {
  set(key: 'flash', value: FlashMessage): void;
  save(): Promise<unknown>;
};

/**
 * Stores `flash` in the session, saves it and answers with a redirect to `url`: the next page shows the
 * message (the Epic Stack's `redirectWithToast` habit, so no route forgets the save before redirecting). When
 * the save hands back a cookie (the session got a new id in this request), the redirect sets it.
 */
export async function redirectWithFlash(
  session: FlashSession,
  url: string,
  flash: FlashMessage,
  init?: ResponseInit,
): Promise<Response> {
  session.set('flash', flash);
  const cookie = await session.save();
  if (typeof cookie !== 'string') return redirect(url, init);
  // A session rotated or destroyed in this request (sign-in, sign-out) needs its new id cookie.
  const headers = new Headers(init?.headers);
  headers.append('Set-Cookie', cookie);
  return redirect(url, { ...init, headers });
}
