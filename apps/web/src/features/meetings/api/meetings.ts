import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { BodyOf, DataOf } from '@medportal/contract';
import { pathOf } from '@medportal/contract/routes';
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
    queryFn: ({ signal }) => api.get<MeetingPage>(pathOf('meetingIndex'), { status: tab, page: String(page), page_size: String(PAGE_SIZE) }, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
};

export const useMeeting = (id: number | null) => {
  const lang = useLang();
  return useQuery({
    queryKey: meetingKeys.detail(lang, id ?? 0),
    queryFn: ({ signal }) => api.get<Meeting>(pathOf('meetingDetail', { id: id ?? 0 }), undefined, { signal }),
    enabled: id !== null,
    staleTime: 0,
  });
};

export const useMeetingDepartments = () => {
  const lang = useLang();
  return useQuery({
    queryKey: meetingKeys.departments(lang),
    queryFn: ({ signal }) => api.get<DataOf<'meetingDepartment'>>(pathOf('meetingDepartment'), undefined, { signal }),
    staleTime: 10 * 60_000,
  });
};

export const useMeetingByNumber = (no: string | null) => {
  const lang = useLang();
  return useQuery({
    queryKey: meetingKeys.byNumber(lang, no ?? ''),
    queryFn: ({ signal }) => api.get<MeetingJoinInfo>(pathOf('meetingByNumber', { number: no ?? '' }), undefined, { signal }),
    enabled: no !== null,
    staleTime: 0,
    retry: false,
  });
};

export const createMeeting = (body: BodyOf<'meetingCreate'>) => api.post<Meeting>(pathOf('meetingCreate'), body);
export const updateMeeting = (id: number, body: BodyOf<'meetingUpdate'>) => api.put<Meeting>(pathOf('meetingUpdate', { id }), body);
export const cancelMeeting = (id: number) => api.post<Meeting>(pathOf('meetingCancel', { id }));
export const launchToken = (id: number) => api.post<DataOf<'meetingLaunchToken'>>(pathOf('meetingLaunchToken', { id }));
export const launchMeeting = (token: string) => api.post<DataOf<'meetingLaunch'>>(pathOf('meetingLaunch'), { token });
export const enterAccessCode = (liveId: number, code: string) => api.post<DataOf<'liveAccessCode'>>(pathOf('liveAccessCode', { id: liveId }), { code });
export const syncToMeeting = () => api.post<DataOf<'syncToMeeting'>>(pathOf('syncToMeeting'));
