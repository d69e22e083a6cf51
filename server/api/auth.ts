/**
 * Authentication endpoints of SPEC §7 (DESIGN §5, issue 8): `auth/check`, `auth/signin`, `auth/signup`,
 * `auth/signout`, `auth/me`, `auth/lost-password`, `auth/reset-password`, `auth/verify-email` and
 * `database/check/{email}`. Each route hands the request to one service of `app/services/accounts/auth.server.ts` and
 * sends the answer; refusals (AuthError) become JSON in the API's error handler.
 */
import { Router } from 'express';
import {
  AuthError,
  currentUser,
  emailExists,
  requestPasswordReset,
  resetPassword,
  signIn,
  signOut,
  signUp,
  verifyEmail,
} from '~/services/accounts/auth.server.ts';
import type { AppContext } from '../context.server.ts';
import { apiLocals, handle, sendJson } from './http.server.ts';

/** Router for `/auth/*` and `/database/check/{email}`. */
export function authRouter(ctx: AppContext): Router {
  const router = Router();
  router.get(
    '/auth/check',
    handle(async (_req, res) => {
      await sendJson(res, 200, { authenticated: Boolean(apiLocals(res).session.get('userId')) });
    }),
  );

  router.post(
    '/auth/signin',
    handle(async (req, res) => {
      const { session } = apiLocals(res);
      const user = await signIn(ctx, { session, body: req.body, clientIp: req.ip ?? '' });
      await sendJson(res, 200, { user, csrfToken: session.csrfToken });
    }),
  );

  router.post(
    '/auth/signup',
    handle(async (req, res) => {
      const { session, locale } = apiLocals(res);
      const user = await signUp(ctx, {
        session,
        body: req.body,
        locale,
        clientIp: req.ip ?? '',
      });
      await sendJson(res, 201, { user, csrfToken: session.csrfToken });
    }),
  );

  router.get(
    '/auth/signout',
    handle(async (_req, res) => {
      const { session } = apiLocals(res);
      await signOut(ctx, { session });
      await sendJson(res, 200, { csrfToken: session.csrfToken });
    }),
  );

  router.get(
    '/auth/me',
    handle(async (_req, res) => {
      const user = await currentUser(ctx, { session: apiLocals(res).session });
      if (!user) throw new AuthError(401, 'auth.api.unauthenticated');
      await sendJson(res, 200, { user });
    }),
  );

  router.post(
    '/auth/lost-password',
    handle(async (req, res) => {
      const { locale, t } = apiLocals(res);
      await requestPasswordReset(ctx, { body: req.body, locale, clientIp: req.ip ?? '' });
      await sendJson(res, 200, { message: t('auth.api.lost_password_sent') });
    }),
  );

  router.post(
    '/auth/reset-password',
    handle(async (req, res) => {
      await resetPassword(ctx, { body: req.body });
      await sendJson(res, 200, { message: apiLocals(res).t('auth.api.password_reset') });
    }),
  );

  router.post(
    '/auth/verify-email',
    handle(async (req, res) => {
      const token = (req.body as { token?: unknown } | undefined)?.token;
      const user = await verifyEmail(ctx, { token: typeof token === 'string' ? token : '' });
      await sendJson(res, 200, { message: apiLocals(res).t('auth.api.email_verified'), user });
    }),
  );

  router.get(
    '/database/check/:email',
    handle(async (req, res) => {
      const exists = await emailExists(ctx, { email: String(req.params.email), clientIp: req.ip ?? '' });
      await sendJson(res, 200, { exists });
    }),
  );
  return router;
}
