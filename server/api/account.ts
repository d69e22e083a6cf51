/**
 * The account endpoints (issue 8, DESIGN §5): `POST account/profile`, `account/password`, `account/email`,
 * `account/delete` and `GET account/export`. Each needs a signed-in session (401 otherwise) and hands the request
 * to one service of `app/services/accounts/account.server.ts`.
 */
import { Router } from 'express';
import {
  changeEmail,
  changePassword,
  deleteAccount,
  exportAccountData,
  requireUserId,
  updateProfile,
} from '~/services/accounts/account.server.ts';
import type { AppContext } from '../context.server.ts';
import { apiLocals, handle, sendJson } from './http.server.ts';

/** Router for `/account/*`. */
export function accountRouter(ctx: AppContext): Router {
  const router = Router();

  router.post(
    '/account/profile',
    handle(async (req, res) => {
      const userId = requireUserId(apiLocals(res).session);
      const user = await updateProfile(ctx, { userId, body: req.body });
      await sendJson(res, 200, { user });
    }),
  );

  router.post(
    '/account/password',
    handle(async (req, res) => {
      const { session, t } = apiLocals(res);
      await changePassword(ctx, { session, userId: requireUserId(session), body: req.body });
      await sendJson(res, 200, { message: t('account.api.password_changed') });
    }),
  );

  router.post(
    '/account/email',
    handle(async (req, res) => {
      const { session, locale, t } = apiLocals(res);
      const userId = requireUserId(session);
      await changeEmail(ctx, { userId, body: req.body, locale });
      await sendJson(res, 200, { message: t('account.api.email_change_sent') });
    }),
  );

  router.post(
    '/account/delete',
    handle(async (req, res) => {
      const { session } = apiLocals(res);
      await deleteAccount(ctx, { session, userId: requireUserId(session), body: req.body });
      await sendJson(res, 200, { csrfToken: session.csrfToken });
    }),
  );

  router.get(
    '/account/export',
    handle(async (_req, res) => {
      const userId = requireUserId(apiLocals(res).session);
      const data = await exportAccountData(ctx, { userId });
      res.setHeader('Content-Disposition', `attachment; filename="account-${userId}.json"`);
      await sendJson(res, 200, data);
    }),
  );

  return router;
}
