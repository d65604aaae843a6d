import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { LiveStatus } from '@medportal/contract/codes';
import { paths } from '../../../config/paths';
import { errorText } from '../../../shared/errors';
import { formatDateTime } from '../../../shared/format/date';
import { formatMeetingNumber } from '../../../shared/format/meeting-number';
import { useLang } from '../../../shared/hooks/use-lang';
import { loadNamespaces } from '../../../shared/i18n';
import { requireMember, useSession } from '../../../shared/session';
import { HostBackLink, hostRefreshOr } from '../../../shared/host-controls';
import { ShareButton } from '../../../shared/share/share-button';
import { ActionLink } from '../../../shared/ui/action-link';
import { summarize } from '../../../shared/ui/page-meta';
import { useWechatShare } from '../../../shared/wechat-jssdk';
import { announce } from '../../../shared/ui/announcer';
import { ErrorState } from '../../../shared/ui/error-state';
import { NotFoundPage } from '../../../shared/ui/not-found-page';
import { Skeleton } from '../../../shared/ui/skeleton';
import { isMissing, type LiveRoomDetail, pollsQueryOptions, pptQueryOptions, roomKeys, useAccessCode, useLiveDetail, useRemind, useSetSlide, useSign } from '../api/live-room';
import { AgendaPanel } from '../components/agenda-panel';
import { AttendanceCard } from '../components/attendance-card';
import { ModeratorPanel } from '../components/moderator-panel';
import { PlayerSlot } from '../components/player-slot';
import { SpeakerList } from '../components/speaker-list';
import { PollCard } from '../components/poll-card';
import { QaPanel } from '../components/qa-panel';
import { SlidesPanel } from '../components/slides-panel';
import { downloadIcs, liveIcs } from '../lib/ics';
import { useRoomSocket } from '../lib/room-socket';
import '../live-room.css';
import { CreditPanel } from '../../../shared/credit/credit-panel';

export async function loader() {
  await loadNamespaces('liveRoom', 'player', 'pages');
  return null;
}

/** Counts down to the start; at zero the room refetches and turns live without a reload. */
function Countdown({ to, onDone }: { to: string; onDone: () => void }) {
  const { t } = useTranslation('liveRoom');
  const [now, setNow] = useState(() => Date.now());
  const left = Math.max(0, Date.parse(to) - now);
  useEffect(() => {
    if (left <= 0) {
      onDone();
      return;
    }
    const timer = setTimeout(() => setNow(Date.now()), 1000);
    return () => clearTimeout(timer);
  }, [left, now, onDone]);
  const s = Math.floor(left / 1000);
  const parts = { d: Math.floor(s / 86400), h: Math.floor((s % 86400) / 3600), m: Math.floor((s % 3600) / 60), s: s % 60 };
  return (
    <p className="lr-countdown" data-testid="countdown" aria-live="off">
      {t('before.startsIn')}{' '}
      <strong>{parts.d > 0 ? t('before.days', { count: parts.d }) : ''} {String(parts.h).padStart(2, '0')}:{String(parts.m).padStart(2, '0')}:{String(parts.s).padStart(2, '0')}</strong>
    </p>
  );
}

function AccessCodeForm({ liveId }: { liveId: number }) {
  const { t } = useTranslation('liveRoom');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = useAccessCode(liveId);
  return (
    <section className="lr-card lr-code" aria-labelledby="lr-code-title">
      <h2 id="lr-code-title">{t('access.title')}</h2>
      <p className="lr-muted">{t('access.hint')}</p>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          setError(null);
          submit.mutate(code.trim(), { onError: (err) => setError(errorText(err)) });
        }}
      >
        <label className="visually-hidden" htmlFor="lr-code">
          {t('access.label')}
        </label>
        <input
          id="lr-code"
          value={code}
          onChange={(e) => setCode(e.target.value)}
          placeholder={t('access.label')}
          autoComplete="off"
          maxLength={32}
          required
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'lr-code-error' : undefined}
        />
        <button type="submit" className="button button--primary" disabled={submit.isPending || code.trim() === ''}>
          {t('access.submit')}
        </button>
      </form>
      {error ? (
        <p role="alert" id="lr-code-error" className="lr-notice">
          {error}
        </p>
      ) : null}
    </section>
  );
}

