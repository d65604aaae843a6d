import { useNavigate, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { loadNamespaces } from '../../../shared/i18n';
import { useNewsCategories } from '../api/news';
import { NewsList } from '../components/news-list';
import { NewsNotFound } from '../components/news-not-found';
import { pageParam } from '../../../shared/page-param';
import '../news.css';

/** `/news_cate/:id`: one category, paged. */
export function NewsCategoryPage() {
  const { t } = useTranslation('news');
  const params = useParams();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const categories = useNewsCategories();
  const id = Number(params.id);
  if (!Number.isInteger(id) || id <= 0) return <NewsNotFound />;
  const category = categories.data?.items.find((c) => c.id === id);
  // Every category is listed: one that is not does not exist (the not-found state, a 404).
  if (categories.data && !category) return <NewsNotFound />;
  const page = pageParam(search);
  return (
    <div className="news-page">
      <h1 className="news-page__title">{category?.title ?? t('titles.news')}</h1>
      <NewsList categoryId={id} page={page} onPageChange={(p) => void navigate({ search: p > 1 ? `?page=${p}` : '' })} />
    </div>
  );
}

export async function loader() {
  await loadNamespaces('news');
  return null;
}

export const Component = NewsCategoryPage;
