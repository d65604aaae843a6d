import { type FormEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../shared/errors';
import { requireMember, useSession } from '../../../shared/session';
import { ErrorState } from '../../../shared/ui/error-state';
import { showNotice } from '../../../shared/ui/notice-store';
import { Skeleton } from '../../../shared/ui/skeleton';
import { useLiveCalendar, useRemindType, useSaveRemindType, type RemindType, type RemindTypeInput } from '../api/lives';
import { addDays, addMonths, monthGrid, sameDayInMonth, weekday } from '../lib/dates';
import { LiveCard } from './live-card';

/** The reminder channel and lead time (remind type GET and POST). */
function RemindTypeForm() {
  const { t } = useTranslation('live');
  const query = useRemindType(true);
  const save = useSaveRemindType();
  // Edits on top of the saved settings; saving clears them (the saved answer is then shown).
  const [draft, setDraft] = useState<{ channel?: RemindType['channel']; minutes?: number }>({});

  if (query.isPending) return <Skeleton height={120} />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  const channel = draft.channel ?? query.data.channel;
  const minutes = draft.minutes ?? query.data.minutes_before;
  const setChannel = (value: RemindType['channel']) => setDraft((d) => ({ ...d, channel: value }));
  const setMinutes = (value: number) => setDraft((d) => ({ ...d, minutes: value }));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    // The lead times offered are the API's own `minutes_options`.
    save.mutate({ channel, minutes_before: minutes as RemindTypeInput['minutes_before'] }, { onSuccess: () => { setDraft({}); showNotice(t('remindType.saved')); }, onError: (error) => showNotice(errorText(error)) });
  };
  return (
    <form className="live-remind-type" onSubmit={submit} data-testid="remind-type">
      <h3 className="live-section__title">{t('remindType.title')}</h3>
      <fieldset className="live-remind-type__channels">
        <legend>{t('remindType.channel')}</legend>
        {query.data.channels.map((c) => (
          <label key={c.value} className={c.available ? '' : 'live-remind-type__off'}>
            <input type="radio" name="channel" value={c.value} checked={channel === c.value} disabled={!c.available} onChange={() => setChannel(c.value)} />
            {c.title}
            {c.available ? null : t('remindType.unavailable')}
          </label>
        ))}
      </fieldset>
      <label className="live-remind-type__minutes">
        {t('remindType.minutes')}
        <select value={minutes} onChange={(e) => setMinutes(Number(e.target.value))}>
          {query.data.minutes_options.map((m) => (
            <option key={m} value={m}>
              {t(`remindType.minutesOption_${m}` as 'remindType.minutesOption_5')}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" className="button button--primary" disabled={save.isPending}>
        {t('remindType.save')}
      </button>
    </form>
  );
}

/** Where a key moves the focused day of the month grid (WAI-ARIA date grid), or null for other keys. */
export function calendarTarget(key: string, date: string): string | null {
  switch (key) {
    case 'ArrowLeft':
      return addDays(date, -1);
    case 'ArrowRight':
      return addDays(date, 1);
    case 'ArrowUp':
      return addDays(date, -7);
    case 'ArrowDown':
      return addDays(date, 7);
    case 'Home':
      return addDays(date, -weekday(date));
    case 'End':
      return addDays(date, 6 - weekday(date));
    case 'PageUp':
      return sameDayInMonth(date, -1);
    case 'PageDown':
      return sameDayInMonth(date, 1);
    default:
      return null;
  }
}

/**
 * The month as a grid of day buttons with one Tab stop: arrow keys move by day and week, Home and
 * End to the week's ends, Page Up and Page Down by month (crossing into another month turns the
 * page); Enter or Space picks the day, and again shows the whole month.
 */
function MonthGrid({ month, today, byDay, picked, onPick, onMonth }: { month: string; today: string; byDay: Map<string, unknown[]>; picked: string | null; onPick: (date: string | null) => void; onMonth: (month: string) => void }) {
  const { t } = useTranslation('live');
  const headingId = useId();
  const grid = useRef<HTMLTableElement>(null);
  const weeks = monthGrid(month);
  const days = weeks.flat().filter((d): d is string => d !== null);
  const withLives = days.find((d) => byDay.has(d));
  // The day holding the grid's Tab stop: the one last moved to, else the picked day, today or
  // the first day with meetings of this month.
  const [active, setActive] = useState<string | null>(null);
  const stop = [active, picked, today, withLives].find((d): d is string => !!d && d.startsWith(month)) ?? days[0];
  // Focus follows a key press only, once its day is on screen (after a turn of the page).
  const pendingFocus = useRef<string | null>(null);
  useEffect(() => {
    const button = pendingFocus.current ? grid.current?.querySelector<HTMLElement>(`[data-date="${pendingFocus.current}"]`) : null;
    if (!button) return;
    pendingFocus.current = null;
    button.focus();
  });

  const onKeyDown = (event: KeyboardEvent<HTMLTableElement>) => {
    const from = (event.target as HTMLElement).dataset.date;
    const target = from ? calendarTarget(event.key, from) : null;
    if (!target || event.altKey || event.ctrlKey || event.metaKey) return;
    event.preventDefault();
    if (!target.startsWith(month)) onMonth(target.slice(0, 7));
    pendingFocus.current = target;
    setActive(target);
  };
  const [year, mon] = month.split('-');
  const weekdays = t('calendar.weekdays', { returnObjects: true }) as string[];

  return (
    <>
      <div className="live-calendar__head">
        <button type="button" className="button" onClick={() => onMonth(addMonths(month, -1))} aria-label={t('calendar.previous')}>
          ‹
        </button>
        <h2 id={headingId} className="live-calendar__month" aria-live="polite">
          {t('calendar.month', { year, month: Number(mon) })}
        </h2>
        <button type="button" className="button" onClick={() => onMonth(addMonths(month, 1))} aria-label={t('calendar.next')}>
          ›
        </button>
      </div>
      <table ref={grid} className="live-calendar__grid" role="grid" aria-labelledby={headingId} onKeyDown={onKeyDown} data-testid="calendar-grid">
        <thead>
          <tr>
            {weekdays.map((w) => (
              <th key={w} scope="col">
                {w}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week, i) => (
            <tr key={i}>
              {week.map((date, j) => {
                if (!date) return <td key={j} />;
                const items = byDay.get(date);
                const cls = `live-calendar__day${date === today ? ' live-calendar__day--today' : ''}${items ? ' live-calendar__day--has' : ''}${picked === date ? ' live-calendar__day--picked' : ''}`;
                return (
                  <td key={j}>
                    <button
                      type="button"
                      className={cls}
                      tabIndex={date === stop ? 0 : -1}
                      aria-pressed={picked === date}
                      aria-current={date === today ? 'date' : undefined}
                      aria-label={items ? t('calendar.dayHas', { date, count: items.length }) : t('calendar.dayNone', { date })}
                      data-date={date}
                      onClick={() => {
                        setActive(date);
                        onPick(picked === date ? null : date);
                      }}
                    >
                      {Number(date.slice(8))}
                      {items ? <span className="live-calendar__marker" aria-hidden="true" /> : null}
                    </button>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

/** My calendar: a month of the lives I set reminders for or favourited, and my reminder settings. */
export function CalendarPanel({ today, month, onMonth }: { today: string; month: string; onMonth: (month: string) => void }) {
  const { t } = useTranslation('live');
  const session = useSession();
  const loggedIn = session.status === 'authenticated';
  const query = useLiveCalendar(month, loggedIn);
  const [picked, setPicked] = useState<string | null>(null);

  if (!loggedIn) {
    return (
      <div className="live-empty" data-testid="calendar-login">
        <p>{t('calendar.loginNeeded')}</p>
        <button type="button" className="button button--primary" onClick={() => requireMember(() => undefined)}>
          {t('calendar.login')}
        </button>
      </div>
    );
  }

  const byDay = new Map((query.data?.days ?? []).map((d) => [d.date, d.items]));
  const days = query.data?.days ?? [];
  const shown = picked && picked.startsWith(month) ? days.filter((d) => d.date === picked) : days;

  return (
    <div className="live-calendar" data-testid="live-calendar">
      <div className="live-calendar__side">
      <MonthGrid month={month} today={today} byDay={byDay} picked={picked} onPick={setPicked} onMonth={onMonth} />
      <RemindTypeForm />
      </div>
      <div className="live-calendar__main">
      {query.isPending ? (
        <Skeleton height={160} />
      ) : query.isError ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : shown.length === 0 ? (
        <p className="live-empty" role="status">
          {picked && picked.startsWith(month) ? t('calendar.dayEmpty') : t('calendar.empty')}
        </p>
      ) : (
        shown.map((d) => (
          <section key={d.date} className="live-calendar__list" aria-label={d.date}>
            <h3 className="live-section__title">{d.date}</h3>
            <div className="live-grid">
              {d.items.map((live) => (
                <LiveCard key={live.id} live={live} />
              ))}
            </div>
          </section>
        ))
      )}
      </div>
    </div>
  );
}
