import { type KeyboardEvent, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { LiveDates } from '../api/lives';
import { monthDay, weekday } from '../lib/dates';

/**
 * The days that have lives, as keyboard-accessible tabs (arrow keys, Home, End; one tab stop).
 * Today is always shown, even without lives, so the strip opens on it.
 */
export function DayStrip({ dates, selected, onSelect, panelId }: { dates: LiveDates; selected: string; onSelect: (date: string) => void; panelId: string }) {
  const { t } = useTranslation('live');
  const refs = useRef(new Map<string, HTMLButtonElement>());
  const strip = useRef<HTMLDivElement>(null);

  // Bring the selected day into the strip's view (not the window's: the page keeps its scroll).
  useEffect(() => {
    const el = refs.current.get(selected);
    const box = strip.current;
    if (!el || !box || box.scrollWidth <= box.clientWidth) return;
    const left = el.offsetLeft - box.offsetLeft;
    if (left < box.scrollLeft || left + el.offsetWidth > box.scrollLeft + box.clientWidth) box.scrollLeft = left - (box.clientWidth - el.offsetWidth) / 2;
  }, [selected]);
  const weekdays = t('days.weekdays', { returnObjects: true }) as string[];
  const days = [...dates.items];
  if (!days.some((d) => d.date === dates.today)) days.push({ date: dates.today, count: 0, has_live: false });
  if (!days.some((d) => d.date === selected)) days.push({ date: selected, count: 0, has_live: false });
  days.sort((a, b) => a.date.localeCompare(b.date));

  const move = (e: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const next = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: days.length - 1 }[e.key];
    if (next === undefined) return;
    e.preventDefault();
    const day = days[Math.max(0, Math.min(days.length - 1, next))];
    if (!day) return;
    onSelect(day.date);
    refs.current.get(day.date)?.focus();
  };

  return (
    <div ref={strip} className="live-days" role="tablist" aria-label={t('days.label')} data-testid="live-days">
      {days.map((d, i) => {
        const isSelected = d.date === selected;
        return (
          <button
            key={d.date}
            ref={(el) => {
              if (el) refs.current.set(d.date, el);
              else refs.current.delete(d.date);
            }}
            type="button"
            role="tab"
            id={`live-day-${d.date}`}
            aria-selected={isSelected}
            aria-controls={panelId}
            tabIndex={isSelected ? 0 : -1}
            className={`live-day${isSelected ? ' live-day--selected' : ''}${d.date < dates.today ? ' live-day--past' : ''}`}
            data-date={d.date}
            onClick={() => onSelect(d.date)}
            onKeyDown={(e) => move(e, i)}
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
