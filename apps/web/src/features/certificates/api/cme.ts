import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { BodyOf, DataOf } from '@medportal/contract';
import { cmeExportPath } from '@medportal/contract/routes';
import { api } from '../../../shared/api-client';
import { useLang } from '../../../shared/hooks/use-lang';
import { getAccessToken } from '../../../shared/session';
import type { CreditKind } from '../../../shared/credit/credit-api';
import { certificateKeys } from './keys';

export type CmeCard = DataOf<'creditCme'>;
export type CreditClaim = CmeCard['claims'][number];
export type CreditTest = DataOf<'creditTest'>;
export type CreditTestResult = DataOf<'creditTestSubmit'>;
export type CreditClaimResult = DataOf<'creditClaim'>;
export type EvaluationBody = BodyOf<'creditEvaluation'>;

/** The 电子学分卡 of a year (undefined: this year). */
export const useCmeCard = (year: number | undefined) => {
  const lang = useLang();
  return useQuery({
    queryKey: certificateKeys.cme(lang, year),
    queryFn: ({ signal }) => api.call('creditCme', { query: year ? { year: String(year) } : undefined, signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
};

export const useCreditTest = (kind: CreditKind, id: number, enabled: boolean) => {
  const lang = useLang();
  return useQuery({
    queryKey: certificateKeys.creditTest(kind, id, lang),
    queryFn: ({ signal }) => api.call('creditTest', { params: { kind, id }, signal }),
    enabled,
    staleTime: 0,
  });
};

export const submitTest = (kind: CreditKind, id: number, answers: Array<{ question_id: number; options: number[] }>) =>
  api.call('creditTestSubmit', { params: { kind, id }, body: { answers } });
export const submitEvaluation = (kind: CreditKind, id: number, body: EvaluationBody) => api.call('creditEvaluation', { params: { kind, id }, body });
export const submitClaim = (kind: CreditKind, id: number) => api.call('creditClaim', { params: { kind, id } });

/**
 * Downloads the year's 登记表 (CSV or PDF). The file route is not an envelope endpoint, so it is
 * fetched with the login header and handed to the browser as a file.
 */
export async function downloadCme(format: 'csv' | 'pdf', year: number, lang: 'zh' | 'en'): Promise<void> {
  const token = getAccessToken();
  const q = new URLSearchParams({ year: String(year), language: lang === 'en' ? 'en' : 'zh_CN' });
  const res = await fetch(`${cmeExportPath(format)}?${q.toString()}`, { headers: token ? { authorization: `Bearer ${token}` } : {}, credentials: 'same-origin' });
  if (!res.ok || !(res.headers.get('content-type') ?? '').startsWith(format === 'csv' ? 'text/csv' : 'application/pdf')) throw new Error(`export ${res.status}`);
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = `cme-${year}.${format}`;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
