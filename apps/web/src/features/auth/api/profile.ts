import { queryOptions } from '@tanstack/react-query';
import type { BodyOf, DataOf, DepartmentNode } from '@medportal/contract';
import { api, apiUpload } from '../../../shared/api-client';
import type { Lang } from '../../../shared/i18n';
import { pathOf } from '@medportal/contract/routes';

export type PersonalInfo = DataOf<'personalInfo'>;
export type UploadedImage = DataOf<'uploadImage'>;
export type ProfileFormBody = BodyOf<'profileForm'>;
export type ProfileFormKind = ProfileFormBody['form'];
export type { DepartmentNode };

export const personalInfoQueryOptions = () =>
  queryOptions({
    queryKey: ['profile', 'personal-info'],
    queryFn: ({ signal }) => api.get<PersonalInfo>(pathOf('personalInfo'), undefined, { signal }),
    staleTime: 0,
  });

export const updatePersonalInfo = (body: BodyOf<'updatePersonalInfo'>) => api.put<PersonalInfo>(pathOf('updatePersonalInfo'), body);

/** Uploads an image (multipart field "file"); the answer's `url` can be saved as `avatar_url`. */
export function uploadImage(file: File): Promise<UploadedImage> {
  const form = new FormData();
  form.append('file', file);
  return apiUpload<UploadedImage>(pathOf('uploadImage'), form);
}

export const departmentTreeQueryOptions = (lang: Lang) =>
  queryOptions({
    queryKey: ['profile', 'departments', lang],
    queryFn: ({ signal }) => api.get<DataOf<'departmentTree'>>(pathOf('departmentTree'), undefined, { signal }),
    staleTime: 60 * 60_000,
  });

export const submitProfileForm = (body: ProfileFormBody) => api.post<DataOf<'profileForm'>>(pathOf('profileForm'), body);
