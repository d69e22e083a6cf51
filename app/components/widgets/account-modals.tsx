/**
 * The account modals of SPEC §2: login, lostPassword, register, registered. They open and close for real; the
 * forms inside are placeholders until the accounts issue fills them (replace the bodies below; the modal
 * frames, names and switching links stay).
 */
import { modals } from '~/client/runtime.ts';
import type { ModalName } from '~/client/modal-store.ts';
import { useT } from '../i18n-context.tsx';
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

/** Login modal (placeholder body). */
function LoginModal() {
  const t = useT();
  return (
    <Modal name="login" title={t('modal.login.title')}>
      <p className="text-muted" data-placeholder-form="login">
        {t('modal.placeholder')}
      </p>
      <div className="mt-4 flex flex-col gap-2 text-sm">
        <SwitchLink to="lostPassword">{t('modal.login.lost_password')}</SwitchLink>
        <SwitchLink to="register">{t('modal.login.register')}</SwitchLink>
      </div>
    </Modal>
  );
}

/** Lost-password modal (placeholder body). */
function LostPasswordModal() {
  const t = useT();
  return (
    <Modal name="lostPassword" title={t('modal.lost_password.title')}>
      <p className="text-muted" data-placeholder-form="lostPassword">
        {t('modal.placeholder')}
      </p>
      <div className="mt-4 text-sm">
        <SwitchLink to="login">{t('modal.back_to_login')}</SwitchLink>
      </div>
    </Modal>
  );
}

/** Register modal (placeholder body). */
function RegisterModal() {
  const t = useT();
  return (
    <Modal name="register" title={t('modal.register.title')}>
      <p className="text-muted" data-placeholder-form="register">
        {t('modal.placeholder')}
      </p>
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
