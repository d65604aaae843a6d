import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { LiveMessage, LivePoll, LiveTopicPublic } from '@medportal/contract';
import { liveSocketPath } from '@medportal/contract/routes';
import { getAccessToken } from '../../../shared/session';
import { attendanceKey, invalidateRoom, roomKeys, type MyAttendance, type Polls, type Ppt, type TopicPage } from '../api/live-room';

export type SocketState = 'connecting' | 'open' | 'reconnecting';

const MAX_BACKOFF_MS = 15_000;

/** Puts a question's new state into every cached list of the room (hidden ones leave visible lists). */
/** The server sends a pending question only to its author and moderators: whatever arrives may be shown. */
function applyTopic(qc: QueryClient, liveId: number, topic: LiveTopicPublic) {
  // Keys are ['liveRoom', id, 'topics', who, sort, filter] (api/live-room.ts).
  for (const [key, page] of qc.getQueriesData<TopicPage>({ queryKey: roomKeys.allTopics(liveId) })) {
    if (!page) continue;
    const sort = key[4] === 'new' ? 'new' : 'hot';
    const filter = key[5];
    const existing = page.items.find((t) => t.id === topic.id);
    const fits =
      filter === 'visible' ? topic.status !== 'hidden' : filter === 'all' || filter === topic.status;
    let items = page.items.filter((t) => t.id !== topic.id);
    if (fits) items = sortTopics([{ ...topic, is_like: existing?.is_like ?? false }, ...items], sort);
    const total = page.total + (fits && !existing ? 1 : 0) - (!fits && existing ? 1 : 0);
    qc.setQueryData<TopicPage>(key, { ...page, items, total });
  }
}

/** Lists keep the server's order: pinned first, then likes (hot) or newest. */
function sortTopics(items: TopicPage['items'], sort: 'hot' | 'new'): TopicPage['items'] {
  return [...items].sort((a, b) => Number(b.pinned) - Number(a.pinned) || (sort === 'hot' ? b.like_count - a.like_count : 0) || b.id - a.id);
}

function applyPoll(qc: QueryClient, liveId: number, poll: LivePoll) {
  qc.setQueriesData<Polls>({ queryKey: roomKeys.allPolls(liveId) }, (data) => {
    if (!data) return data;
    const mine = data.items.find((p) => p.id === poll.id)?.my_votes ?? [];
    return { ...data, items: [{ ...poll, my_votes: mine }, ...data.items.filter((p) => p.id !== poll.id)] };
  });
}

/**
 * The room's socket: applies events to the cached queries as they come, reconnects with back-off
 * and resumes with since=<last seq>; a `reset` (too far behind) refetches the room first.
 */
export function useRoomSocket(opts: { liveId: number; enabled: boolean; seq: number | undefined }) {
  const qc = useQueryClient();
  const [state, setState] = useState<SocketState>('connecting');
  const [viewers, setViewers] = useState<number | null>(null);
  const seqRef = useRef<number | undefined>(opts.seq);
  const { liveId, enabled, seq } = opts;
  // The room's seq when it was read: the socket resumes from it. Declared before the socket's
  // effect, so it runs first when both start in one commit.
  useEffect(() => {
    if (seqRef.current === undefined && seq !== undefined) seqRef.current = seq;
  }, [seq]);

  useEffect(() => {
    if (!enabled || typeof WebSocket === 'undefined') return;
    let ws: WebSocket | null = null;
    let attempt = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;

    const connect = () => {
      const params = new URLSearchParams();
      const token = getAccessToken();
      if (token) params.set('access_token', token);
      if (seqRef.current !== undefined) params.set('since', String(seqRef.current));
      const proto = window.location.protocol === 'https:' ? 'wss:' : 'ws:';
      ws = new WebSocket(`${proto}//${window.location.host}${liveSocketPath(liveId)}?${params}`);
      ws.onopen = () => {
        attempt = 0;
        setState('open');
      };
      ws.onmessage = (e: MessageEvent<string>) => {
        const m = JSON.parse(e.data) as LiveMessage;
        handle(m);
      };
      ws.onclose = (e) => {
        ws = null;
        if (stopped) return;
        // Blocked or unknown: the page shows why; nothing to reconnect to.
        if (e.code === 4003 || e.code === 4004) return;
        setState('reconnecting');
        attempt += 1;
        const delay = Math.min(MAX_BACKOFF_MS, 500 * 2 ** Math.min(attempt, 5)) * (0.5 + Math.random() / 2);
        timer = setTimeout(connect, delay);
      };
    };

    const handle = (m: LiveMessage) => {
      switch (m.type) {
        case 'hello':
          if (seqRef.current === undefined) seqRef.current = m.seq;
          setViewers(m.viewers);
          return;
        case 'viewers':
          setViewers(m.count);
          return;
        case 'reset':
          // Too far behind: refetch everything, then follow from the seq the server gave.
          seqRef.current = m.seq;
          void invalidateRoom(qc, liveId);
          return;
        case 'lagging':
          return;
        default:
          break;
      }
      if (seqRef.current !== undefined && m.seq <= seqRef.current) return;
      seqRef.current = m.seq;
      switch (m.type) {
        case 'question':
        case 'answer':
          applyTopic(qc, liveId, m.topic);
          return;
        case 'upvote':
          qc.setQueriesData<TopicPage>({ queryKey: roomKeys.allTopics(liveId) }, (page) =>
            page ? { ...page, items: page.items.map((t) => (t.id === m.topic_id ? { ...t, like_count: m.like_count } : t)) } : page,
          );
          return;
        case 'slide':
          qc.setQueriesData<Ppt>({ queryKey: roomKeys.allPpt(liveId) }, (ppt) => (ppt ? { ...ppt, current: m.index, seq: m.seq } : ppt));
          return;
        case 'poll':
          applyPoll(qc, liveId, m.poll);
          return;
        case 'status':
          void qc.invalidateQueries({ queryKey: roomKeys.allDetail(liveId) });
          return;
        case 'presence':
          // "Still here?": the attendance card prompts while the check is open.
          if (!qc.getQueryData<MyAttendance>(attendanceKey(liveId))) {
            void qc.invalidateQueries({ queryKey: attendanceKey(liveId) });
            return;
          }
          qc.setQueryData<MyAttendance>(attendanceKey(liveId), (a) =>
            a ? { ...a, open_check: { id: m.check_id, live_id: liveId, asked_at: m.asked_at, closes_at: m.closes_at, source: 'moderator', answered: false } } : a,
          );
          return;
      }
    };

    connect();
    return () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      ws?.close(1000);
    };
  }, [liveId, enabled, qc]);

  return { state, viewers };
}
