import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { Dialog } from '../../../shared/ui/dialog';
import { agreeConsent, loginInfoQueryOptions } from '../api/accounts';
import { FormError } from './field';

/**
 * Asks a logged-in user again when the user agreement or privacy policy changed since they agreed
 * (login_info's consent_required): agree to go on, or log out. Escape does not dismiss it.
 */
export function ConsentPrompt() {
  const { t } = useTranslation('auth');
  const queryClient = useQueryClient();
  const info = useQuery(loginInfoQueryOptions());
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<unknown>(null);
  if (!info.data?.consent_required) return null;

  const agree = () => {
    setPending(true);
    setError(null);
    agreeConsent().then(
      () => {
        setPending(false);
        queryClient.setQueryData(loginInfoQueryOptions().queryKey, (old) => (old ? { ...old, consent_required: false } : old));
      },
      (e: unknown) => {
        setPending(false);
        setError(e);
      },
    );
  };
  // Trans puts the translated link text in place of these children.
  const link = (href: string) => (
    <a href={href} target="_blank" rel="noopener noreferrer">
      {href}
    </a>
  );
  return (
    <Dialog
      open
      role="alertdialog"
      title={t('agreement.updatedTitle')}
      onClose={() => undefined}
      footer={
        <>
          <Link to={paths.logout.getHref()} className="button">
            {t('agreement.logout')}
          </Link>
          <button type="button" className="button button--primary" data-autofocus data-testid="consent-agree" disabled={pending} onClick={agree}>
            {t('agreement.agree')}
          </button>
        </>
      }
    >
      <p>
        <Trans t={t} i18nKey="agreement.updatedIntro" components={{ contract: link(paths.contract.getHref()), privacy: link(paths.privacy.getHref()) }} />
      </p>
      <FormError error={error} />
    </Dialog>
  );
}

export default ConsentPrompt;
