import type { ApiLanguage, CmeCard } from '@medportal/contract';
import type { Db, Tx } from '../../db/client.ts';

/** Draws the year's 登记表 PDF (credits.export.ts's cmePdf, run by app.ts in the render worker pool). */
export type CmePdfDrawer = (card: CmeCard, holder: string, lang: ApiLanguage) => Promise<Buffer>;

/** Kinds of activity whose attendance the attendance port reports. */
export type AttendanceKind = 'live' | 'meeting' | 'course' | 'series' | 'recording';

export interface AttendanceSummary {
  attended_seconds: number;
  scheduled_seconds: number;
  presence_checks: { asked: number; answered: number };
  signed_in: boolean;
  first_seen: Date | null;
  last_seen: Date | null;
}

/** Where attendance evidence comes from (the attendance module); app.ts supplies it. */
export interface AttendanceReader {
  attendanceSummary(db: Db | Tx, q: { userId: number; kind: AttendanceKind; id: number }): Promise<AttendanceSummary>;
}

export interface IssueCertificateInput {
  userId: number;
  activity: { kind: AttendanceKind; id: number; title_zh: string; title_en: string; starts_at: Date; ends_at: Date };
  credit: { regime: 'cn_national' | 'cn_provincial' | 'cn_remote' | 'us_ama'; class: 'I' | 'II' | 'AMA_PRA_1'; hundredths: number; project_number: string };
  claimId: number;
  issuedAt: Date;
}

/** Issues a claim's certificate inside the claim's transaction (the certificates module); optional until wired. */
export interface CertificateIssuer {
  issueCertificate(tx: Tx, input: IssueCertificateInput): Promise<{ id: number; code: string }>;
}
