import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { DataOf } from '@medportal/contract';
import { CERT_CREDENTIAL_PATH, CERT_IMAGE_PATH } from '@medportal/contract/constants';
import { api, commonParams } from '../../../shared/api-client';
import { useLang } from '../../../shared/hooks/use-lang';
import { certificateKeys } from './keys';

export type IdCard = DataOf<'certIdcard'>;
export type CertificatePage = DataOf<'certList'>;
export type Certificate = CertificatePage['items'][number];
export interface IdCardInput {
  legal_name: string;
  doc_type: 'cn_resident' | 'passport';
  number: string;
  country?: string;
}

export const CERT_PAGE_SIZE = 10;
export const idCardQueryKey = certificateKeys.idCard;

export const useIdCard = () => useQuery({ queryKey: idCardQueryKey, queryFn: ({ signal }) => api.call('certIdcard', { signal }), staleTime: 0 });

export const useCertificates = (page: number) => {
  const lang = useLang();
  return useQuery({
    queryKey: certificateKeys.list(lang, page),
    queryFn: ({ signal }) => api.call('certList', { query: { page: String(page), page_size: String(CERT_PAGE_SIZE) }, signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
};

export const saveIdCard = (body: IdCardInput) => api.call('certIdcardSave', { body });

/** A download link: the file routes take the login from the query like every API GET. */
export function certFileHref(kind: 'png' | 'pdf' | 'credential', id: number): string {
  const q = new URLSearchParams({ ...commonParams(), id: String(id), ...(kind === 'credential' ? {} : { format: kind }) });
  return `${kind === 'credential' ? CERT_CREDENTIAL_PATH : CERT_IMAGE_PATH}?${q}`;
}
