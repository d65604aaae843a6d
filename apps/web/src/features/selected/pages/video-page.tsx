import { useTranslation } from 'react-i18next';
import { Link, useOutletContext, useParams } from 'react-router';
import { ErrorCode } from '@medportal/contract/codes';
import { paths } from '../../../config/paths';
import { isApiError } from '../../../shared/api-client';
import { formatDate } from '../../../shared/format/date';
import { useLang } from '../../../shared/hooks/use-lang';
import { ID_MAX } from '../../../shared/page-param';
import { VideoPlayer } from '../../../shared/player';
import { composeTitle, useTitleOverride } from '../../../shared/ui/document-title';
import { ErrorState } from '../../../shared/ui/error-state';
import { usePageMeta } from '../../../shared/ui/page-meta';
import { Skeleton } from '../../../shared/ui/skeleton';
import { type VideoDetail, useVideo } from '../api/selected';
import { VideoGrid } from '../components/video-list';
import type { ChannelContext } from './channel-routes';

function NotFound() {
  const { t } = useTranslation('selected');
  usePageMeta({ status: 404 });
  return (
    <p className="sel-empty" role="status" data-testid="selected-video-not-found">
      {t('video.notFound')}
    </p>
  );
}

function Detail({ video, channelName, onExpired }: { video: VideoDetail; channelName: string; onExpired: () => void }) {
  const { t } = useTranslation('selected');
  const { t: tc } = useTranslation('common');
  const lang = useLang();
  useTitleOverride(composeTitle(`${video.title} - ${channelName}`, tc('productName')));
  return (
    <article className="sel-video">
      <div className="sel-video__main">
        {video.media ? (
          <VideoPlayer key={video.id} src={video.media.hls_url} poster={video.media.poster} subtitles={video.media.subtitles} title={video.title} onExpired={onExpired} />
        ) : (
          <p className="sel-empty">{t('video.noMedia')}</p>
        )}
        <h1 className="sel-video__title" data-testid="selected-video-title">
          {video.title}
        </h1>
        <p className="sel-video__meta">
          <span className={`sel-card__kind sel-card__kind--${video.kind} sel-video__kind`}>{t(`kind.${video.kind}`)}</span>
          <span>{t('video.published', { date: formatDate(video.published_at, lang) })}</span>
        </p>
        <ul className="sel-video__tags">
          {video.tags.map((tag) => (
            <li key={tag.id} className="sel-chip">
              {tag.name}
            </li>
          ))}
        </ul>
        <section className="sel-section">
          <h2 className="sel-section__title">{t('video.summary')}</h2>
          <p>{video.summary}</p>
        </section>
        <section className="sel-section">
          <h2 className="sel-section__title" id="sel-transcript-title">{t('video.transcript')}</h2>
          {/* It scrolls on its own: focusable, so a keyboard can scroll it too. */}
          <div className="sel-transcript" data-testid="selected-transcript" tabIndex={0} role="region" aria-labelledby="sel-transcript-title">
            {video.transcript.split('\n\n').map((para, i) => (
              <p key={i}>{para}</p>
            ))}
          </div>
        </section>
      </div>
      <aside className="sel-video__side">
        <section className="sel-section">
          <h2 className="sel-section__title">{t('video.speakers')}</h2>
          <ul className="sel-speakers">
            {video.speakers.map((s) => (
              <li key={s.name} className="sel-speaker">
                <span className="sel-speaker__avatar" aria-hidden="true">
                  {[...s.name][0]}
                </span>
                <span>
                  <span className="sel-speaker__name">{s.name}</span>
                  <span className="sel-speaker__org">{s.organization}</span>
                </span>
              </li>
            ))}
          </ul>
        </section>
        {video.related.length ? (
          <section className="sel-section">
            <h2 className="sel-section__title">{t('video.related')}</h2>
            <VideoGrid videos={video.related} />
          </section>
        ) : null}
      </aside>
    </article>
  );
}

/** A channel video: the shared player with signed media, speakers, tags, summary, transcript and related videos. */
function VideoPage() {
  const { t } = useTranslation('selected');
  const { slug, home } = useOutletContext<ChannelContext>();
  const raw = useParams().id ?? '';
  const id = /^\d{1,10}$/.test(raw) && Number(raw) <= ID_MAX && Number(raw) > 0 ? Number(raw) : 0;
  const video = useVideo(slug, id || 1);
  return (
    <>
      <p className="sel-back">
        <Link to={paths[slug].getHref()}>{t('video.back')}</Link>
      </p>
      {id === 0 ? (
        <NotFound />
      ) : video.isPending ? (
        <Skeleton height={420} />
      ) : video.isError ? (
        isApiError(video.error) && (video.error.code === ErrorCode.NOT_FOUND || video.error.code === ErrorCode.VALIDATION) ? (
          <NotFound />
        ) : (
          <ErrorState error={video.error} onRetry={() => void video.refetch()} />
        )
      ) : (
        <Detail video={video.data} channelName={home.channel.name} onExpired={() => void video.refetch()} />
      )}
    </>
  );
}

export const Component = VideoPage;
