import { useTranslation } from 'react-i18next';
import { Dialog } from './dialog';

export interface ConfirmLoginDialogProps {
  open: boolean;
  /** Cancel closes the dialog and does nothing else (spec §5). */
  onCancel: () => void;
  /** '去登录' / 'Log in': go to login with the current URL as callback. */
  onConfirm: () => void;
}

/** "温馨提示 — 此功能需要登录后使用" with 去登录 and Cancel (spec §5). */
export function ConfirmLoginDialog({ open, onCancel, onConfirm }: ConfirmLoginDialogProps) {
  const { t } = useTranslation('common');
  return (
    <Dialog
      open={open}
      role="alertdialog"
      title={t('confirmLogin.title')}
      onClose={onCancel}
      footer={
        <>
          <button type="button" className="button" onClick={onCancel}>
            {t('actions.cancel')}
          </button>
          <button type="button" className="button button--primary" data-autofocus onClick={onConfirm}>
            {t('confirmLogin.confirm')}
          </button>
        </>
      }
    >
      <p>{t('confirmLogin.message')}</p>
    </Dialog>
  );
}
