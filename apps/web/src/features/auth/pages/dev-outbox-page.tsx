import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { isApiError } from '../../../shared/api-client';
import { ErrorCode } from '@medportal/contract/codes';
import { formatDateTime } from '../lib/format';
import { getOutbox } from '../api/accounts';
import { AuthCard } from '../components/auth-card';
import { SubmitButton, TextField } from '../components/field';
import { ErrorState } from '../../../shared/ui/error-state';
import { useLang } from '../../../shared/hooks/use-lang';
import { authKeys } from '../api/keys';

/** The dev endpoint is absent in production: a 404 (or NOT_FOUND) means "not available here". */
const isUnavailable = (error: unknown) =>
  isApiError(error) && ((error.kind === 'http' && error.status === 404) || error.code === ErrorCode.NOT_FOUND);

/** `/dev/outbox`: for developers and testers, the sandbox SMS/email messages sent to an address. */
export function DevOutboxPage() {
  const { t } = useTranslation('auth');
  const lang = useLang();
  const [params, setParams] = useSearchParams();
  const to = params.get('to')?.trim() ?? '';
  const [typed, setTyped] = useState(to);
  const query = useQuery({
    queryKey: authKeys.devOutbox(to),
    queryFn: ({ signal }) => getOutbox(to, signal),
    enabled: to.length > 0,
    staleTime: 0,
    retry: false,
    // Messages are delivered off the request path: look again while some are still queued.
    refetchInterval: (q) => (q.state.data?.pending ? 500 : false),
  });
  const items = [...(query.data?.items ?? [])].sort((a, b) => b.created_at.localeCompare(a.created_at));

  return (
    <AuthCard title={t('outbox.title')} intro={t('outbox.intro')} page="dev-outbox" wide>
      <form
        className="form form--inline"
        role="search"
        aria-label={t('outbox.title')}
        onSubmit={(e) => {
          e.preventDefault();
          const next = typed.trim();
          if (next) setParams({ to: next });
        }}
      >
        <TextField label={t('outbox.to')} value={typed} onChange={setTyped} placeholder={t('outbox.placeholder')} autoComplete="off" />
        <SubmitButton pending={query.isFetching}>{t('outbox.search')}</SubmitButton>
        {to ? (
          <button type="button" className="button" onClick={() => void query.refetch()} disabled={query.isFetching}>
            {t('outbox.refresh')}
          </button>
        ) : null}
      </form>
      {!to ? null : query.isError ? (
        isUnavailable(query.error) ? (
          <p className="outbox__unavailable" role="status">
            {t('outbox.unavailable')}
          </p>
        ) : (
          <ErrorState error={query.error} onRetry={() => void query.refetch()} />
        )
      ) : query.isPending ? (
        <p role="status">{t('common.loading')}</p>
      ) : items.length === 0 ? (
        <p role="status">{t('outbox.empty')}</p>
      ) : (
        <ol className="outbox" aria-label={t('outbox.listLabel', { to })}>
          {items.map((item, i) => (
            <li key={`${item.created_at}-${i}`} className="outbox__item">
              <div className="outbox__meta">
                <time dateTime={item.created_at}>{formatDateTime(item.created_at, lang)}</time>
                <span>{item.to}</span>
              </div>
              <p className="outbox__text">{item.text}</p>
              {item.code ? (
                <p className="outbox__code">
                  {t('outbox.code')} <strong data-testid="outbox-code">{item.code}</strong>
                </p>
              ) : null}
            </li>
          ))}
        </ol>
      )}
    </AuthCard>
  );
}

export { accountLoader as loader } from '../lib/loaders';
export const Component = DevOutboxPage;
