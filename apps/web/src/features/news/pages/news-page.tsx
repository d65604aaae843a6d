import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { queryClient } from '../../../shared/query-client';
import { currentLanguage, loadNamespaces } from '../../../shared/i18n';
import { ErrorState } from '../../../shared/ui/error-state';
import { Skeleton } from '../../../shared/ui/skeleton';
import { useTabs } from '../../../shared/ui/tabs';
import { newsCategoriesQueryOptions, useNewsCategories } from '../api/news';
import { NewsList } from '../components/news-list';
import { pageParam } from '../../../shared/page-param';
import '../news.css';

/** The category id in the URL hash (`/news#12`), if it is one. */
export function categoryFromHash(hash: string): number | undefined {
  const n = Number(hash.replace(/^#/, ''));
  return Number.isInteger(n) && n > 0 ? n : undefined;
}

/** `/news`: category tabs chosen by the URL hash; changing tab updates the hash. */
export function NewsPage() {
  const { t } = useTranslation('news');
  const location = useLocation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const categories = useNewsCategories();
  const page = pageParam(search);
  const items = categories.data?.items ?? [];
  const active = items.find((c) => c.id === categoryFromHash(location.hash)) ?? items[0];
  const select = (id: number) => void navigate({ pathname: location.pathname, search: '', hash: `#${id}` });
  const tabs = useTabs({ keys: items.map((c) => c.id), selected: active?.id, onSelect: select, tabId: (id) => `news-tab-${id}`, panelId: 'news-panel' });

  if (categories.isPending) {
    return (
      <div className="news-page">
        <Skeleton height={40} />
      </div>
    );
  }
  if (categories.isError) return <ErrorState error={categories.error} onRetry={() => void categories.refetch()} />;

  const setPage = (p: number) => void navigate({ pathname: location.pathname, search: p > 1 ? `?page=${p}` : '', hash: location.hash });

  return (
    <div className="news-page">
      <h1 className="news-page__title">{t('titles.news')}</h1>
      <div className="news-tabs" {...tabs.listProps} aria-label={t('list.categories')}>
        {items.map((c) => (
          <button key={c.id} {...tabs.tabProps(c.id)} className={`news-tab${c.id === active?.id ? ' news-tab--active' : ''}`}>
            {c.title}
          </button>
        ))}
      </div>
      <div {...tabs.panelProps}>
        {active ? <NewsList key={active.id} categoryId={active.id} page={page} onPageChange={setPage} /> : <p className="news-empty">{t('list.empty')}</p>}
      </div>
    </div>
  );
}

export async function loader() {
  queryClient.ensureQueryData(newsCategoriesQueryOptions(currentLanguage())).catch(() => undefined);
  await loadNamespaces('news');
  return null;
}

export const Component = NewsPage;
