import type { NewsItem } from '@medportal/contract';
import { formatDate } from '../../../shared/format/date';
import { useTimeZoneName } from '../../../shared/format/timezone';
import { useLang } from '../../../shared/hooks/use-lang';
import { ActionLink } from '../../../shared/ui/action-link';
import { Image } from '../../../shared/ui/image';

/** A news row: cover, title, description and date. */
export function NewsItemCard({ item }: { item: NewsItem }) {
  const lang = useLang();
  const zone = useTimeZoneName();
  return (
    <ActionLink action={item.action} className="card news-card">
      <span className="card__media news-card__media">
        <Image src={item.cover} alt="" className="card__image" />
      </span>
      <span className="card__body">
        <span className="card__title">{item.title}</span>
        {item.description ? <span className="card__desc clamp-2">{item.description}</span> : null}
        <span className="card__meta">
          {item.category ? <span className="tag">{item.category.title}</span> : null}
          <time dateTime={item.published_at}>{formatDate(item.published_at, lang, zone)}</time>
        </span>
      </span>
    </ActionLink>
  );
}
