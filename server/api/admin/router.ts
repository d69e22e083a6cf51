/**
 * `/api/admin/*` (issue 15, DESIGN §3): the back office's JSON. Every answer needs a staff session with its second
 * factor given (the staff cookie, never the customer session): 401 without one, 403 when the role lacks the area.
 * Mounted after the API's JSON, `X-Requested-With` and CSRF checks, so writes also need the page's CSRF token.
 */
import { type NextFunction, type Request, type Response, Router } from 'express';
import { can, type StaffActor, type StaffPermission } from '~/domain/staff-roles.ts';
import { loadStaffSession, staffTokenFromCookie } from '~/services/backoffice/staff-session.server.ts';
import type { AppContext } from '../../context.server.ts';
import { adminCheckinRouter } from './checkin.ts';
import { apiLocals, handle, HttpError, sendJson } from '../http.server.ts';

/**
 * @public (used by the back office's API areas of issue 15; remove this tag once it is)
 * The staff member of an `/api/admin` request (set by the router's guard).
 */
export function staffActor(res: Response): StaffActor {
  return res.locals.staffActor as StaffActor;
}

/**
 * @public (used by the back office's API areas of issue 15; remove this tag once it is)
 * Refuses the request with 403 unless the signed-in staff member's role has `permission` (DESIGN §6 Staff). */
export function requirePermission(permission: StaffPermission) {
  return (_req: Request, res: Response, next: NextFunction) => {
    if (can(staffActor(res), permission)) next();
    else next(new HttpError(403, apiLocals(res).t('admin.error.forbidden')));
  };
}

/** Builds the `/admin` API router; area routers of the back office are added to it. */
export function adminApiRouter(ctx: AppContext): Router {
  const router = Router();
  router.use((req, res, next) => {
    loadStaffSession(ctx.db, staffTokenFromCookie(req.get('Cookie'), ctx.env.COOKIE_SECURE), ctx.now())
      .then((state) => {
        if (!state || !state.secondFactor) {
          next(new HttpError(401, apiLocals(res).t('admin.error.unauthenticated')));
          return;
        }
        res.locals.staffActor = state.actor;
        next();
      })
      .catch(next);
  });
  // Who is signed in (the check-in page's scanner and tests ask).
  router.get(
    '/me',
    handle(async (_req, res) => {
      await sendJson(res, 200, { staff: staffActor(res) });
    }),
  );
  router.use(adminCheckinRouter(ctx, { requirePermission, staffActor }));
  return router;
}
