import { useTranslation } from 'react-i18next';

/** Previous / next with "page x of y"; hidden when everything fits on one page. */
export function Pager({ page, pageSize, total, onChange, label }: { page: number; pageSize: number; total: number; onChange: (page: number) => void; label: string }) {
  const { t } = useTranslation('topic');
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1 && page <= 1) return null;
  return (
    <nav className="topic-pager" aria-label={label}>
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

/** A positive integer search parameter, or undefined when absent or malformed. */
export function positiveParam(search: URLSearchParams, name: string): number | undefined {
  const raw = search.get(name);
  if (!raw || !/^[1-9]\d{0,9}$/.test(raw)) return undefined;
  const n = Number(raw);
  return n <= 2_147_483_647 ? n : undefined;
}
