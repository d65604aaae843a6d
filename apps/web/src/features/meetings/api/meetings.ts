import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { BodyOf, DataOf } from '@medportal/contract';
import { api } from '../../../shared/api-client';
import { useLang } from '../../../shared/hooks/use-lang';

export type Meeting = DataOf<'meetingCreate'>;
export type MeetingPage = DataOf<'meetingIndex'>;
export type MeetingTab = 'upcoming' | 'live' | 'ended';
export type MeetingJoinInfo = DataOf<'meetingByNumber'>;
export type MeetingDepartments = DataOf<'meetingDepartment'>['items'];

export const MEETING_TABS = ['upcoming', 'live', 'ended'] as const satisfies readonly MeetingTab[];
export const PAGE_SIZE = 10;

export const meetingKeys = {
  all: ['meeting'] as const,
  list: (lang: string, tab: MeetingTab, page: number) => ['meeting', 'index', lang, tab, page] as const,
  detail: (lang: string, id: number) => ['meeting', 'detail', lang, id] as const,
  departments: (lang: string) => ['meeting', 'departments', lang] as const,
  byNumber: (lang: string, no: string) => ['meeting', 'by-number', lang, no] as const,
};

export const useMyMeetings = (tab: MeetingTab, page: number) => {
  const lang = useLang();
  return useQuery({
    queryKey: meetingKeys.list(lang, tab, page),
    queryFn: ({ signal }) => api.call('meetingIndex', { query: { status: tab, page: String(page), page_size: String(PAGE_SIZE) }, signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
};

export const useMeeting = (id: number | null) => {
  const lang = useLang();
  return useQuery({
    queryKey: meetingKeys.detail(lang, id ?? 0),
    queryFn: ({ signal }) => api.call('meetingDetail', { params: { id: id ?? 0 }, signal }),
    enabled: id !== null,
    staleTime: 0,
  });
};

export const useMeetingDepartments = () => {
  const lang = useLang();
  return useQuery({
    queryKey: meetingKeys.departments(lang),
    queryFn: ({ signal }) => api.call('meetingDepartment', { signal }),
    staleTime: 10 * 60_000,
  });
};

export const useMeetingByNumber = (no: string | null) => {
  const lang = useLang();
  return useQuery({
    queryKey: meetingKeys.byNumber(lang, no ?? ''),
    queryFn: ({ signal }) => api.call('meetingByNumber', { params: { number: no ?? '' }, signal }),
    enabled: no !== null,
    staleTime: 0,
    retry: false,
  });
};

export const createMeeting = (body: BodyOf<'meetingCreate'>) => api.call('meetingCreate', { body });
export const updateMeeting = (id: number, body: BodyOf<'meetingUpdate'>) => api.call('meetingUpdate', { params: { id }, body });
export const cancelMeeting = (id: number) => api.call('meetingCancel', { params: { id } });
export const launchToken = (id: number) => api.call('meetingLaunchToken', { params: { id } });
export const launchMeeting = (token: string) => api.call('meetingLaunch', { body: { token } });
export const enterAccessCode = (liveId: number, code: string) => api.call('liveAccessCode', { params: { id: liveId }, body: { code } });
export const syncToMeeting = () => api.call('syncToMeeting');
