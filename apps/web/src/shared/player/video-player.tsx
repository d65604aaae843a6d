import { useCallback, useEffect, useId, useRef, useState, useSyncExternalStore, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PLAYBACK_RATES } from '@medportal/contract/constants';
import { attachHls, type AttachedSource, type Level } from './hls-source';
import { formatClock } from './format-clock';
import './player.css';

export interface PlayerSubtitle {
  lang: 'zh' | 'en';
  label: string;
  url: string;
}

/** Why a progress report is sent: on a timer while playing, or when playback stops or the page goes. */
export type ProgressReason = 'start' | 'tick' | 'pause' | 'ended' | 'leave';

export interface PlayerProgress {
  /** Random per player load: heartbeats of one session credit each second once. */
  sessionId: string;
  /** Current position (seconds). */
  position: number;
  /** Seconds of media played in this session so far (seeking adds nothing). */
  played: number;
  reason: ProgressReason;
}

export interface VideoPlayerProps {
  src: string;
  /** Accessible name of the player (the chapter's or live's title). */
  title: string;
  poster?: string | undefined;
  subtitles?: PlayerSubtitle[] | undefined;
  live?: boolean | undefined;
  /** Seconds to start from (resume). */
  startAt?: number | undefined;
  autoPlay?: boolean | undefined;
  /** Called every `progressEveryS` seconds while playing, and on start, pause, end and leaving. */
  onProgress?: ((p: PlayerProgress) => void) | undefined;
  progressEveryS?: number | undefined;
  /** The media server refused the signed link (it expired): fetch a fresh `src`. */
  onExpired?: (() => void) | undefined;
}

/** Behind the live edge by more than this many seconds, the player offers to jump to live. */
const LIVE_EDGE_SLACK_S = 12;

