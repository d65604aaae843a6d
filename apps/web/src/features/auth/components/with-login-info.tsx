import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { ErrorState } from '../../../shared/ui/error-state';
import { loginInfoQueryOptions, type LoginInfo } from '../api/accounts';
import { ResultState, useBare } from './auth-card';

/** Loads who is logged in (for the masked mobile) before a form that needs an SMS code. */
export function WithLoginInfo({ children }: { children: (info: LoginInfo) => ReactNode }) {
  const { t } = useTranslation('auth');
  const info = useQuery(loginInfoQueryOptions());
  if (info.isError) return <ErrorState error={info.error} onRetry={() => void info.refetch()} />;
  if (!info.data) return <p role="status">{t('common.loading')}</p>;
  return <>{children(info.data)}</>;
}

/** Shown when an SMS code is needed but the account has no mobile number. */
export function NoMobile() {
  const { t } = useTranslation('auth');
  const bare = useBare();
  return (
    <ResultState tone="warning" title={t('own.noMobile')}>
      {bare ? null : (
        <Link className="button button--primary" to={paths.user.myinfo.getHref()}>
          {t('own.bindMobile')}
        </Link>
      )}
    </ResultState>
  );
}

