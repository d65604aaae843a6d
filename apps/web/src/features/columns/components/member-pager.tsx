import { useTranslation } from 'react-i18next';

/** Previous / next with "page x of y"; hidden when everything fits on one page. */
export function MemberPager({ page, pageSize, total, onChange }: { page: number; pageSize: number; total: number; onChange: (page: number) => void }) {
  const { t } = useTranslation('member');
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1 && page <= 1) return null;
  return (
    <nav className="member-pager" aria-label={t('pager.label')}>
      <button type="button" className="button" disabled={page <= 1} onClick={() => onChange(page - 1)}>
        {t('pager.previous')}
      </button>
      <span>{t('pager.status', { page, pages })}</span>
      <button type="button" className="button" disabled={page >= pages} onClick={() => onChange(page + 1)}>
        {t('pager.next')}
      </button>
    </nav>
  );
}

/** The `page` search parameter as a positive integer (1 when absent or malformed). */
export function pageFrom(search: URLSearchParams): number {
  const n = Number(search.get('page'));
  return Number.isInteger(n) && n > 0 && n <= 10_000 ? n : 1;
}
