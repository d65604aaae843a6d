import { useTranslation } from 'react-i18next';

/** Previous / next with "page x of y"; hidden when everything fits on one page. */
export function Pager({ page, pageSize, total, onChange }: { page: number; pageSize: number; total: number; onChange: (page: number) => void }) {
  const { t } = useTranslation('live');
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1 && page <= 1) return null;
  return (
    <nav className="live-pager" aria-label={t('pager.label')}>
      <button type="button" className="button" disabled={page <= 1} onClick={() => onChange(page - 1)} data-testid="pager-previous">
        {t('pager.previous')}
      </button>
      <span className="live-pager__status" data-testid="pager-status">
        {t('pager.status', { page, pages })}
      </span>
      <button type="button" className="button" disabled={page >= pages} onClick={() => onChange(page + 1)} data-testid="pager-next">
        {t('pager.next')}
      </button>
    </nav>
  );
}
