import { queryOptions } from '@tanstack/react-query';
import type { BodyOf, DataOf, DepartmentNode } from '@medportal/contract';
import { api, apiUpload } from '../../../shared/api-client';
import type { Lang } from '../../../shared/i18n';
import { authEndpoints as e } from './endpoints';

export type PersonalInfo = DataOf<'personalInfo'>;
export type UploadedImage = DataOf<'uploadImage'>;
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

/** Uploads an image (multipart field "file"); the answer's `url` can be saved as `avatar_url`. */
export function uploadImage(file: File): Promise<UploadedImage> {
  const form = new FormData();
  form.append('file', file);
  return apiUpload<UploadedImage>(e.uploadImage.path, form);
}

export const departmentTreeQueryOptions = (lang: Lang) =>
  queryOptions({
    queryKey: ['profile', 'departments', lang],
    queryFn: ({ signal }) => api.get<DataOf<'departmentTree'>>(e.departmentTree.path, undefined, { signal }),
    staleTime: 60 * 60_000,
  });

export const submitProfileForm = (body: ProfileFormBody) => api.post<DataOf<'profileForm'>>(e.profileForm.path, body);
