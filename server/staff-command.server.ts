/**
 * `npm run staff -- add <email> <role> [operator]` (issue 15 item 1): invites a back-office member from the
 * command line, for PostgreSQL deployments (`DATABASE_URL`) and for a PGlite directory no server holds.
 * `scripts/staff.js` refuses a PGlite directory a running server holds (PGlite is one process), then calls
 * {@link runStaffCommand} from the production build, which runs {@link addStaffMember} in
 * `withCommandDatabase` (open, migrate, close).
 */
import { translator } from '~/i18n.server.ts';
import { deliverPendingMail } from '~/services/mail/mail.server.ts';
import { RequestError, requestErrorBody } from '~/services/request-error.server.ts';
import type { ServiceContext } from '~/services/service-context.ts';
import { inviteStaff } from '~/services/backoffice/staff-auth.server.ts';
import { commandEnv, withCommandDatabase } from './command-database.server.ts';

/** What `add` did: the member's e-mail and role and the invitation link (printed; also mailed). */
export type StaffAddResult = { email: string; role: string; operator: string | null; url: string };

/**
 * Invites a member as the command line asks: `email`, `role` (admin, support, operator, accountant), `operator` (the company,
 * for the role operator). The name is the e-mail's local part until the member changes it. The invitation mail is
 * queued and delivered before this returns; the audit row has no actor (like the setup link).
 * @throws StaffAuthError 422 with field keys (bad e-mail, unknown role or company, e-mail taken).
 */
export async function addStaffMember(
  ctx: ServiceContext,
  input: { email: string; role: string; operator?: string },
): Promise<StaffAddResult> {
  const { member, url } = await inviteStaff(ctx, null, {
    body: { email: input.email, name: input.email.split('@')[0], role: input.role, operator: input.operator ?? '' },
    locale: 'de',
    deliverInBackground: false,
  });
  await deliverPendingMail(ctx).catch((err: unknown) => ctx.logger.error({ err }, 'mail delivery failed'));
  return { email: member.email, role: member.role, operator: member.operator, url };
}

/**
 * Runs `add` in this environment (`DATABASE_URL`, else PGlite in `DATA_DIR/pglite`); links use `PUBLIC_URL`
 * (`npm run staff` sets `http://localhost:<PORT>` when it is unset, as `npm start` does; decision 0027).
 * @throws Error when there is no database to open, or with the refused fields in English words.
 */
export async function runStaffCommand(input: {
  email: string;
  role: string;
  operator?: string;
}): Promise<StaffAddResult> {
  try {
    return await withCommandDatabase(commandEnv(), (ctx) => addStaffMember(ctx, input));
  } catch (error) {
    if (!(error instanceof RequestError)) throw error;
    throw new Error(refusalInWords(error), { cause: error });
  }
}

/**
 * A refusal as the shell shows it: the first message of each refused field (`email: …; role: …`), else the
 * overall message, in English words (the one translation of a refusal, `requestErrorBody`, in English).
 */
function refusalInWords(error: RequestError): string {
  const body = requestErrorBody(error, translator('en'));
  const fields = Object.entries(body.errors ?? {}).map(
    ([field, messages]) => `${field}: ${messages[0] ?? body.message}`,
  );
  return fields.length ? fields.join('; ') : body.message;
}
