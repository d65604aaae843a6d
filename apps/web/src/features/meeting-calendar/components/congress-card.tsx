import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { useLang } from '../../../shared/hooks/use-lang';
import { Image } from '../../../shared/ui/image';
import type { Congress } from '../api/calendar';
import { countryName, dateRange } from './congress-dates';

/** One congress in a list: logo, name, dates, place, field and how it is attended. */
export function CongressCard({ congress: c, onRemove }: { congress: Congress; onRemove?: (c: Congress) => void }) {
  const { t } = useTranslation('meeting');
  const lang = useLang();
  return (
    <li className="congress-card" data-testid="congress-card" data-id={c.id} data-field={c.field}>
      <Image className="congress-card__logo" src={c.logo} alt="" width={64} height={64} />
      <div className="congress-card__body">
        <h2 className="congress-card__title">
          <Link to={paths.meetingCalendarDetail.getHref(c.id)}>
            <span className="congress-card__acronym">{c.acronym}</span> {c.title}
          </Link>
        </h2>
        <p className="congress-card__meta">
          <time dateTime={c.start_date}>{dateRange(c.start_date, c.end_date)}</time>
          <span>
            {c.city}, {countryName(c.country, lang)}
          </span>
          <span className="congress-card__tag">{c.field_name}</span>
          <span className={`congress-card__tag congress-card__tag--${c.mode}`}>{t(`mode.${c.mode}`)}</span>
          {c.is_favorite ? <span className="congress-card__fav">{t('card.favorite')}</span> : null}
        </p>
        <p className="congress-card__organizer">{c.organizer}</p>
      </div>
      {onRemove ? (
        <button type="button" className="button congress-card__remove" onClick={() => onRemove(c)}>
          {t('collect.remove')}
          <span className="visually-hidden"> {c.acronym}</span>
        </button>
      ) : null}
    </li>
  );
}
