import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { loadNamespaces } from '../../../shared/i18n';
import { ActionLink } from '../../../shared/ui/action-link';
import { ErrorState } from '../../../shared/ui/error-state';
import { Image } from '../../../shared/ui/image';
import { Skeleton } from '../../../shared/ui/skeleton';
import { COLUMN_PAGE_SIZE, type ColumnCard, useColumns } from '../api/columns';
import { pageParam } from '../../../shared/page-param';
import { Pager } from '../../../shared/ui/pager';
import { SubscribeButton } from '../components/subscribe-button';
import '../columns.css';

export function ColumnCardView({ column }: { column: ColumnCard }) {
  const { t } = useTranslation('member');
  return (
    <li className="column-card" data-testid="column-card">
      <ActionLink action={column.action}>
        <Image className="column-card__logo" src={column.subscribe_logo} alt={column.title} />
      </ActionLink>
      <h2 className="column-card__title">{column.title}</h2>
      <p className="column-card__meta">{t('column.issues', { count: column.issue })}</p>
      <div className="column-card__meta">
        <span data-testid="subscribe-total">{t('column.followers', { count: column.subscribe_total })}</span>
        <SubscribeButton id={column.id} isFollow={column.is_follow} />
      </div>
    </li>
  );
}

/** `/column/index`: programme cards with follow buttons, paginated. */
export function ColumnPage() {
  const { t } = useTranslation('member');
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const page = pageParam(search);
  const query = useColumns(page);
  return (
    <div className="container columns-page">
      <h1>{t('titles.column')}</h1>
      {query.isPending ? (
        <Skeleton height={240} />
      ) : query.isError ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : query.data.items.length === 0 ? (
        <p>{t('column.empty')}</p>
      ) : (
        <>
          <ul className="column-grid">
            {query.data.items.map((c) => (
              <ColumnCardView key={c.id} column={c} />
            ))}
          </ul>
          <Pager page={page} pageSize={COLUMN_PAGE_SIZE} total={query.data.total} onChange={(p) => void navigate({ search: p > 1 ? `?page=${p}` : '' })} />
        </>
      )}
    </div>
  );
}

export async function loader() {
  await loadNamespaces('member');
  return null;
}

export const Component = ColumnPage;
