/**
 * Authentication endpoints of SPEC §7. So far `GET auth/check` (DESIGN §5: `{authenticated}`);
 * sign-in, sign-up and the rest arrive with the accounts issue.
 */
import { Router } from 'express';
import type { AppContext } from '../context.server.ts';
import { apiLocals, handle, sendJson } from './http.server.ts';

/** Router for `/auth/*`. */
export function authRouter(_ctx: AppContext): Router {
  const router = Router();
  router.get(
    '/auth/check',
    handle(async (_req, res) => {
      await sendJson(res, 200, { authenticated: Boolean(apiLocals(res).session.get('userId')) });
    }),
  );
  return router;
}
