import { queryOptions } from '@tanstack/react-query';
import type { BodyOf, DataOf, DepartmentNode } from '@medportal/contract';
import { api } from '../../../shared/api-client';
import type { Lang } from '../../../shared/i18n';
import { authEndpoints as e } from './endpoints';

export type PersonalInfo = DataOf<'personalInfo'>;
export type ProfileFormBody = BodyOf<'profileForm'>;
export type ProfileFormKind = ProfileFormBody['form'];
export type { DepartmentNode };

export const personalInfoQueryOptions = () =>
  queryOptions({
    queryKey: ['profile', 'personal-info'],
    queryFn: ({ signal }) => api.get<PersonalInfo>(e.personalInfo.path, undefined, { signal }),
    staleTime: 0,
  });

export const updatePersonalInfo = (body: BodyOf<'updatePersonalInfo'>) => api.put<PersonalInfo>(e.updatePersonalInfo.path, body);

export const departmentTreeQueryOptions = (lang: Lang) =>
  queryOptions({
    queryKey: ['profile', 'departments', lang],
    queryFn: ({ signal }) => api.get<DataOf<'departmentTree'>>(e.departmentTree.path, undefined, { signal }),
    staleTime: 60 * 60_000,
  });

export const submitProfileForm = (body: ProfileFormBody) => api.post<DataOf<'profileForm'>>(e.profileForm.path, body);
