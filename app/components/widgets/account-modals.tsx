/**
 * The account modals of SPEC §2: login (→ lostPassword, → register), register (→ registered), registered and
 * lostPassword. Real forms calling the API (`api.auth.*`); the same fields as the no-JS pages
 * (`/anmelden`, `/registrieren`, `/passwort-vergessen`). A sign-in or sign-up updates the page's auth state
 * (flag, `<meta name="authenticated">`, the header's name; the API client stores the new CSRF token) and
 * reloads the route data, so every form on the page carries the new token.
 */
import { useState } from 'react';
import { useRevalidator } from 'react-router';
import { api } from '~/client/api.ts';
import { markSignedIn } from '~/client/auth-state.ts';
import { authenticated, flash, modals, signedInUser } from '~/client/runtime.ts';
import type { ModalName } from '~/client/modal-store.ts';
import { FormMessage, LostPasswordFields, SignInFields, SignUpFields } from '../account/auth-fields.tsx';
import { lostPasswordBody, signInBody, signUpBody } from '../account/form-values.ts';
import { useApiForm } from '../account/use-api-form.ts';
import { useT } from '../i18n-context.tsx';
import { Spinner } from '../ui/spinner.tsx';
import { Modal } from './modal.tsx';

function SwitchLink({ to, children }: { to: ModalName; children: React.ReactNode }) {
  return (
    <button
      type="button"
      className="font-medium text-accent underline-offset-2 hover:underline"
      onClick={() => modals.open(to)}
    >
      {children}
    </button>
  );
}

function SubmitButton({ busy, children }: { busy: boolean; children: React.ReactNode }) {
  return (
    <button type="submit" className="btn-primary w-full" disabled={busy} aria-busy={busy}>
      {busy ? <Spinner /> : null}
      {children}
    </button>
  );
}

function useSignedIn() {
  const revalidator = useRevalidator();
  return (user: { firstname: string; lastname: string }) => {
    markSignedIn({ authenticated, user: signedInUser }, user);
    void revalidator.revalidate();
  };
}

function LoginModal() {
  const t = useT();
  const signedIn = useSignedIn();
  const form = useApiForm({
    toBody: signInBody,
    schema: () => import('~/domain/auth-schema.ts').then((m) => m.SignInSchema),
    call: (body) => api.auth.signin(body),
    onSuccess: ({ user }) => {
      signedIn(user);
      modals.close('login');
      flash({
        type: 'success',
        title: t('auth.page.signed_in_title'),
        message: t('auth.page.signed_in', { name: user.firstname }),
      });
    },
  });
  return (
    <Modal name="login" title={t('modal.login.title')}>
      <form className="grid gap-4" noValidate onSubmit={form.onSubmit} data-auth-form="login">
        <FormMessage message={form.message} />
        <SignInFields idPrefix="m-login" errors={form.errors} errorRole="alert" />
        <SubmitButton busy={form.busy}>{t('auth.page.signin_submit')}</SubmitButton>
      </form>
      <div className="mt-4 flex flex-col items-start gap-2 text-sm">
        <SwitchLink to="lostPassword">{t('modal.login.lost_password')}</SwitchLink>
        <SwitchLink to="register">{t('modal.login.register')}</SwitchLink>
      </div>
    </Modal>
  );
}

function LostPasswordModal() {
  const t = useT();
  const [sent, setSent] = useState<string | null>(null);
  const form = useApiForm({
    toBody: lostPasswordBody,
    schema: () => import('~/domain/auth-schema.ts').then((m) => m.LostPasswordSchema),
    call: (body) => api.auth.lostPassword(body),
    onSuccess: ({ message }) => setSent(message),
  });
  return (
    <Modal name="lostPassword" title={t('modal.lost_password.title')}>
      {sent ? (
        <FormMessage tone="info" message={sent} />
      ) : (
        <form className="grid gap-4" noValidate onSubmit={form.onSubmit} data-auth-form="lostPassword">
          <p className="text-sm text-muted">{t('auth.page.lost_password_intro')}</p>
          <FormMessage message={form.message} />
          <LostPasswordFields idPrefix="m-lost" errors={form.errors} errorRole="alert" />
          <SubmitButton busy={form.busy}>{t('auth.page.lost_password_submit')}</SubmitButton>
        </form>
      )}
      <div className="mt-4 text-sm">
        <SwitchLink to="login">{t('modal.back_to_login')}</SwitchLink>
      </div>
    </Modal>
  );
}

function RegisterModal() {
  const t = useT();
  const signedIn = useSignedIn();
  const form = useApiForm({
    toBody: signUpBody,
    schema: () => import('~/domain/auth-schema.ts').then((m) => m.SignUpSchema),
    call: (body) => api.auth.signup(body),
    onSuccess: ({ user }) => {
      signedIn(user);
      modals.open('registered');
    },
  });
  return (
    <Modal name="register" title={t('modal.register.title')}>
      <form className="grid gap-4" noValidate onSubmit={form.onSubmit} data-auth-form="register">
        <FormMessage message={form.message} />
        <SignUpFields idPrefix="m-register" errors={form.errors} errorRole="alert" />
        <SubmitButton busy={form.busy}>{t('auth.page.signup_submit')}</SubmitButton>
      </form>
      <div className="mt-4 text-sm">
        <SwitchLink to="login">{t('modal.register.have_account')}</SwitchLink>
      </div>
    </Modal>
  );
}

/** Shown after a successful registration. */
function RegisteredModal() {
  const t = useT();
  return (
    <Modal name="registered" title={t('modal.registered.title')}>
      <p>{t('modal.registered.text')}</p>
      <p className="mt-2 text-sm text-muted">{t('modal.registered.verify')}</p>
      <button type="button" className="btn-primary mt-5" onClick={() => modals.close('registered')}>
        {t('modal.ok')}
      </button>
    </Modal>
  );
}

/** All four account modals, mounted once per page by `ClientLayer`. */
export function AccountModals() {
  return (
    <>
      <LoginModal />
      <LostPasswordModal />
      <RegisterModal />
      <RegisteredModal />
    </>
  );
}
