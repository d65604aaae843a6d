import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../config/paths';
import { ConfirmLoginDialog } from './confirm-login-dialog';
import { closeConfirmLogin, confirmLoginStore } from './confirm-login-store';
import { Dialog } from './dialog';
import { closeNotice, noticeStore } from './notice-store';

/** Renders the app-wide dialogs that imperative helpers (requireMember, performAction) open. */
export function DialogHosts() {
  const navigate = useNavigate();
  const { t } = useTranslation('common');
  const confirmOpen = confirmLoginStore.useValue();
  const notice = noticeStore.useValue();
  return (
    <>
      <ConfirmLoginDialog
        open={confirmOpen}
        onCancel={closeConfirmLogin}
        onConfirm={() => {
          closeConfirmLogin();
          void navigate(paths.login.getHref(window.location.href));
        }}
      />
      <Dialog
        open={notice !== null}
        title={t('notice.title')}
        onClose={closeNotice}
        footer={
          <button type="button" className="button button--primary" data-autofocus onClick={closeNotice}>
            {t('actions.ok')}
          </button>
        }
      >
        <p>{notice}</p>
      </Dialog>
    </>
  );
}
