import { queryOptions } from '@tanstack/react-query';
import type { BodyOf, DataOf, DepartmentNode } from '@medportal/contract';
import { api } from '../../../shared/api-client';
import type { Lang } from '../../../shared/i18n';
import { authKeys } from './keys';
import { sharedKeys } from '../../../shared/query-keys';

export type PersonalInfo = DataOf<'personalInfo'>;
export type UploadedImage = DataOf<'uploadImage'>;
export type ProfileFormBody = BodyOf<'profileForm'>;
export type ProfileFormKind = ProfileFormBody['form'];
export type { DepartmentNode };

export const personalInfoQueryOptions = () =>
  queryOptions({
    queryKey: sharedKeys.personalInfo,
    queryFn: ({ signal }) => api.call('personalInfo', { signal }),
    staleTime: 0,
  });

export const updatePersonalInfo = (body: BodyOf<'updatePersonalInfo'>) => api.call('updatePersonalInfo', { body });

/** Uploads an image (multipart field "file"); the answer's `url` can be saved as `avatar_url`. */
export function uploadImage(file: File): Promise<UploadedImage> {
  const form = new FormData();
  form.append('file', file);
  return api.upload('uploadImage', form);
}

export const departmentTreeQueryOptions = (lang: Lang) =>
  queryOptions({
    queryKey: authKeys.departments(lang),
    queryFn: ({ signal }) => api.call('departmentTree', { signal }),
    staleTime: 60 * 60_000,
  });

export const submitProfileForm = (body: ProfileFormBody) => api.call('profileForm', { body });
