import { formatDate } from '../../../shared/format/date';
import { useTimeZoneName } from '../../../shared/format/timezone';
import { countryName, dateRange } from '../../../shared/format/event';
import { Highlight } from '../../../shared/format/highlight';
import { useLang } from '../../../shared/hooks/use-lang';
import { ActionLink } from '../../../shared/ui/action-link';
import { Image } from '../../../shared/ui/image';
import type { SearchResultItem } from '../api/search';

/**
 * One hit: cover, title and summary with the searched terms marked, module tag and date (a
 * congress: its days and city). The first
 * hit's cover is usually the largest thing on the first screen: it loads at once (`priority`).
 */
export function ResultCard({ item, terms, priority = false }: { item: SearchResultItem; terms: readonly string[]; priority?: boolean }) {
  const lang = useLang();
  const zone = useTimeZoneName();
  return (
    <li className={`search-result search-result--${item.module}`}>
      <ActionLink action={item.action} className="search-result__link">
        <span className="search-result__media">
          <Image src={item.cover} alt="" priority={priority} />
        </span>
        <span className="search-result__body">
          <span className="search-result__title clamp-2">
            <Highlight text={item.title} terms={terms} />
          </span>
          {item.summary ? (
            <span className="search-result__summary clamp-2">
              <Highlight text={item.summary} terms={terms} />
            </span>
          ) : null}
          <span className="search-result__meta">
            {item.tag ? (
              <span className="search-result__tag" style={{ backgroundColor: item.tag_bg_color || undefined }}>
                {item.tag}
              </span>
            ) : null}
            {item.event ? (
              <>
                <time dateTime={item.event.start_date}>{dateRange(item.event.start_date, item.event.end_date)}</time>
                <span className="search-result__place">{[item.event.city, countryName(item.event.country, lang)].filter(Boolean).join(', ')}</span>
              </>
            ) : item.published_at ? (
              <time dateTime={item.published_at}>{formatDate(item.published_at, lang, zone)}</time>
            ) : null}
          </span>
        </span>
      </ActionLink>
    </li>
  );
}
