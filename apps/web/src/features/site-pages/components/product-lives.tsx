import { useTranslation } from 'react-i18next';
import { LiveStatus } from '@medportal/contract/codes';
import { formatDateTime } from '../../../shared/format/date';
import { useTimeZoneName } from '../../../shared/format/timezone';
import { useLang } from '../../../shared/hooks/use-lang';
import { ActionLink } from '../../../shared/ui/action-link';
import { ErrorState } from '../../../shared/ui/error-state';
import { Image } from '../../../shared/ui/image';
import { Skeleton } from '../../../shared/ui/skeleton';
import { isNotFoundError, useProductLives } from '../api/site-pages';

/** The lives tagged with a sister product (`GET /v1/live/product/{product}`): upcoming first, then the latest past. */
export function ProductLives({ product }: { product: string }) {
  const { t } = useTranslation('pages');
  const lang = useLang();
  const zone = useTimeZoneName();
  const query = useProductLives(product);
  const items = query.data?.items ?? [];
  return (
    <section className="product-section" aria-labelledby="product-lives" data-testid="product-lives">
      <h2 id="product-lives">{t('product.lives')}</h2>
      {query.isPending ? (
        <div className="product-lives" aria-busy="true">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} height={200} />
          ))}
        </div>
      ) : query.isError && !isNotFoundError(query.error) ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : items.length === 0 ? (
        <p className="product-lives__empty">{t('product.noLives')}</p>
      ) : (
        <ul className="product-lives">
          {items.map((live) => (
            <li key={live.id}>
              <ActionLink action={live.action} className="product-live" data-live={live.id}>
                <span className="product-live__media">
                  <Image src={live.banner} alt="" className="product-live__image" />
                  {live.live_status_text ? (
                    <span className={`badge product-live__status${live.live_status === LiveStatus.LIVE ? ' product-live__status--now' : ''}`}>{live.live_status_text}</span>
                  ) : null}
                </span>
                <span className="product-live__title clamp-2">{live.title}</span>
                <time className="product-live__time" dateTime={live.start_at}>
                  {formatDateTime(live.start_at, lang, zone)}
                </time>
              </ActionLink>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