function Header({ live }: { live: LiveRoomDetail }) {
  const { t } = useTranslation('liveRoom');
  const lang = useLang();
  return (
    <header className="lr-head">
      <div>
        <h1 className="lr-title">{live.title}</h1>
        {live.sub_title ? <p className="lr-sub">{live.sub_title}</p> : null}
        <p className="lr-meta">
          <span className={`badge lr-status lr-status--${live.live_status}`} data-testid="live-status" data-status={live.live_status}>
            {live.live_status_text}
          </span>
          {/* A recorded meeting says so to everyone in its room before and while it runs. */}
          {live.is_meeting && live.recording === 'auto' && (live.live_status === LiveStatus.UPCOMING || live.live_status === LiveStatus.LIVE) ? (
            <span className="badge lr-recording" data-testid="live-recording">
              {t('meta.recorded')}
            </span>
          ) : null}
          <span>
            {formatDateTime(live.start_at, lang)} – {formatDateTime(live.end_at, lang)}
          </span>
          <span data-testid="live-meeting-no">
            {t('meta.meetingNo')} {formatMeetingNumber(live.meeting_no)}
          </span>
          {live.organizer ? <span>{live.organizer.name}</span> : null}
        </p>
      </div>
    </header>
  );
}

/** `/w/o/live/{id}`: the live room, before, during and after the live; moderators get their panel. */
export function LiveRoomPage() {
  const { t } = useTranslation('liveRoom');
  const lang = useLang();
  // Re-render on login and logout: the room answers depend on who asks.
  const session = useSession();
  const member = session.status === 'authenticated' || session.token !== null;
  const id = Number(useParams().id);
  const qc = useQueryClient();
  const detail = useLiveDetail(id);
  const live = detail.data;
  const open = live !== undefined && live.blocked === null;
  const ppt = useQuery({ ...pptQueryOptions(id, lang), enabled: open });
  const polls = useQuery({ ...pollsQueryOptions(id), enabled: open });
  const sign = useSign(id);
  const remind = useRemind(id);
  const setSlide = useSetSlide(id);
  const socket = useRoomSocket({ liveId: id, enabled: open, seq: live?.seq });
  const shareDesc = (l: LiveRoomDetail) => summarize(l.sub_title) || formatDateTime(l.start_at, lang);
  useWechatShare(live ? { title: live.title, desc: shareDesc(live), image: live.banner } : null);

  // Scheduled end: refetch at that moment so the page moves on without a reload.
  useEffect(() => {
    if (!live || live.live_status !== LiveStatus.LIVE) return;
    const ms = Date.parse(live.end_at) - Date.now();
    if (ms <= 0 || ms > 2 ** 31 - 1) return;
    const timer = setTimeout(() => void qc.invalidateQueries({ queryKey: roomKeys.all(id) }), ms + 500);
    return () => clearTimeout(timer);
  }, [live, id, qc]);

  if (!Number.isInteger(id) || id <= 0) return <NotFoundPage />;
  if (detail.isPending) {
    return (
      <div className="lr-page">
        <Skeleton height={320} />
      </div>
    );
  }
  // A missing item is the 404 page (answered 404 by the server), not a failure to retry.
  if (detail.isError && isMissing(detail.error)) return <NotFoundPage />;
  if (detail.isError) return <ErrorState error={detail.error} onRetry={hostRefreshOr(() => void detail.refetch())} />;
  const d = detail.data;
  const pageUrl = `${window.location.origin}${paths.liveRoom.getHref(id)}`;
  const latestPoll = polls.data?.items[0];
  const upcoming = d.live_status === LiveStatus.UPCOMING;
  const ended = d.live_status === LiveStatus.ENDED || d.live_status === LiveStatus.REPLAY;

  return (
    <div className="lr-page" data-testid="live-room">
      <nav className="lr-nav">
        <HostBackLink to={d.is_meeting ? paths.myMeeting.getHref() : paths.live.getHref()}>‹ {t(d.is_meeting ? 'nav.backMeetings' : 'nav.back')}</HostBackLink>
        <div className="lr-nav__end">
          {open && !ended ? (
            <span className="lr-viewers" data-testid="viewer-count" data-socket={socket.state}>
              {t('viewers', { count: socket.viewers ?? d.viewer_count })}
              {socket.state === 'reconnecting' ? ` · ${t('reconnecting')}` : ''}
            </span>
          ) : null}
          <ShareButton kind="live" id={d.id} title={d.title} desc={shareDesc(d)} path={paths.liveRoom.getHref(d.id)} image={d.banner} className="button lr-share" />
        </div>
      </nav>
      <Header live={d} />
      <div className="lr-grid">
        <div className="lr-main">
          <PlayerSlot
            media={d.media}
            reason={d.media_unavailable}
            poster={d.banner}
            title={d.title}
            watch={{ module: d.media?.live === false ? 'vod' : 'live', liveId: d.id }}
            onExpired={() => void detail.refetch()}
            attendLiveId={d.live_status === LiveStatus.LIVE ? d.id : undefined}
          />
          {upcoming ? (
            <div className="lr-card lr-before">
              <Countdown to={d.start_at} onDone={() => void qc.invalidateQueries({ queryKey: roomKeys.all(id) })} />
              <div className="lr-actions">
                <button type="button" className="button button--primary" aria-pressed={d.is_remind} onClick={() => requireMember(() => remind.mutate(!d.is_remind, { onSuccess: () => announce(d.is_remind ? t('before.remindCleared') : t('before.remindSet')) }))}>
                  {d.is_remind ? t('before.reminded') : t('before.remind')}
                </button>
                <button type="button" className="button" onClick={() => downloadIcs(`live-${d.id}.ics`, liveIcs(d, pageUrl))}>
                  {t('before.calendar')}
                </button>
              </div>
            </div>
          ) : null}
          {ended ? (
            <section className="lr-card lr-after" data-testid="after-live" data-replay={d.recording_id ? 'ready' : 'preparing'}>
              <h2>{t('after.title')}</h2>
              {d.recording_id ? (
                <Link className="button button--primary" to={paths.vod.getHref(d.recording_id)}>
                  {t('after.watchReplay')}
                </Link>
              ) : (
                <p className="lr-muted">{t('after.preparing')}</p>
              )}
            </section>
          ) : null}
          {d.buttons.length > 0 ? (
            <div className="lr-buttons lr-order-end">
              {d.buttons.map((b) => (
                <ActionLink key={b.id} action={b.action} className="button">
                  {b.title}
                </ActionLink>
              ))}
            </div>
          ) : null}
          <AgendaPanel liveId={d.id} />
          {open && !ended && (d.requires.sign_in || d.live_status === LiveStatus.LIVE) ? (
            <div className="lr-card lr-sign">
              {d.signed_in ? (
                <p data-testid="signed-in">{t('sign.done', { time: formatDateTime(d.signed_at ?? d.start_at, lang) })}</p>
              ) : (
                <button type="button" className="button button--primary" onClick={() => requireMember(() => sign.mutate(undefined))}>
                  {t('sign.button')}
                </button>
              )}
              <span className="lr-muted">{t('sign.count', { count: d.sign_count })}</span>
            </div>
          ) : null}
          {open && ppt.data ? <SlidesPanel ppt={ppt.data} {...(d.is_moderator ? { onSelect: (i: number) => setSlide.mutate(i) } : {})} /> : null}
          <SpeakerList speakers={d.speakers} />
        </div>
        <aside className="lr-side">
          <CreditPanel kind="live" id={d.id} />
          {d.blocked === 'login' ? (
            <div className="lr-card lr-sign">
              <p>{t('access.login')}</p>
              <button type="button" className="button button--primary" onClick={() => requireMember(() => undefined)}>
                {t('access.loginButton')}
              </button>
            </div>
          ) : null}
          {d.blocked === 'access_code' ? <AccessCodeForm liveId={id} /> : null}
          {open && d.is_moderator ? <ModeratorPanel live={d} polls={polls.data} /> : null}
          {open && member && !upcoming && !d.is_moderator ? <AttendanceCard liveId={id} onAir={d.live_status === LiveStatus.LIVE} /> : null}
          {open && latestPoll ? <PollCard key={latestPoll.id} liveId={id} poll={latestPoll} /> : null}
          {open ? <QaPanel liveId={id} canAsk={!ended} moderated={d.moderated} /> : null}
        </aside>
      </div>
    </div>
  );
}

export const Component = LiveRoomPage;
