import { useRef, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { SearchTypeValue } from '@medportal/contract';
import { ErrorState } from '../../../shared/ui/error-state';
import { Skeleton } from '../../../shared/ui/skeleton';
import { useSearchTypes } from '../api/search';

export const tabId = (type: string) => `search-tab-${type}`;
export const RESULTS_PANEL_ID = 'search-results-panel';

/**
 * Result tabs from the server (ARIA tabs: arrow keys, Home and End move between them and select,
 * as each tab only changes the URL).
 */
export function SearchTabs({ active, onSelect }: { active: SearchTypeValue; onSelect: (type: SearchTypeValue) => void }) {
  const { t } = useTranslation('search');
  const types = useSearchTypes();
  const list = useRef<HTMLDivElement>(null);

  if (types.isPending) {
    return (
      <div className="search-tabs search-tabs--loading" aria-hidden="true">
        {Array.from({ length: 5 }, (_, i) => (
          <Skeleton key={i} width={64} height={20} />
        ))}
      </div>
    );
  }
  if (types.isError) return <ErrorState error={types.error} onRetry={() => void types.refetch()} />;

  const items = types.data.items;
  // Keyboard entry point: the selected tab, or the first when the URL names a type not offered.
  const focusable = items.some((i) => i.type === active) ? active : items[0]?.type;
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const current = items.findIndex((i) => i.type === active);
    const last = items.length - 1;
    const next = { ArrowRight: current + 1, ArrowLeft: current - 1, Home: 0, End: last }[event.key];
    if (next === undefined || items.length === 0) return;
    event.preventDefault();
    const target = items[(next + items.length) % items.length];
    if (!target) return;
    onSelect(target.type);
    list.current?.querySelector<HTMLElement>(`#${tabId(target.type)}`)?.focus();
  };

  return (
    <div className="search-tabs" role="tablist" aria-label={t('page.tabs')} ref={list}>
      {items.map((item) => {
        const selected = item.type === active;
        return (
          <button
            key={item.type}
            id={tabId(item.type)}
            type="button"
            role="tab"
            aria-selected={selected}
            aria-controls={RESULTS_PANEL_ID}
            tabIndex={item.type === focusable ? 0 : -1}
            className={`search-tab${selected ? ' search-tab--active' : ''}`}
            onClick={() => onSelect(item.type)}
            onKeyDown={onKeyDown}
          >
            {item.title}
          </button>
        );
      })}
    </div>
  );
}
