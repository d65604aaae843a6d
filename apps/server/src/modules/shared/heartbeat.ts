import { LEARN_MAX_RATE } from '@medportal/contract';

/** Tolerance (seconds) for heartbeats that arrive a little sooner than the time they report. */
export const HEARTBEAT_SLACK_S = 1;

/** What the server keeps of the last accepted heartbeat of a (user, item). */
export interface BeatState {
  sessionId: string;
  sessionPlayedS: number;
  lastBeatAt: Date;
}

export interface Beat {
  sessionId: string;
  /** Whole seconds played in the session so far. */
  playedS: number;
}

/**
 * How much a heartbeat credits (decision record 0023). A new session only sets the baseline (its
 * earlier play was seen by no heartbeat the server can time). In a known session the credit is
 * what was played since the last heartbeat, capped by the wall-clock time since it × the fastest
 * playback rate; a heartbeat that reports nothing new (a retry, a late duplicate) changes nothing.
 */
export function creditFor(state: BeatState | null, beat: Beat, now: Date): { accept: boolean; credit: number } {
  if (!state || state.sessionId !== beat.sessionId) return { accept: true, credit: 0 };
  const delta = beat.playedS - state.sessionPlayedS;
  if (delta <= 0) return { accept: false, credit: 0 };
  const elapsedS = Math.max(0, (now.getTime() - state.lastBeatAt.getTime()) / 1000);
  // The slack rounds a second of wall time; heartbeats in the same second get none, or each copy
  // sent at once would add one (a race's total then depended on the order of the copies).
  const slack = elapsedS >= 1 ? HEARTBEAT_SLACK_S : 0;
  return { accept: true, credit: Math.max(0, Math.min(delta, Math.floor(elapsedS * LEARN_MAX_RATE) + slack)) };
}

/** Attempts of a compare-and-set before giving up on a row many heartbeats fight over. */
export const CAS_ATTEMPTS = 8;
