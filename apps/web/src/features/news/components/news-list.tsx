import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { NewsItem } from '@medportal/contract';
import { paths } from '../../../config/paths';
import { formatDate } from '../../../shared/format/date';
import { useTimeZoneName } from '../../../shared/format/timezone';
import { useLang } from '../../../shared/hooks/use-lang';
import { Image } from '../../../shared/ui/image';
import { NEWS_PAGE_SIZE, useNewsList } from '../api/news';
import { PagedList } from '../../../shared/ui/paged-list';

export function NewsListItem({ item }: { item: NewsItem }) {
  const lang = useLang();
  const zone = useTimeZoneName();
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
            <time dateTime={item.published_at}>{formatDate(item.published_at, lang, zone)}</time>
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
  return (
    <PagedList
      query={query}
      page={page}
      pageSize={NEWS_PAGE_SIZE}
      onPage={onPageChange}
      render={(item) => <NewsListItem key={item.id} item={item} />}
      className="news-list"
      loadingLabel={t('list.loading')}
      skeleton={{ count: 4, height: 96 }}
      empty={t('list.empty')}
      emptyClassName="news-empty"
    />
  );
}
