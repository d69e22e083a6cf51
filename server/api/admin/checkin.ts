/**
 * The check-in page's scanner (issue 15 item 4): `GET /api/admin/checkin/lookup?code=…` → 200
 * `{matches: CheckinCard[]}` — the booking of a scanned QR code (the voucher's reference) or typed licence plate,
 * in the staff member's scope (an operator: its company's lots; anything else is simply no match). 422 without
 * a code; 401/403 from the admin router's guard. Never cached. The service does the work; this module only wires.
 */
import { type RequestHandler, type Response, Router } from 'express';
import type { StaffActor, StaffPermission } from '~/domain/staff-roles.ts';
import { lookupForCheckin } from '~/services/backoffice/admin-checkin.server.ts';
import type { AppContext } from '../../context.server.ts';
import { apiLocals, handle, sendJson, ValidationError } from '../http.server.ts';

/** The admin router's guard helpers (passed in: this module is mounted by `admin.ts`, so it cannot import it). */
type AdminGuard = {
  requirePermission: (permission: StaffPermission) => RequestHandler;
  staffActor: (res: Response) => StaffActor;
};

/** Router of the check-in endpoints, mounted in the `/api/admin` router. */
export function adminCheckinRouter(ctx: AppContext, { requirePermission, staffActor }: AdminGuard): Router {
  const router = Router();
  router.get(
    '/checkin/lookup',
    requirePermission('checkin'),
    handle(async (req, res) => {
      const { locale, t } = apiLocals(res);
      const code = typeof req.query.code === 'string' ? req.query.code.trim() : '';
      if (!code) throw new ValidationError(t('validation.failed'), { code: [t('admin.checkin.error.code')] });
      const matches = await lookupForCheckin(ctx, staffActor(res), code, locale);
      res.set('Cache-Control', 'private, no-store');
      await sendJson(res, 200, { matches });
    }),
  );
  return router;
}