function newSessionId(): string {
  const bytes = new Uint8Array(12);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

const noSubscription = () => () => undefined;
/** Picture-in-picture: a browser feature, absent from a server-rendered page (hydration adds the button). */
const pipAvailable = () => 'pictureInPictureEnabled' in document && document.pictureInPictureEnabled;

/**
 * The video player of courses, lives and recordings: HLS (hls.js loaded with the player, native
 * where the browser plays HLS itself), play/pause, seek, speed, volume, fullscreen,
 * picture-in-picture, quality and subtitle menus, keyboard shortcuts, a live mode, and progress
 * reports for heartbeats.
 */
export function VideoPlayer(props: VideoPlayerProps) {
  const { src, title, poster, subtitles = [], live = false, startAt = 0, autoPlay = false, onProgress, progressEveryS = 15, onExpired } = props;
  const { t } = useTranslation('player');
  const rootRef = useRef<HTMLDivElement>(null);
  const videoRef = useRef<HTMLVideoElement>(null);
  const sourceRef = useRef<AttachedSource | null>(null);
  const ids = useId();
  const [attempt, setAttempt] = useState(0);
  // Without autoplay the stream (hls.js and the first segments) loads when the viewer asks to play:
  // until then the poster and the play button cost no download and no main-thread work.
  const [armed, setArmed] = useState(autoPlay);
  const [status, setStatus] = useState<'idle' | 'loading' | 'ready' | 'error'>(autoPlay ? 'loading' : 'idle');
  const [playing, setPlaying] = useState(false);
  const [waiting, setWaiting] = useState(autoPlay);
  const [time, setTime] = useState(startAt);
  const [duration, setDuration] = useState(0);
  const [volume, setVolume] = useState(1);
  const [muted, setMuted] = useState(false);
  const [rate, setRate] = useState(1);
  const [levels, setLevels] = useState<Level[]>([]);
  const [level, setLevel] = useState(-1);
  const [subtitle, setSubtitle] = useState<string>('off');
  const [behindLive, setBehindLive] = useState(false);
  const [fullscreen, setFullscreen] = useState(false);

  // Progress accounting lives in refs: timeupdate fires several times a second.
  const session = useRef({ id: newSessionId(), played: 0, last: startAt, started: false });
  const onProgressRef = useRef(onProgress);
  const onExpiredRef = useRef(onExpired);
  useEffect(() => {
    onProgressRef.current = onProgress;
    onExpiredRef.current = onExpired;
  });

  const report = useCallback((reason: ProgressReason) => {
    const v = videoRef.current;
    if (!v || !session.current.started) return;
    onProgressRef.current?.({ sessionId: session.current.id, position: v.currentTime, played: session.current.played, reason });
  }, []);

  // Attach the source; a new src (a fresh signed link, another chapter) or a retry re-attaches.
  useEffect(() => {
    const v = videoRef.current;
    if (!v || !armed) return;
    let cancelled = false;
    setStatus('loading');
    setWaiting(true);
    setLevels([]);
    setLevel(-1);
    const resumeAt = session.current.started ? v.currentTime || startAt : startAt;
    attachHls(v, src, resumeAt, live, {
      onLevels: (l) => !cancelled && setLevels(l),
      onFatal: (expired) => {
        if (cancelled) return;
        if (expired && onExpiredRef.current) onExpiredRef.current();
        else setStatus('error');
      },
    })
      .then((source) => {
        if (cancelled) source.destroy();
        else sourceRef.current = source;
      })
      .catch(() => !cancelled && setStatus('error'));
    return () => {
      cancelled = true;
      sourceRef.current?.destroy();
      sourceRef.current = null;
    };
    // startAt and live only matter when a source is attached.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [src, attempt, armed]);

  // A report on a timer while playing; one on leaving (tab hidden, page closing, unmount).
  useEffect(() => {
    if (!playing) return;
    const timer = window.setInterval(() => report('tick'), progressEveryS * 1000);
    return () => window.clearInterval(timer);
  }, [playing, progressEveryS, report]);
  useEffect(() => {
    const leave = () => report('leave');
    const hidden = () => document.visibilityState === 'hidden' && report('leave');
    window.addEventListener('pagehide', leave);
    document.addEventListener('visibilitychange', hidden);
    return () => {
      window.removeEventListener('pagehide', leave);
      document.removeEventListener('visibilitychange', hidden);
      report('leave');
    };
  }, [report]);

  useEffect(() => {
    const onChange = () => setFullscreen(document.fullscreenElement === rootRef.current);
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);

  // Subtitles: at most one track showing, its cues lifted above the control bar.
  useEffect(() => {
    const v = videoRef.current;
    if (!v) return;
    const lift = (e: Event) => {
      for (const cue of Array.from((e.target as TextTrack).activeCues ?? [])) {
        if (cue instanceof VTTCue && cue.snapToLines) {
          cue.snapToLines = false;
          cue.line = 68;
        }
      }
    };
    const tracks = Array.from(v.textTracks);
    for (const track of tracks) {
      track.mode = track.language === subtitle ? 'showing' : 'disabled';
      track.addEventListener('cuechange', lift);
    }
    return () => tracks.forEach((track) => track.removeEventListener('cuechange', lift));
  }, [subtitle, subtitles]);

  const video = () => videoRef.current;
  const togglePlay = () => {
    const v = video();
    if (!v) return;
    if (!armed) {
      // The first play attaches the stream; it starts as soon as it can (this click allows sound).
      v.autoplay = true;
      setArmed(true);
      return;
    }
    if (v.paused || v.ended) void v.play().catch(() => undefined);
    else v.pause();
  };
  const seekTo = (s: number) => {
    const v = video();
    if (!v || live) return;
    v.currentTime = Math.max(0, Math.min(s, (v.duration || duration) - 0.1));
  };
  const changeVolume = (value: number) => {
    const v = video();
    if (!v) return;
    v.volume = Math.max(0, Math.min(1, value));
    v.muted = v.volume === 0;
  };
  const toggleMute = () => {
    const v = video();
    if (v) v.muted = !v.muted;
  };
  const toggleFullscreen = () => {
    const root = rootRef.current;
    if (!root) return;
    if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
    else if (root.requestFullscreen) void root.requestFullscreen().catch(() => undefined);
    else (video() as (HTMLVideoElement & { webkitEnterFullscreen?: () => void }) | null)?.webkitEnterFullscreen?.();
  };
  const togglePip = () => {
    const v = video();
    if (!v) return;
    if (document.pictureInPictureElement) void document.exitPictureInPicture().catch(() => undefined);
    else void v.requestPictureInPicture?.().catch(() => undefined);
  };
  const goLive = () => {
    const v = video();
    const edge = sourceRef.current?.liveEdge();
    if (v && edge != null) v.currentTime = edge;
    if (v?.paused) void v.play().catch(() => undefined);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const target = e.target as HTMLElement;
    if (target.closest('select, input[type="range"]') && e.key !== 'f' && e.key !== 'm' && e.key !== 'k') return;
    const v = video();
    if (!v || e.altKey || e.ctrlKey || e.metaKey) return;
    const onButton = target.closest('button') !== null;
    switch (e.key) {
      case ' ':
        if (onButton) return;
        togglePlay();
        break;
      case 'k':
        togglePlay();
        break;
      case 'ArrowLeft':
        seekTo(v.currentTime - 5);
        break;
      case 'ArrowRight':
        seekTo(v.currentTime + 5);
        break;
      case 'ArrowUp':
        changeVolume(v.volume + 0.1);
        break;
      case 'ArrowDown':
        changeVolume(v.volume - 0.1);
        break;
      case 'f':
        toggleFullscreen();
        break;
      case 'm':
        toggleMute();
        break;
      default:
        return;
    }
    e.preventDefault();
  };

  const pipSupported = useSyncExternalStore(noSubscription, pipAvailable, () => false);
  const shownDuration = duration || 0;

  return (
    // A media player's region takes its keyboard shortcuts (space, arrows, f, m) wherever focus is inside it.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <div
      ref={rootRef}
      className={`player${fullscreen ? ' is-fullscreen' : ''}${playing ? ' is-playing' : ''}`}
      role="region"
      aria-label={t('region', { title })}
      aria-keyshortcuts="Space K ArrowLeft ArrowRight ArrowUp ArrowDown F M"
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- focusable so the shortcuts work before any control has focus
      tabIndex={0}
      onKeyDown={onKeyDown}
      data-status={status}
    >
      {/* Captions are the media's subtitle tracks (mapped below) where it has them. */}
      {/* eslint-disable-next-line jsx-a11y/media-has-caption */}
      <video
        ref={videoRef}
        className="player__video"
        poster={poster}
        playsInline
        preload="metadata"
        autoPlay={autoPlay}
        aria-label={title}
        onClick={togglePlay}
        onPlay={() => setPlaying(true)}
        onPause={() => {
          setPlaying(false);
          report('pause');
        }}
        onEnded={() => {
          setPlaying(false);
          report('ended');
        }}
        onPlaying={() => {
          setWaiting(false);
          setStatus('ready');
          if (!session.current.started) {
            session.current.started = true;
            session.current.last = video()?.currentTime ?? 0;
            report('start');
          }
        }}
        onWaiting={() => setWaiting(true)}
        onCanPlay={() => {
          setWaiting(false);
          setStatus('ready');
        }}
        onLoadedMetadata={(e) => setDuration(Number.isFinite(e.currentTarget.duration) ? e.currentTarget.duration : 0)}
        onDurationChange={(e) => setDuration(Number.isFinite(e.currentTarget.duration) ? e.currentTarget.duration : 0)}
        onTimeUpdate={(e) => {
          const v = e.currentTarget;
          const s = session.current;
          const delta = v.currentTime - s.last;
          // Small forward steps are playback; jumps are seeks and count nothing.
          if (!v.paused && !v.seeking && delta > 0 && delta < 2 * Math.max(1, v.playbackRate)) s.played += delta;
          s.last = v.currentTime;
          setTime(v.currentTime);
          if (live) {
            const edge = sourceRef.current?.liveEdge();
            setBehindLive(edge != null && edge - v.currentTime > LIVE_EDGE_SLACK_S);
          }
        }}
        onSeeked={(e) => {
          session.current.last = e.currentTarget.currentTime;
        }}
        onVolumeChange={(e) => {
          setVolume(e.currentTarget.volume);
          setMuted(e.currentTarget.muted);
        }}
        onRateChange={(e) => setRate(e.currentTarget.playbackRate)}
      >
        {subtitles.map((s) => (
          <track key={s.lang} kind="subtitles" srcLang={s.lang} label={s.label} src={s.url} />
        ))}
      </video>

      {status === 'error' ? (
        <div className="player__overlay" role="alert">
          <p>{t('error')}</p>
          <button type="button" className="button" onClick={() => setAttempt((n) => n + 1)}>
            {t('retry')}
          </button>
        </div>
      ) : waiting && (status === 'loading' || playing) ? (
        <div className="player__overlay player__overlay--quiet" role="status" aria-live="polite">
          <span className="player__spinner" aria-hidden="true" />
          <span className="visually-hidden">{t('loading')}</span>
        </div>
      ) : !playing && (status === 'ready' || status === 'idle') ? (
        <button type="button" className="player__big-play" onClick={togglePlay} aria-label={t('play')}>
          <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <path d="M8 5v14l11-7z" fill="currentColor" />
          </svg>
        </button>
      ) : null}

      <div className="player__controls">
        {live ? null : (
          <input
            className="player__seek"
            type="range"
            min={0}
            max={Math.max(1, Math.floor(shownDuration))}
            step={1}
            value={Math.min(Math.floor(time), Math.floor(shownDuration))}
            onChange={(e) => seekTo(Number(e.currentTarget.value))}
            aria-label={t('seek')}
            aria-valuetext={t('position', { time: formatClock(time), duration: formatClock(shownDuration) })}
          />
        )}
        <div className="player__bar">
          <button type="button" className="player__button" onClick={togglePlay} aria-label={playing ? t('pause') : t('play')}>
            {playing ? (
              <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                <path d="M7 5h4v14H7zM13 5h4v14h-4z" fill="currentColor" />
              </svg>
            ) : (
              <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                <path d="M8 5v14l11-7z" fill="currentColor" />
              </svg>
            )}
          </button>
          {live ? (
            <>
              <span className="player__live-badge">{t('live')}</span>
              {behindLive ? (
                <button type="button" className="player__text-button" onClick={goLive}>
                  {t('goLive')}
                </button>
              ) : null}
            </>
          ) : (
            <span className="player__time" aria-hidden="true">
              {formatClock(time)} / {formatClock(shownDuration)}
            </span>
          )}
          <span className="player__spacer" />
          <button type="button" className="player__button player__mute" onClick={toggleMute} aria-label={muted ? t('unmute') : t('mute')} aria-pressed={muted}>
            <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
              <path d="M4 9v6h4l5 4V5L8 9z" fill="currentColor" />
              {muted ? <path d="M16 9l5 6M21 9l-5 6" stroke="currentColor" strokeWidth="2" /> : <path d="M16 8a5 5 0 010 8" stroke="currentColor" strokeWidth="2" fill="none" />}
            </svg>
          </button>
          <input
            className="player__volume"
            type="range"
            min={0}
            max={100}
            step={5}
            value={muted ? 0 : Math.round(volume * 100)}
            onChange={(e) => changeVolume(Number(e.currentTarget.value) / 100)}
            aria-label={t('volume')}
          />
          {live ? null : (
            <label className="player__menu">
              <span className="visually-hidden">{t('speed')}</span>
              <select
                id={`${ids}-rate`}
                value={String(rate)}
                onChange={(e) => {
                  const v = video();
                  if (v) v.playbackRate = Number(e.currentTarget.value);
                }}
              >
                {PLAYBACK_RATES.map((r) => (
                  <option key={r} value={String(r)}>
                    {`${r}×`}
                  </option>
                ))}
              </select>
            </label>
          )}
          {levels.length > 1 ? (
            <label className="player__menu">
              <span className="visually-hidden">{t('quality')}</span>
              <select
                value={String(level)}
                onChange={(e) => {
                  const index = Number(e.currentTarget.value);
                  setLevel(index);
                  sourceRef.current?.setLevel(index);
                }}
              >
                <option value="-1">{t('auto')}</option>
                {[...levels].sort((a, b) => b.height - a.height).map((l) => (
                  <option key={l.index} value={String(l.index)}>
                    {`${l.height}p`}
                  </option>
                ))}
              </select>
            </label>
          ) : null}
          {subtitles.length ? (
            <label className={`player__menu player__menu--subtitles${subtitle === 'off' ? '' : ' is-on'}`}>
              <span className="visually-hidden">{t('subtitles')}</span>
              {/* Phones: too narrow for the track's name; a CC badge shows whether one is on, the select lies over it. */}
              <span className="player__menu-face" aria-hidden="true">
                CC
              </span>
              <select value={subtitle} onChange={(e) => setSubtitle(e.currentTarget.value)}>
                <option value="off">{t('subtitlesOff')}</option>
                {subtitles.map((s) => (
                  <option key={s.lang} value={s.lang}>
                    {s.label}
                  </option>
                ))}
              </select>
            </label>
          ) : null}
          {pipSupported ? (
            <button type="button" className="player__button player__pip" onClick={togglePip} aria-label={t('pip')}>
              <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                <rect x="3" y="5" width="18" height="14" rx="2" stroke="currentColor" strokeWidth="2" fill="none" />
                <rect x="12" y="11" width="7" height="6" fill="currentColor" />
              </svg>
            </button>
          ) : null}
          <button type="button" className="player__button" onClick={toggleFullscreen} aria-label={fullscreen ? t('exitFullscreen') : t('fullscreen')}>
            <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
              <path d={fullscreen ? 'M9 4v5H4M15 4v5h5M9 20v-5H4M15 20v-5h5' : 'M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5'} stroke="currentColor" strokeWidth="2" fill="none" />
            </svg>
          </button>
        </div>
      </div>
    </div>
  );
}
