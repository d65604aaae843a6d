import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { SelectedVideoCard } from '@medportal/contract';
import { paths } from '../../../config/paths';
import { formatDate } from '../../../shared/format/date';
import { useLang } from '../../../shared/hooks/use-lang';
import { formatClock } from '../../../shared/player/format-clock';
import { ErrorState } from '../../../shared/ui/error-state';
import { Image } from '../../../shared/ui/image';
import { Pager } from '../../../shared/ui/pager';
import { Skeleton } from '../../../shared/ui/skeleton';
import { type Source, VIDEO_PAGE_SIZE, type VideoQuery, useVideos } from '../api/selected';

export function VideoCard({ video }: { video: SelectedVideoCard }) {
  const { t } = useTranslation('selected');
  const lang = useLang();
  return (
    <Link to={paths.selectedVideo.getHref(video.channel, video.id)} className="sel-card" data-testid="selected-video">
      <span className="sel-card__media">
        <Image src={video.cover} alt="" />
        <span className={`sel-card__kind sel-card__kind--${video.kind}`}>{t(`kind.${video.kind}`)}</span>
        {video.duration_s > 0 ? <span className="sel-card__duration">{formatClock(video.duration_s)}</span> : null}
      </span>
      <span className="sel-card__body">
        <span className="sel-card__title clamp-2">{video.title}</span>
        <span className="sel-card__speakers clamp-1">{video.speakers.map((s) => s.name).join(' · ')}</span>
        <span className="sel-card__date">{formatDate(video.published_at, lang)}</span>
      </span>
    </Link>
  );
}

export function VideoGridSkeleton({ count = 4 }: { count?: number }) {
  return (
    <ul className="sel-grid" aria-hidden="true">
      {Array.from({ length: count }, (_, i) => (
        <li key={i}>
          <Skeleton height={200} />
        </li>
      ))}
    </ul>
  );
}

export function VideoGrid({ videos }: { videos: SelectedVideoCard[] }) {
  return (
    <ul className="sel-grid">
      {videos.map((v) => (
        <li key={v.id}>
          <VideoCard video={v} />
        </li>
      ))}
    </ul>
  );
}

/** One page of a channel's or album's videos, with its loading, empty and error states and a pager. */
export function PagedVideos({ source, query, onPage, empty }: { source: Source; query: VideoQuery; onPage: (page: number) => void; empty?: string }) {
  const { t } = useTranslation('selected');
  const videos = useVideos(source, query);
  if (videos.isPending) return <VideoGridSkeleton />;
  if (videos.isError) return <ErrorState error={videos.error} onRetry={() => void videos.refetch()} />;
  if (videos.data.total === 0) {
    return (
      <p className="sel-empty" data-testid="selected-empty">
        {empty ?? t('videos.empty')}
      </p>
    );
  }
  return (
    <>
      <VideoGrid videos={videos.data.items} />
      <Pager page={query.page} pageSize={VIDEO_PAGE_SIZE} total={videos.data.total} onChange={onPage} label={t('videos.pager')} />
    </>
  );
}
