import type { Lang } from '../../../shared/i18n';
import type { HistoryFilter } from './lives';

type Who = 'member' | 'visitor';

/**
 * Query keys of the lives listing. Lists carry the caller's reminders and favourites (`who`), and
 * days are the caller's time zone's (`tz`); `all` reaches every cached live card.
 */
export const liveKeys = {
  all: ['live'] as const,
  dates: (lang: Lang, tz: string) => ['live', 'dates', lang, tz] as const,
  day: (lang: Lang, who: Who, date: string, tz: string) => ['live', 'day', lang, who, date, tz] as const,
  lookBack: (lang: Lang, who: Who) => ['live', 'lookback', lang, who] as const,
  history: (lang: Lang, who: Who, f: HistoryFilter) => ['live', 'history', lang, who, f.year ?? 'all', f.department_id ?? 'all', f.page] as const,
  historyFilters: (lang: Lang) => ['live', 'history-filters', lang] as const,
  calendars: ['live', 'calendar'] as const,
  calendar: (lang: Lang, month: string) => ['live', 'calendar', lang, month] as const,
  remindTypes: ['live', 'remind-type'] as const,
  remindType: (lang: Lang) => ['live', 'remind-type', lang] as const,
};
