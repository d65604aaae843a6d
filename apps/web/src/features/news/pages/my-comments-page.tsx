import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { LoaderFunctionArgs } from 'react-router';
import { paths } from '../../../config/paths';
import { loadNamespaces } from '../../../shared/i18n';
import { requireLogin } from '../../../shared/session-guard';
import { ErrorState } from '../../../shared/ui/error-state';
import { Skeleton } from '../../../shared/ui/skeleton';
import { COMMENT_PAGE_SIZE, useMyComments } from '../api/news';
import { CommentItem } from '../components/comments-section';
import { pageParam } from '../../../shared/page-param';
import { Pager } from '../../../shared/ui/pager';
import '../news.css';

/** `/news/my_comments` (login needed): the user's comments, each with the item it is on. */
export function MyCommentsPage() {
  const { t } = useTranslation('news');
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const page = pageParam(search);
  const query = useMyComments(page);
  return (
    <div className="news-page">
      <h1 className="news-page__title">{t('titles.myComments')}</h1>
      {query.isPending ? (
        <Skeleton height={120} />
      ) : query.isError ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : query.data.items.length === 0 ? (
        <p className="news-empty">{t('myComments.empty')}</p>
      ) : (
        <>
          <ul className="news-comment-list">
            {query.data.items.map((c) => (
              <li key={c.id} className="news-my-comment">
                <Link to={paths.newsDetail.getHref(c.news.id)} className="news-my-comment__news">
                  {c.news.title}
                </Link>
                <ul>
                  <CommentItem comment={c} />
                </ul>
              </li>
            ))}
          </ul>
          <Pager page={page} pageSize={COMMENT_PAGE_SIZE} total={query.data.total} onChange={(p) => void navigate({ search: p > 1 ? `?page=${p}` : '' })} />
        </>
      )}
    </div>
  );
}

export async function loader(args: LoaderFunctionArgs) {
  await requireLogin(args);
  await loadNamespaces('news');
  return null;
}

export const Component = MyCommentsPage;
