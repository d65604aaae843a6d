import { useTranslation } from 'react-i18next';

/**
 * Previous / next with "page x of y", or "page x" when the total is an estimate; next follows
 * `hasMore` (an estimated total may be off by a page or two). Hidden when everything fits on one page.
 */
export function SearchPager({
  page,
  pageSize,
  total,
  exact,
  hasMore,
  onChange,
}: {
  page: number;
  pageSize: number;
  total: number;
  exact: boolean;
  hasMore: boolean;
  onChange: (page: number) => void;
}) {
  const { t } = useTranslation('search');
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (!hasMore && page <= 1) return null;
  return (
    <nav className="search-pager" aria-label={t('pager.label')}>
      <button type="button" className="button" disabled={page <= 1} onClick={() => onChange(exact ? Math.min(page - 1, pages) : page - 1)}>
        {t('pager.previous')}
      </button>
      <span className="search-pager__status" aria-live="polite">
        {exact ? t('pager.status', { page, pages }) : t('pager.statusOpen', { page })}
      </span>
      <button type="button" className="button" disabled={!hasMore} onClick={() => onChange(page + 1)}>
        {t('pager.next')}
      </button>
    </nav>
  );
}
