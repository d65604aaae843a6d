import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../../config/paths';
import { errorText } from '../../../shared/errors';
import { redirectToLogin, useSession } from '../../../shared/session';
import { useRedirectTarget } from '../api/share';
import '../share.css';

/**
 * Scan-to-watch (spec §2 /redirect): the congress screen's QR carries a signed, expiring link to a
 * live. A logged-out phone logs in first (coming back here), then goes straight into the room.
 */
export function Component() {
  const { t } = useTranslation('pages');
  const [search] = useSearchParams();
  const token = search.get('t') ?? '';
  const session = useSession();
  const target = useRedirectTarget(token);
  const navigate = useNavigate();
  const data = target.data;
  useEffect(() => {
    if (!data || session.status === 'pending') return;
    if (session.status === 'anonymous') redirectToLogin(window.location.href);
    else void navigate(data.target, { replace: true });
  }, [data, session.status, navigate]);

  if (token === '' || target.isError) {
    return (
      <div className="share-card container" data-testid="redirect-error">
        <h1 className="share-card__title">{t('share.linkProblem')}</h1>
        <p className="error-state__message" role="alert">{token === '' ? t('share.missing') : errorText(target.error)}</p>
        <Link className="button button--primary" to={paths.home.getHref()}>{t('share.backHome')}</Link>
      </div>
    );
  }
  return (
    <div className="share-card container" data-testid="redirect-pending">
      <p role="status">{data && session.status === 'anonymous' ? t('share.loginFirst') : t('share.redirecting')}</p>
    </div>
  );
}
