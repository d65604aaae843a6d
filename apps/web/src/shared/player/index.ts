/** The shared video player: import it lazily (`lazy(() => import(...))` or a lazy route) so hls.js stays out of other pages. */
export { VideoPlayer, type PlayerProgress, type PlayerSubtitle, type ProgressReason, type VideoPlayerProps } from './video-player';
export { useWatchLog } from './use-watch-log';
export { formatClock } from './format-clock';
