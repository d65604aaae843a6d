import { useTranslation } from 'react-i18next';
import type { Course, LiveItem, NewsItem, PaperCard } from '@medportal/contract';
import { LiveStatus } from '@medportal/contract/codes';
import { learnCountText } from '../../../shared/format/count';
import { formatDate, formatDateTime } from '../../../shared/format/date';
import { useTimeZoneName } from '../../../shared/format/timezone';
import { linkifyDoi } from '../../../shared/format/doi';
import { useLang } from '../../../shared/hooks/use-lang';
import { ActionLink } from '../../../shared/ui/action-link';
import { Image } from '../../../shared/ui/image';
import { Price } from '../../../shared/ui/price';

/** Cards of a topic's content lists: one per module, all opening through the item's action. */

export function CourseItem({ course }: { course: Course }) {
  const { t } = useTranslation('common');
  const lang = useLang();
  return (
    <ActionLink action={course.action} className="topic-card">
      <span className="topic-card__media">
        <Image src={course.cover} alt="" />
      </span>
      <span className="topic-card__body">
        <span className="topic-card__title clamp-2">{course.title}</span>
        <span className="topic-card__meta">
          <span>{t('learnCount', { count: learnCountText(course, lang) })}</span>
          <Price course={course} />
        </span>
      </span>
    </ActionLink>
  );
}

export function LiveCard({ live }: { live: LiveItem }) {
  const lang = useLang();
  const zone = useTimeZoneName();
  return (
    <ActionLink action={live.action} className="topic-card">
      <span className="topic-card__media">
        <Image src={live.banner} alt="" />
        <span className={`topic-card__badge${live.live_status === LiveStatus.LIVE ? ' topic-card__badge--live' : ''}`}>{live.live_status_text}</span>
      </span>
      <span className="topic-card__body">
        <span className="topic-card__title clamp-2">{live.title}</span>
        <span className="topic-card__meta">
          <time dateTime={live.start_at}>{formatDateTime(live.start_at, lang, zone)}</time>
        </span>
      </span>
    </ActionLink>
  );
}

export function NewsCard({ item }: { item: NewsItem }) {
  const lang = useLang();
  const zone = useTimeZoneName();
  return (
    <ActionLink action={item.action} className="topic-row">
      <Image src={item.cover} alt="" className="topic-row__image" />
      <span className="topic-row__body">
        <span className="topic-card__title clamp-2">{item.title}</span>
        {item.description ? <span className="topic-row__desc clamp-2">{item.description}</span> : null}
        <time className="topic-card__meta" dateTime={item.published_at}>
          {formatDate(item.published_at, lang, zone)}
        </time>
      </span>
    </ActionLink>
  );
}

/** A paper: title opening its page, journal, DOI link and a clamped abstract. */
export function PaperItem({ paper }: { paper: PaperCard }) {
  const { t } = useTranslation('topic');
  return (
    <article className="paper-item">
      <h3 className="paper-item__title">
        <ActionLink action={paper.action}>{paper.title}</ActionLink>
      </h3>
      <p className="paper-item__meta">
        {paper.full_journal ? <cite>{paper.full_journal}</cite> : null}
        {paper.doi ? (
          <span className="paper-item__doi">
            <abbr title={t('paper.doiTitle')}>DOI</abbr> {linkifyDoi(paper.doi)}
          </span>
        ) : null}
      </p>
      {paper.abstract ? <p className="paper-item__abstract clamp-3">{paper.abstract}</p> : null}
    </article>
  );
}
