import { useTranslation } from 'react-i18next';
import { useTabs } from '../../../shared/ui/tabs';
import type { LiveDates } from '../api/lives';
import { monthDay, weekday } from '../lib/dates';

/**
 * The days that have lives, as tabs (arrow keys, Home and End select a day; one Tab stop; the
 * arrows stop at the first and last day). Today is always shown, even without lives, so the strip
 * opens on it.
 */
export function DayStrip({ dates, selected, onSelect, panelId }: { dates: LiveDates; selected: string; onSelect: (date: string) => void; panelId: string }) {
  const { t } = useTranslation('live');
  const weekdays = t('days.weekdays', { returnObjects: true }) as string[];
  const days = [...dates.items];
  if (!days.some((d) => d.date === dates.today)) days.push({ date: dates.today, count: 0, has_live: false });
  if (!days.some((d) => d.date === selected)) days.push({ date: selected, count: 0, has_live: false });
  days.sort((a, b) => a.date.localeCompare(b.date));
  const tabs = useTabs({ keys: days.map((d) => d.date), selected, onSelect, tabId: (date) => `live-day-${date}`, panelId, loop: false });

  return (
    <div className="live-days" {...tabs.listProps} aria-label={t('days.label')} data-testid="live-days">
      {days.map((d) => {
        const isSelected = d.date === selected;
        return (
          <button
            key={d.date}
            {...tabs.tabProps(d.date)}
            className={`live-day${isSelected ? ' live-day--selected' : ''}${d.date < dates.today ? ' live-day--past' : ''}`}
            data-date={d.date}
          >
            <span className="live-day__weekday">{d.date === dates.today ? t('days.today') : weekdays[weekday(d.date)]}</span>
            <span className="live-day__date">{monthDay(d.date)}</span>
            <span className="live-day__count">
              {d.has_live ? <span className="live-day__dot" title={t('days.liveNow')} aria-hidden="true" /> : null}
              {t('days.count', { count: d.count })}
            </span>
            {/* The name is the visible text (WCAG 2.5.3) followed by the full date and the live state. */}
            <span className="visually-hidden">
              {` ${d.date}`}
              {d.has_live ? ` ${t('days.liveNow')}` : ''}
            </span>
          </button>
        );
      })}
    </div>
  );
}
