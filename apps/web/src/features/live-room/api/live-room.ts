import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { DataOf, LiveEvent, LivePollMine, LiveRoomDetail, LiveTopic } from '@medportal/contract';
import { ErrorCode } from '@medportal/contract/codes';
import { api, isApiError } from '../../../shared/api-client';
import { useLang } from '../../../shared/hooks/use-lang';
import type { Lang } from '../../../shared/i18n';
import { isLoggedIn, useSession } from '../../../shared/session';

export type { LiveRoomDetail, LiveTopic, LivePollMine, LiveEvent };
export type TopicSort = 'hot' | 'new';
export type TopicFilter = 'visible' | 'pending' | 'hidden' | 'all';
export type TopicPage = DataOf<'liveTopicList'>;
export type Ppt = DataOf<'livePpt'>;
export type Polls = DataOf<'livePolls'>;
export type Recording = DataOf<'recordingDetail'>;

/** Answers depend on who asks (role, own questions, votes): members and visitors are cached apart. */
const who = () => (isLoggedIn() ? 'member' : 'visitor');
const TOPIC_PAGE_SIZE = 50;

export const roomKeys = {
  all: (id: number) => ['liveRoom', id] as const,
  detail: (id: number, lang: Lang) => ['liveRoom', id, 'detail', lang, who()] as const,
  topics: (id: number, sort: TopicSort, filter: TopicFilter) => ['liveRoom', id, 'topics', who(), sort, filter] as const,
  ppt: (id: number, lang: Lang) => ['liveRoom', id, 'ppt', lang, who()] as const,
  polls: (id: number) => ['liveRoom', id, 'polls', who()] as const,
  signs: (id: number) => ['liveRoom', id, 'signs'] as const,
  attendance: (id: number) => ['liveRoom', id, 'attendance'] as const,
  presenceSchedule: (id: number) => ['liveRoom', id, 'presenceSchedule'] as const,
  agenda: (id: number, lang: Lang) => ['liveRoom', id, 'agenda', lang] as const,
  relatedCourses: (id: number, lang: Lang) => ['liveRoom', id, 'relatedCourses', lang] as const,
  /** Prefixes the live socket patches (every sort and viewer of the room's topics, polls, slides). */
  allTopics: (id: number) => ['liveRoom', id, 'topics'] as const,
  allPolls: (id: number) => ['liveRoom', id, 'polls'] as const,
  allPpt: (id: number) => ['liveRoom', id, 'ppt'] as const,
  allDetail: (id: number) => ['liveRoom', id, 'detail'] as const,
  recording: (id: number, lang: Lang) => ['recording', id, lang] as const,
};

export const liveDetailQueryOptions = (id: number, lang: Lang) =>
  queryOptions({ queryKey: roomKeys.detail(id, lang), queryFn: ({ signal }) => api.call('liveDetail', { params: { id }, signal }) });

export const topicsQueryOptions = (id: number, sort: TopicSort, filter: TopicFilter = 'visible') =>
  queryOptions({
    queryKey: roomKeys.topics(id, sort, filter),
    queryFn: ({ signal }) => api.call('liveTopicList', { params: { id }, query: { sort, status: filter, page: 1, page_size: TOPIC_PAGE_SIZE }, signal }),
  });

export const pptQueryOptions = (id: number, lang: Lang) =>
  queryOptions({ queryKey: roomKeys.ppt(id, lang), queryFn: ({ signal }) => api.call('livePpt', { params: { id }, signal }) });

export const pollsQueryOptions = (id: number) =>
  queryOptions({ queryKey: roomKeys.polls(id), queryFn: ({ signal }) => api.call('livePolls', { params: { id }, signal }) });

export const recordingQueryOptions = (id: number, lang: Lang) =>
  queryOptions({ queryKey: roomKeys.recording(id, lang), queryFn: ({ signal }) => api.call('recordingDetail', { params: { id }, signal }) });

/** The live or recording does not exist (or the id cannot be one): the 404 page, not a retry. */
export const isMissing = (error: unknown): boolean =>
  isApiError(error) && (error.code === ErrorCode.NOT_FOUND || error.code === ErrorCode.VALIDATION || error.status === 404);

export function useLiveDetail(id: number) {
  const lang = useLang();
  useSession();
  return useQuery(liveDetailQueryOptions(id, lang));
}

export function useRoomQuery<T>(options: ReturnType<typeof queryOptions<T>>, enabled: boolean) {
  return useQuery({ ...options, enabled } as Parameters<typeof useQuery<T>>[0]);
}

export function useRecording(id: number) {
  const lang = useLang();
  return useQuery(recordingQueryOptions(id, lang));
}

export const signsQueryOptions = (id: number) =>
  queryOptions({ queryKey: roomKeys.signs(id), queryFn: ({ signal }) => api.call('liveSignList', { params: { id }, query: { page: 1, page_size: 50 }, signal }) });

