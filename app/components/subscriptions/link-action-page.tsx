/**
 * The pages a mail link opens (issue 10): confirm the newsletter, unsubscribe from the newsletter or from
 * airport notifications. GET shows what the click will do and one button; only the POST acts (mail scanners
 * and link previews fetch links, so a GET must change nothing). After the POST the page shows the outcome.
 */
import { AuthPage, PageForm } from '../account/auth-page.tsx';
import { useHref, useT } from '../i18n-context.tsx';

/** The outcome of the POST: `ok` true (done, or done before) or false (expired, unknown link). */
export type LinkActionOutcome = { ok: boolean; title: string; message: string; again?: string };

/** Title, intro and a one-button form; or, after the POST, the outcome with a way on. */
function LinkActionPage({
  name,
  title,
  intro,
  submit,
  result,
}: {
  /** `data-page-form` name of the form */
  name: string;
  title: string;
  intro: string;
  submit: string;
  /** the action's answer: the POST's outcome, or a refusal of the form itself (CSRF) as `message` */
  result?: { outcome?: LinkActionOutcome; message?: string | null } | null;
}) {
  const t = useT();
  const href = useHref();
  const outcome = result?.outcome;
  const message = result?.message;
  if (outcome) {
    return (
      <AuthPage title={title}>
        <div role={outcome.ok ? 'status' : 'alert'} data-link-outcome={outcome.ok ? 'ok' : 'failed'}>
          <h2 className={`text-lg font-semibold ${outcome.ok ? 'text-success' : 'text-danger'}`}>{outcome.title}</h2>
          <p className="mt-2">{outcome.message}</p>
          <p className="mt-5 flex flex-wrap gap-3">
            {outcome.again ? (
              <a className="btn-primary" href={outcome.again}>
                {t('newsletter.confirm.again')}
              </a>
            ) : null}
            <a className={outcome.again ? 'btn-secondary' : 'btn-primary'} href={href('/')}>
              {t('error.back_home')}
            </a>
          </p>
        </div>
      </AuthPage>
    );
  }
  return (
    <AuthPage title={title} intro={intro}>
      <PageForm name={name} message={message} submit={submit} />
    </AuthPage>
  );
}

/**
 * {@link LinkActionPage} from a text group: `<texts>.title`, `.intro` and `.submit` (a route module that serves
 * several lists picks the group by its path: the confirmation and unsubscribe links).
 */
export function LinkActionTexts({
  texts,
  name,
  result,
}: {
  texts: string;
  name: string;
  result?: { outcome?: LinkActionOutcome; message?: string | null } | null;
}) {
  const t = useT();
  return (
    <LinkActionPage
      name={name}
      title={t(`${texts}.title`)}
      intro={t(`${texts}.intro`)}
      submit={t(`${texts}.submit`)}
      result={result}
    />
  );
}
