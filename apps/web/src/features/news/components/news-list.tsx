import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { NewsItem } from '@medportal/contract';
import { paths } from '../../../config/paths';
import { formatDate } from '../../../shared/format/date';
import { useLang } from '../../../shared/hooks/use-lang';
import { ErrorState } from '../../../shared/ui/error-state';
import { Image } from '../../../shared/ui/image';
import { Skeleton } from '../../../shared/ui/skeleton';
import { NEWS_PAGE_SIZE, useNewsList } from '../api/news';
import { Pager } from './pager';

export function NewsListItem({ item }: { item: NewsItem }) {
  const lang = useLang();
  return (
    <li className="news-row">
      <Link to={paths.newsDetail.getHref(item.id)} className="news-row__link">
        <span className="news-row__media">
          <Image src={item.cover} alt="" />
        </span>
        <span className="news-row__body">
          <span className="news-row__title">{item.title}</span>
          {item.description ? <span className="news-row__desc">{item.description}</span> : null}
          <span className="news-row__meta">
            {item.category ? <span className="tag">{item.category.title}</span> : null}
            <time dateTime={item.published_at}>{formatDate(item.published_at, lang)}</time>
          </span>
        </span>
      </Link>
    </li>
  );
}

/** One page of news (optionally one category) with loading, empty and error states. */
export function NewsList({ categoryId, page, onPageChange }: { categoryId?: number | undefined; page: number; onPageChange: (page: number) => void }) {
  const { t } = useTranslation('news');
  const query = useNewsList(categoryId, page);
  if (query.isPending) {
    return (
      <div className="news-list news-list--loading" aria-busy="true" aria-label={t('list.loading')}>
        {Array.from({ length: 4 }, (_, i) => (
          <Skeleton key={i} height={96} className="news-list__skeleton" />
        ))}
      </div>
    );
  }
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  const data = query.data;
  if (data.items.length === 0) return <p className="news-empty">{t('list.empty')}</p>;
  return (
    <>
      <ul className="news-list" aria-busy={query.isPlaceholderData}>
        {data.items.map((item) => (
          <NewsListItem key={item.id} item={item} />
        ))}
      </ul>
      <Pager page={page} pageSize={NEWS_PAGE_SIZE} total={data.total} onChange={onPageChange} />
    </>
  );
}
