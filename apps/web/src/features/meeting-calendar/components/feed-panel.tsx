import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../shared/errors';
import { requireMember } from '../../../shared/session';
import { announce } from '../../../shared/ui/announcer';
import { ErrorState } from '../../../shared/ui/error-state';
import { showNotice } from '../../../shared/ui/notice-store';
import { useCalendarFeed, useRenewFeed, useRevokeFeed } from '../api/calendar';

/**
 * "Subscribe to my calendar": the personal webcal feed (favourite congresses, reminded and
 * favourite lives) as a link calendar apps open, the URL to copy, and renewing or stopping it
 * (`manage`). The URL is made on the first ask, never on page load.
 */
export function FeedPanel({ manage = false }: { manage?: boolean }) {
  const { t } = useTranslation('meeting');
  const [asked, setAsked] = useState(false);
  const feed = useCalendarFeed(asked);
  const renew = useRenewFeed();
  const revoke = useRevokeFeed();
  const inputId = useId();

  const copy = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      announce(t('feed.copied'));
      showNotice(t('feed.copied'));
    } catch {
      showNotice(t('feed.copyFailed'));
    }
  };

  return (
    <section className="feed-panel" aria-labelledby={`${inputId}-title`} data-testid="feed-panel">
      <h2 id={`${inputId}-title`} className="feed-panel__title">
        {t('feed.title')}
      </h2>
      <p className="feed-panel__hint">{t('feed.hint')}</p>
      {!asked ? (
        <button type="button" className="button button--primary" data-testid="feed-show" onClick={() => requireMember(() => setAsked(true))}>
          {t('feed.show')}
        </button>
      ) : feed.isError ? (
        <ErrorState error={feed.error} onRetry={() => void feed.refetch()} />
      ) : !feed.data ? (
        <p aria-busy="true">{t('feed.loading')}</p>
      ) : (
        <div className="feed-panel__body">
          <a className="button button--primary" href={feed.data.webcal_url} data-testid="feed-webcal">
            {t('feed.subscribe')}
          </a>
          <label className="feed-panel__label" htmlFor={inputId}>
            {t('feed.url')}
          </label>
          <div className="feed-panel__row">
            <input id={inputId} className="feed-panel__url" readOnly value={feed.data.url} data-testid="feed-url" onFocus={(e) => e.currentTarget.select()} />
            <button type="button" className="button" onClick={() => void copy(feed.data.url)}>
              {t('feed.copy')}
            </button>
          </div>
          <p className="feed-panel__hint">{t('feed.private')}</p>
          {manage ? (
            <div className="feed-panel__row">
              <button
                type="button"
                className="button"
                data-testid="feed-renew"
                aria-disabled={renew.isPending || undefined}
                onClick={() => !renew.isPending && renew.mutate(undefined, { onSuccess: () => showNotice(t('feed.renewed')), onError: (e) => showNotice(errorText(e)) })}
              >
                {t('feed.renew')}
              </button>
              <button
                type="button"
                className="button"
                data-testid="feed-revoke"
                aria-disabled={revoke.isPending || undefined}
                onClick={() =>
                  !revoke.isPending &&
                  revoke.mutate(undefined, {
                    onSuccess: () => {
                      setAsked(false);
                      showNotice(t('feed.revoked'));
                    },
                    onError: (e) => showNotice(errorText(e)),
                  })
                }
              >
                {t('feed.revoke')}
              </button>
            </div>
          ) : null}
        </div>
      )}
    </section>
  );
}
