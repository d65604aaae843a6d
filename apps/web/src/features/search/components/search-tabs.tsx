import { useTranslation } from 'react-i18next';
import type { SearchTypeValue } from '@medportal/contract';
import { ErrorState } from '../../../shared/ui/error-state';
import { Skeleton } from '../../../shared/ui/skeleton';
import { useTabs } from '../../../shared/ui/tabs';
import { useSearchTypes } from '../api/search';

export const tabId = (type: string) => `search-tab-${type}`;
export const RESULTS_PANEL_ID = 'search-results-panel';

/** Result tabs from the server (each tab only changes the URL, so arrow keys select at once). */
export function SearchTabs({ active, onSelect }: { active: SearchTypeValue; onSelect: (type: SearchTypeValue) => void }) {
  const { t } = useTranslation('search');
  const types = useSearchTypes();
  const tabs = useTabs({ keys: (types.data?.items ?? []).map((i) => i.type), selected: active, onSelect, tabId, panelId: RESULTS_PANEL_ID });

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
  return (
    <div className="search-tabs" {...tabs.listProps} aria-label={t('page.tabs')}>
      {items.map((item) => (
        <button key={item.type} {...tabs.tabProps(item.type)} className={`search-tab${item.type === active ? ' search-tab--active' : ''}`}>
          {item.title}
        </button>
      ))}
    </div>
  );
}
