import { useEffect, useMemo, useRef } from 'react';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ErrorCode } from '@medportal/contract/codes';
import { paths } from '../../../config/paths';
import { isApiError } from '../../../shared/api-client';
import { formatCount } from '@medportal/contract/format';
import { formatDateTime } from '../../../shared/format/date';
import { useTimeZoneName } from '../../../shared/format/timezone';
import { useLang } from '../../../shared/hooks/use-lang';
import { loadNamespaces } from '../../../shared/i18n';
import { isLoggedIn } from '../../../shared/session';
import { ErrorState } from '../../../shared/ui/error-state';
import { ShareButton } from '../../../shared/share/share-button';
import { composeTitle, useTitleOverride } from '../../../shared/ui/document-title';
import { Later } from '../../../shared/ui/later';
import { Skeleton } from '../../../shared/ui/skeleton';
import { summarize, usePageMeta } from '../../../shared/ui/page-meta';
import { breadcrumbs, newsArticleLd } from '../../../shared/ui/structured-data';
import { type NewsDetail, postReadLog, putNewsView, useNewsDetail, useNewsRecommend } from '../api/news';
import { CommentsSection } from '../components/comments-section';
import { FavoriteButton } from '../components/favorite-button';
import { LikeButton } from '../components/like-button';
import { NewsListItem } from '../components/news-list';
import { NewsNotFound } from '../components/news-not-found';
import { fitBodyHeadings } from '../lib/body-headings';
import { linkifyDoiInHtml } from '../lib/linkify-doi-html';
import { recordHistory } from '../../../shared/history';
import '../news.css';

/** Counts one view per visit of an item (and logs the read for a logged-in user). */
function useCountVisit(id: number, ready: boolean) {
  const counted = useRef<number | null>(null);
  useEffect(() => {
    if (!ready || counted.current === id) return;
    counted.current = id;
    putNewsView(id).catch(() => undefined);
    if (isLoggedIn()) postReadLog(id).catch(() => undefined);
    recordHistory('news', id);
  }, [id, ready]);
}

function Article({ news }: { news: NewsDetail }) {
  const { t } = useTranslation('news');
  const lang = useLang();
  const zone = useTimeZoneName();
  // The body was sanitised by the server (allow-list); DOI text becomes links, and its headings
  // continue the page's outline under the title.
  const html = useMemo(() => fitBodyHeadings(linkifyDoiInHtml(news.body_html)), [news.body_html]);
  return (
    <article className="news-article">
      <h1 className="news-article__title">{news.title}</h1>
      <div className="news-article__meta">
        {news.category ? (
          <Link className="tag" to={paths.newsCategory.getHref(news.category.id)}>
            {news.category.title}
          </Link>
        ) : null}
        <time dateTime={news.published_at}>{formatDateTime(news.published_at, lang, zone)}</time>
        {news.source ? <span>{t('detail.source', { source: news.source })}</span> : null}
        {news.author ? <span>{t('detail.author', { author: news.author })}</span> : null}
        <span>{t('detail.views', { shown: formatCount(news.views, lang) })}</span>
      </div>
      {news.tags.length ? (
        <ul className="news-article__tags" aria-label={t('detail.tags')}>
          {news.tags.map((tag) => (
            <li key={tag.id} className="tag">
              {tag.title}
            </li>
          ))}
        </ul>
      ) : null}
      <div className="news-body" data-testid="news-body" dangerouslySetInnerHTML={{ __html: html }} />
      <div className="news-article__actions">
        <LikeButton newsId={news.id} liked={news.is_liked} likes={news.likes} />
        <FavoriteButton newsId={news.id} favorite={news.is_favorite} />
        <ShareButton kind="news" id={news.id} title={news.title} desc={summarize(news.description || news.body_html)} path={paths.newsDetail.getHref(news.id)} image={news.cover} />
      </div>
    </article>
  );
}

function Recommended({ id }: { id: number }) {
  const { t } = useTranslation('news');
  const query = useNewsRecommend(id);
  if (!query.data?.items.length) return null;
  return (
    <aside className="news-recommend" aria-label={t('detail.recommended')}>
      <h2>{t('detail.recommended')}</h2>
      <ul className="news-list news-list--compact">
        {query.data.items.map((item) => (
          <NewsListItem key={item.id} item={item} />
        ))}
      </ul>
    </aside>
  );
}

/** `/news/:id`: article, like, recommendations and comments; a friendly state when not found. */
/** The article's own title in the tab, like every detail page. */
function ArticleTitle({ news }: { news: NewsDetail }) {
  const { t } = useTranslation(['common', 'news']);
  const lang = useLang();
  useTitleOverride(composeTitle(news.title, t('productName')));
  const path = paths.newsDetail.getHref(news.id);
  const description = summarize(news.description || news.body_html);
  const site = t('productName');
  usePageMeta({
    description,
    image: news.cover,
    type: 'article',
    jsonLd: [
      newsArticleLd({ title: news.title, description, cover: news.cover, path, publishedAt: news.published_at, author: news.author || null }, site, lang),
      breadcrumbs([
        { name: site, path: paths.home.getHref() },
        { name: t('news:titles.news'), path: paths.news.getHref() },
        ...(news.category ? [{ name: news.category.title, path: paths.newsCategory.getHref(news.category.id) }] : []),
        { name: news.title, path },
      ]),
    ],
  });
  return null;
}

export function NewsDetailPage() {
  const params = useParams();
  const id = Number(params.id);
  const valid = Number.isInteger(id) && id > 0;
  const query = useNewsDetail(valid ? id : 0);
  useCountVisit(id, valid && query.isSuccess);

  if (!valid || (query.isError && isApiError(query.error) && query.error.code === ErrorCode.NOT_FOUND)) return <NewsNotFound />;
  if (query.isPending) {
    // The article's own boxes (title line, meta line, body), so the page keeps its shape.
    return (
      <div className="news-detail" aria-busy="true">
        <div className="news-detail__main">
          <div className="news-article" aria-hidden="true">
            <p className="news-article__title">
              <Skeleton text width="80%" />
            </p>
            <p className="news-article__meta">
              <Skeleton text width="50%" />
            </p>
            <div className="news-body">
              <Skeleton height={240} />
            </div>
          </div>
        </div>
      </div>
    );
  }
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  return (
    <div className="news-detail">
      <div className="news-detail__main">
        <ArticleTitle news={query.data} />
        <Article news={query.data} />
        <CommentsSection newsId={id} count={query.data.comment_count} />
      </div>
      {/* Below the article on a phone: hydrated when scrolled near (decision record 0078). */}
      <Later>
        <Recommended id={id} />
      </Later>
    </div>
  );
}

export async function loader() {
  await loadNamespaces('news', 'pages');
  return null;
}

export const Component = NewsDetailPage;