/** Any change of the room's state: refetch what the page shows (after a reset or a mutation). */
export const invalidateRoom = (qc: QueryClient, id: number) => qc.invalidateQueries({ queryKey: roomKeys.all(id) });

function useRoomMutation<V, R>(id: number, fn: (v: V) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => invalidateRoom(qc, id) });
}

export const useAsk = (id: number) => useRoomMutation(id, (content: string) => api.call('liveTopicStore', { params: { id }, body: { content } }));
export const useLike = (id: number) =>
  useRoomMutation(id, (v: { topicId: number; on: boolean }) => api.call('liveTopicLike', { params: { topic_id: v.topicId }, body: { status: v.on ? 1 : 2 } }));
export const useSign = (id: number) => useRoomMutation(id, () => api.call('liveSign', { params: { id } }));
export const useAccessCode = (id: number) => useRoomMutation(id, (code: string) => api.call('liveAccessCode', { params: { id }, body: { code } }));
export const useVote = (id: number) =>
  useRoomMutation(id, (v: { pollId: number; optionIds: number[] }) => api.call('livePollVote', { params: { poll_id: v.pollId }, body: { option_ids: v.optionIds } }));
export const useRemind = (id: number) => useRoomMutation(id, (on: boolean) => api.call('liveRemind', { params: { id }, body: { status: on ? 1 : 2 } }));

// Moderator actions
export const useModerate = (id: number) =>
  useRoomMutation(id, (v: { topicId: number; action: 'approve' | 'hide' | 'pin' | 'unpin' }) => api.call('liveTopicModerate', { params: { topic_id: v.topicId }, body: { action: v.action } }));
export const useAnswer = (id: number) =>
  useRoomMutation(id, (v: { topicId: number; answer: string }) => api.call('liveTopicAnswer', { params: { topic_id: v.topicId }, body: { answer: v.answer } }));
export const useSetSlide = (id: number) => useRoomMutation(id, (index: number) => api.call('liveSlideSet', { params: { id }, body: { index } }));
export const useCreatePoll = (id: number) =>
  useRoomMutation(id, (v: { question: string; options: string[]; multiple: boolean }) => api.call('livePollCreate', { params: { id }, body: v }));
export const useClosePoll = (id: number) => useRoomMutation(id, (pollId: number) => api.call('livePollClose', { params: { poll_id: pollId } }));
export const useSetStatus = (id: number) => useRoomMutation(id, (action: 'start' | 'end' | 'replay') => api.call('liveStatusSet', { params: { id }, body: { action } }));

// Attendance (decision record 0053): my minutes and presence checks, the player's beats.
export type MyAttendance = DataOf<'attendMine'>;
export const attendanceKey = roomKeys.attendance;
export const attendanceQueryOptions = (id: number) =>
  queryOptions({ queryKey: attendanceKey(id), queryFn: ({ signal }) => api.call('attendMine', { params: { id }, signal }) });

export function useAnswerPresence(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (checkId: number) => api.call('presenceAnswer', { params: { check_id: checkId } }),
    onSettled: () => qc.invalidateQueries({ queryKey: attendanceKey(id) }),
  });
}
export const useAskPresence = (id: number) => useRoomMutation(id, () => api.call('presenceAsk', { params: { id }, body: {} }));

/** One beat of the live's attendance: whether the player plays in a visible page now. */
export const attendBeat = (id: number, body: { session_id: string; playing: boolean; visible: boolean }) =>
  api.call('attendBeat', { params: { id }, body }).catch(() => undefined);

export const presenceScheduleQueryOptions = (id: number) =>
  queryOptions({ queryKey: roomKeys.presenceSchedule(id), queryFn: ({ signal }) => api.call('presenceScheduleGet', { params: { id }, signal }) });
export const useSetPresenceSchedule = (id: number) =>
  useRoomMutation(id, (everyMin: number) => api.call('presenceSchedule', { params: { id }, body: { every_min: everyMin } }));

export type LiveAgenda = DataOf<'liveAgenda'>;
export type LiveRelatedCourses = DataOf<'liveRelatedCourses'>;

/** The agenda and related courses load when their panel first opens. */
export const useLiveAgenda = (id: number, enabled: boolean) => {
  const lang = useLang();
  return useQuery({
    queryKey: roomKeys.agenda(id, lang),
    queryFn: ({ signal }) => api.call('liveAgenda', { params: { id }, signal }),
    enabled,
  });
};
export const useLiveRelatedCourses = (id: number, enabled: boolean) => {
  const lang = useLang();
  return useQuery({
    queryKey: roomKeys.relatedCourses(id, lang),
    queryFn: ({ signal }) => api.call('liveRelatedCourses', { params: { id }, query: { limit: 8 }, signal }),
    enabled,
  });
};
