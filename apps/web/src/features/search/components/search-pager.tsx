import { useTranslation } from 'react-i18next';

/** Previous / next with "page x of y"; hidden when everything fits on one page. */
export function SearchPager({ page, pageSize, total, onChange }: { page: number; pageSize: number; total: number; onChange: (page: number) => void }) {
  const { t } = useTranslation('search');
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1 && page <= 1) return null;
  return (
    <nav className="search-pager" aria-label={t('pager.label')}>
      <button type="button" className="button" disabled={page <= 1} onClick={() => onChange(Math.min(page - 1, pages))}>
        {t('pager.previous')}
      </button>
      <span className="search-pager__status" aria-live="polite">
        {t('pager.status', { page, pages })}
      </span>
      <button type="button" className="button" disabled={page >= pages} onClick={() => onChange(page + 1)}>
        {t('pager.next')}
      </button>
    </nav>
  );
}
