import { PAGE_MAX } from '@medportal/contract/constants';
import { useTranslation } from 'react-i18next';
import './pager.css';

export interface PagerProps {
  page: number;
  pageSize: number;
  total: number;
  onChange: (page: number) => void;
  /** Accessible name of the navigation; default "Pages". */
  label?: string;
  /** Highest page offered; default the API's limit (PAGE_MAX), so a pager never links to a page the API refuses. */
  maxPage?: number;
  /** Numbered buttons (five around the current page) instead of "page x of y". */
  numbered?: boolean;
  /**
   * Set when `total` is an estimate (search): "next" follows it instead of the page count, and the
   * status reads "page x" without a count.
   */
  hasMore?: boolean;
}

/**
 * The one pager of the web app: previous / next with "page x of y" (or numbered pages); hidden
 * when everything fits on one page.
 */
export function Pager({ page, pageSize, total, onChange, label, maxPage = PAGE_MAX, numbered = false, hasMore }: PagerProps) {
  const { t } = useTranslation('common');
  const estimated = hasMore !== undefined;
  const pages = Math.min(Math.max(1, Math.ceil(total / pageSize)), maxPage);
  const hasNext = estimated ? hasMore && page < maxPage : page < pages;
  if (estimated ? !hasMore && page <= 1 : pages <= 1 && page <= 1) return null;
  // An exact count brings a page past the end straight back to the last one.
  const previous = estimated ? page - 1 : Math.min(page - 1, pages);
  const previousButton = (
    <button type="button" className="button pager__step" disabled={page <= 1} onClick={() => onChange(previous)}>
      {t('pager.previous')}
    </button>
  );
  const nextButton = (
    <button type="button" className="button pager__step" disabled={!hasNext} onClick={() => onChange(page + 1)}>
      {t('pager.next')}
    </button>
  );

  if (numbered) {
    const from = Math.max(1, Math.min(page - 2, pages - 4));
    const numbers = Array.from({ length: Math.min(5, pages) }, (_, i) => from + i);
    return (
      <nav className="pager pager--numbered" aria-label={label ?? t('pager.label')}>
        {previousButton}
        {numbers.map((n) => (
          <button
            key={n}
            type="button"
            className={`pager__number${n === page ? ' is-current' : ''}`}
            aria-current={n === page ? 'page' : undefined}
            aria-label={t('pager.page', { page: n })}
            onClick={() => onChange(n)}
          >
            {n}
          </button>
        ))}
        {nextButton}
      </nav>
    );
  }

  return (
    <nav className="pager" aria-label={label ?? t('pager.label')}>
      {previousButton}
      <span className="pager__status" aria-live="polite">
        {estimated ? t('pager.page', { page }) : t('pager.status', { page, pages })}
      </span>
      {nextButton}
    </nav>
  );
}
