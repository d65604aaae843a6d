import { useTranslation } from 'react-i18next';

/** Previous / numbered pages / next. `onPage` receives the page to show. */
export function Pagination({ page, total, pageSize, onPage }: { page: number; total: number; pageSize: number; onPage: (page: number) => void }) {
  const { t } = useTranslation('course');
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  const from = Math.max(1, Math.min(page - 2, pages - 4));
  const numbers = Array.from({ length: Math.min(5, pages) }, (_, i) => from + i);
  return (
    <nav className="pagination" aria-label={t('pagination.label')}>
      <button type="button" className="pagination__button" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('pagination.prev')}
      </button>
      {numbers.map((n) => (
        <button
          key={n}
          type="button"
          className={`pagination__button${n === page ? ' is-current' : ''}`}
          aria-current={n === page ? 'page' : undefined}
          aria-label={t('pagination.page', { page: n })}
          onClick={() => onPage(n)}
        >
          {n}
        </button>
      ))}
      <button type="button" className="pagination__button" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {t('pagination.next')}
      </button>
    </nav>
  );
}
