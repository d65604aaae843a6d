import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import type { Congress } from '../api/calendar';
import { monthDays } from './congress-dates';

const MAX_PER_DAY = 3;

/** The month as a table of weeks (Monday first), each day naming the congresses on it. */
export function MonthGrid({ month, congresses }: { month: string; congresses: Congress[] }) {
  const { t } = useTranslation('meeting');
  const { days, lead } = monthDays(month);
  const cells: Array<string | null> = [...Array.from({ length: lead }, () => null), ...days];
  while (cells.length % 7) cells.push(null);
  const weeks = Array.from({ length: cells.length / 7 }, (_, i) => cells.slice(i * 7, i * 7 + 7));
  const weekdays = t('grid.weekdays').split(',');
  return (
    <table className="month-grid" data-testid="month-grid">
      <caption className="visually-hidden">{t('grid.caption', { month })}</caption>
      <thead>
        <tr>
          {weekdays.map((d) => (
            <th key={d} scope="col">
              {d}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {weeks.map((week, wi) => (
          <tr key={wi}>
            {week.map((day, di) => {
              if (!day) return <td key={di} className="month-grid__blank" />;
              const on = congresses.filter((c) => c.start_date <= day && day <= c.end_date);
              return (
                <td key={di} className={on.length ? 'month-grid__day month-grid__day--busy' : 'month-grid__day'}>
                  <span className="month-grid__num">{Number(day.slice(8))}</span>
                  {on.length ? (
                    <ul className="month-grid__events">
                      {on.slice(0, MAX_PER_DAY).map((c) => (
                        <li key={c.id}>
                          <Link to={paths.meetingCalendarDetail.getHref(c.id)} tabIndex={c.start_date === day || day.endsWith('-01') ? 0 : -1} title={c.title}>
                            {c.acronym.replace(/ \d{4}$/, '')}
                          </Link>
                        </li>
                      ))}
                      {on.length > MAX_PER_DAY ? <li className="month-grid__more">{t('grid.more', { count: on.length - MAX_PER_DAY })}</li> : null}
                    </ul>
                  ) : null}
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
