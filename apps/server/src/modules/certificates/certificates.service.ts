import { createHmac, randomInt } from 'node:crypto';
import {
  type AdminCertificate,
  type ApiLanguage,
  type Certificate,
  type CertificatePage,
  type CertVerification,
  type CreditClass,
  type CreditRegime,
  ErrorCode,
  type IdCardData,
  type IdDocType,
  type PageQuery,
  residentIdValid,
  type VerifyCredentialData,
  certVerifyPagePath,
} from '@medportal/contract';
import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { CertActivityKind, IdCardBody } from '@medportal/contract';
import type { Db, Tx } from '../../db/client.ts';
import { certIdCards, certificates, certVerifications } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { writeAudit } from '../staff/index.ts';
import type { CardVault } from '../rewards/index.ts';
import type { BadgeSigner } from './credential.ts';
import type { CertificateDrawer, CertLayoutInput } from './render.ts';

type CertRow = typeof certificates.$inferSelect;

/** What issueCertificate takes: the signature the credit claims are wired to (app.ts). */
export interface IssueCertificateInput {
  userId: number;
  activity: { kind: CertActivityKind; id: number; title_zh: string; title_en: string; starts_at: Date; ends_at: Date };
  credit: { regime: CreditRegime; class: CreditClass; hundredths: number; project_number: string | null } | null;
  claimId: number | null;
  issuedAt: Date;
}

export const ISSUER_NAME = 'MedPortal 医学教育平台';
/** Unambiguous characters (no 0/O, 1/I/L): codes are read off paper. */
const CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';

export function newCertCode(): string {
  let s = '';
  for (let i = 0; i < 12; i++) s += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return s;
}
/** "ABCD-EFGH-JKMN": how a code is printed and shown. */
export const groupCode = (code: string) => code.replace(/(.{4})(?=.)/g, '$1-');
/** A typed or scanned code: hyphens, spaces and case ignored. */
export const normaliseCode = (s: string) => s.replace(/[\s-]/g, '').toUpperCase();

/** The credit in the certificate's words, both languages. */
export function creditLabel(regime: CreditRegime | null, cls: CreditClass | null): { zh: string; en: string } {
  if (!regime || !cls) return { zh: '', en: '' };
  if (regime === 'us_ama') return { zh: 'AMA PRA Category 1 Credit™', en: 'AMA PRA Category 1 Credit™' };
  const cn = cls === 'I' ? 'I 类学分' : 'II 类学分';
  const en = cls === 'I' ? 'Class I credit' : 'Class II credit';
  if (regime === 'cn_national') return { zh: `国家级继续医学教育项目 ${cn}`, en: `National CME project, ${en}` };
  if (regime === 'cn_provincial') return { zh: `省级继续医学教育项目 ${cn}`, en: `Provincial CME project, ${en}` };
  return { zh: `远程继续医学教育 ${cn}`, en: `Distance CME, ${en}` };
}

export const formatCredits = (hundredths: number) => (hundredths / 100).toFixed(2).replace(/\.?0+$/, '');

const DAY = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai', year: 'numeric', month: '2-digit', day: '2-digit' });
const day = (d: Date) => DAY.format(d);
const dateRange = (a: Date, b: Date) => (day(a) === day(b) ? day(a) : `${day(a)} – ${day(b)}`);

/** "1101**********123X" / "E1*****89": enough to recognise, not enough to use. */
export function maskIdNumber(type: IdDocType, n: string): string {
  if (type === 'cn_resident') return `${n.slice(0, 4)}${'*'.repeat(n.length - 8)}${n.slice(-4)}`;
  return `${n.slice(0, 2)}${'*'.repeat(Math.max(n.length - 4, 1))}${n.slice(-2)}`;
}

export function checkIdNumber(type: IdDocType, number: string, country: string): { number: string; country: string } {
  if (type === 'cn_resident') {
    if (!residentIdValid(number)) throw new AppError(ErrorCode.IDCARD_INVALID);
    return { number, country: 'CHN' };
  }
  // ICAO 9303: passport numbers are up to 9 characters in the machine-readable zone; some states use more on the page.
  if (!/^[A-Z0-9]{5,20}$/.test(number)) throw new AppError(ErrorCode.IDCARD_INVALID);
  return { number, country };
}

/**
 * Issues a certificate once per user and claim (or per activity when there is no claim), in the
 * caller's transaction. Refuses with CERT_IDCARD_REQUIRED while the user has no legal name on file.
 */
export async function issueCertificate(tx: Db | Tx, input: IssueCertificateInput): Promise<{ id: number; code: string }> {
  const [card] = await tx.select({ legalName: certIdCards.legalName }).from(certIdCards).where(eq(certIdCards.userId, input.userId));
  if (!card) throw new AppError(ErrorCode.CERT_IDCARD_REQUIRED);
  const same =
    input.claimId !== null
      ? and(eq(certificates.userId, input.userId), eq(certificates.claimId, input.claimId))
      : and(eq(certificates.userId, input.userId), isNull(certificates.claimId), eq(certificates.activityKind, input.activity.kind), eq(certificates.activityId, input.activity.id));
  // A new code collides with another certificate's only by a 1-in-10^17 chance; try again then.
  for (let attempt = 0; attempt < 3; attempt++) {
    const [row] = await tx
      .insert(certificates)
      .values({
        code: newCertCode(),
        userId: input.userId,
        claimId: input.claimId,
        activityKind: input.activity.kind,
        activityId: input.activity.id,
        titleZh: input.activity.title_zh,
        titleEn: input.activity.title_en,
        startsAt: input.activity.starts_at,
        endsAt: input.activity.ends_at,
        regime: input.credit?.regime ?? null,
        creditClass: input.credit?.class ?? null,
        creditHundredths: input.credit?.hundredths ?? null,
        projectNumber: input.credit?.project_number ?? null,
        holderName: card.legalName,
        issuedAt: input.issuedAt,
      })
      .onConflictDoNothing()
      .returning({ id: certificates.id, code: certificates.code });
    if (row) return row;
    const [existing] = await tx.select({ id: certificates.id, code: certificates.code }).from(certificates).where(same);
    if (existing) return existing;
  }
  throw new Error('issueCertificate: no free certificate code');
}

/** Rendered files kept per process (about 110 KB each). */
const FILE_CACHE_ENTRIES = 64;

export class CertificateService {
  private readonly files = new Map<string, Buffer>();

  constructor(
    private readonly db: Db,
    private readonly vault: CardVault,
    private readonly signer: () => Promise<BadgeSigner>,
    private readonly secret: string,
    private readonly now: () => Date,
    private readonly draw: CertificateDrawer,
  ) {}

  async idCard(userId: number): Promise<IdCardData> {
    const [row] = await this.db.select().from(certIdCards).where(eq(certIdCards.userId, userId));
    if (!row) return { on_file: false, legal_name: '', doc_type: null, masked_number: '', country: '', updated_at: null };
    return { on_file: true, legal_name: row.legalName, doc_type: row.docType, masked_number: row.masked, country: row.country, updated_at: row.updatedAt.toISOString() };
  }

  /** Sealed before it reaches a query, like bank card numbers: the clear number is never a bound parameter. */
  async saveIdCard(userId: number, body: z.output<typeof IdCardBody>): Promise<IdCardData> {
    const { number, country } = checkIdNumber(body.doc_type, body.number, body.country);
    const values = {
      legalName: body.legal_name,
      docType: body.doc_type,
      numberSealed: this.vault.seal(number),
      numberHash: this.vault.hash(`${body.doc_type}:${country}:${number}`),
      masked: maskIdNumber(body.doc_type, number),
      country,
    };
    await this.db
      .insert(certIdCards)
      .values({ userId, ...values })
      .onConflictDoUpdate({ target: certIdCards.userId, set: { ...values, updatedAt: this.now() } });
    return this.idCard(userId);
  }

  async list(userId: number, q: PageQuery, lang: ApiLanguage, origin: string): Promise<CertificatePage> {
    const where = eq(certificates.userId, userId);
    const [rows, [total]] = await Promise.all([
      this.db
        .select()
        .from(certificates)
        .where(where)
        .orderBy(desc(certificates.issuedAt), desc(certificates.id))
        .limit(q.page_size)
        .offset((q.page - 1) * q.page_size),
      this.db.select({ n: count() }).from(certificates).where(where),
    ]);
    const n = total?.n ?? 0;
    return { items: rows.map((r) => present(r, lang, origin)), page: q.page, page_size: q.page_size, total: n, has_more: q.page * q.page_size < n };
  }

  async info(userId: number, id: number, lang: ApiLanguage, origin: string): Promise<Certificate> {
    return present(await this.mine(userId, id), lang, origin);
  }

  async image(userId: number, id: number, format: 'png' | 'pdf', origin: string): Promise<{ body: Buffer; filename: string }> {
    const row = await this.mine(userId, id);
    const key = `${row.id}:${format}:${origin}`;
    let body = this.files.get(key);
    if (body) {
      // Most recently used last: the first key is the one to drop.
      this.files.delete(key);
    } else {
      // Subsetting the CJK font takes a few hundred ms of CPU, done in a render worker; the file is
      // kept (a certificate's picture never changes).
      const input = layoutInput(row, origin);
      body = format === 'png' ? await this.draw.png(input) : await this.draw.pdf(input, { title: `${row.titleEn} — certificate ${groupCode(row.code)}` });
      if (this.files.size >= FILE_CACHE_ENTRIES) this.files.delete(this.files.keys().next().value!);
    }
    this.files.set(key, body);
    return { body, filename: `certificate-${groupCode(row.code)}.${format}` };
  }

  async credential(userId: number, id: number, origin: string): Promise<{ body: Record<string, unknown>; filename: string }> {
    const row = await this.mine(userId, id);
    if (row.revokedAt) throw new AppError(ErrorCode.CERT_ALREADY_REVOKED);
    const label = creditLabel(row.regime, row.creditClass);
    const body = await (await this.signer()).sign({
      verifyUrl: `${origin}${certVerifyPagePath(row.code)}`,
      activityUrl: `${origin}/${row.activityKind === 'series' || row.activityKind === 'course' ? 'course' : row.activityKind}/${row.activityId}`,
      holderName: row.holderName,
      titleZh: row.titleZh,
      titleEn: row.titleEn,
      startsAt: row.startsAt,
      endsAt: row.endsAt,
      issuedAt: row.issuedAt,
      creditLabelEn: label.en,
      credits: row.creditHundredths === null ? null : row.creditHundredths / 100,
      projectNumber: row.projectNumber,
    });
    return { body, filename: `certificate-${groupCode(row.code)}.json` };
  }

  /** A certificate by its code, for anyone; each look-up is logged. */
  async verify(code: string, clientIp: string): Promise<CertVerification | null> {
    const [row] = await this.db.select().from(certificates).where(eq(certificates.code, normaliseCode(code)));
    if (!row) return null;
    await this.log(row.id, 'page', clientIp);
    return publicView(row);
  }

  async verifyCredential(credential: Record<string, unknown>, clientIp: string): Promise<VerifyCredentialData> {
    const signer = await this.signer();
    if (!(await signer.verify(credential))) return { verified: false, certificate: null, error: 'signature' };
    const id = typeof credential.id === 'string' ? credential.id : '';
    const code = /\/cert\/verify\/([^/?#]+)$/.exec(id)?.[1];
    const [row] = code ? await this.db.select().from(certificates).where(eq(certificates.code, normaliseCode(decodeURIComponent(code)))) : [];
    if (!row) return { verified: false, certificate: null, error: 'unknown' };
    await this.log(row.id, 'credential', clientIp);
    const view = publicView(row);
    return row.revokedAt ? { verified: false, certificate: view, error: 'revoked' } : { verified: true, certificate: view, error: '' };
  }

  /** Revoked once, with the reason and an audit row in the same transaction. */
  async revoke(actorId: number, id: number, reason: string, lang: ApiLanguage, origin: string): Promise<z.infer<typeof AdminCertificate>> {
    const row = await this.db.transaction(async (tx) => {
      const at = this.now();
      const [updated] = await tx
        .update(certificates)
        .set({ revokedAt: at, revokeReason: reason, revokedBy: actorId })
        .where(and(eq(certificates.id, id), isNull(certificates.revokedAt)))
        .returning();
      if (!updated) {
        const [exists] = await tx.select({ id: certificates.id }).from(certificates).where(eq(certificates.id, id));
        throw new AppError(exists ? ErrorCode.CERT_ALREADY_REVOKED : ErrorCode.NOT_FOUND);
      }
      await writeAudit(tx, { actorId, action: 'certificate.revoke', target: `certificate:${id}`, before: { revoked: false }, after: { revoked: true, reason }, now: at });
      return updated;
    });
    return { ...present(row, lang, origin), user_id: row.userId, revoke_reason: row.revokeReason, revoked_by: row.revokedBy };
  }

  private async log(certificateId: number, via: 'page' | 'credential', clientIp: string): Promise<void> {
    const clientHash = createHmac('sha256', this.secret).update(`cert-verify:${clientIp}`).digest('base64url').slice(0, 22);
    await this.db.insert(certVerifications).values({ certificateId, via, clientHash, createdAt: this.now() });
  }

  private async mine(userId: number, id: number): Promise<CertRow> {
    const [row] = await this.db.select().from(certificates).where(and(eq(certificates.id, id), eq(certificates.userId, userId)));
    if (!row) throw new AppError(ErrorCode.NOT_FOUND);
    return row;
  }

  /** Verifications of a certificate (tests and operators). */
  async verificationCount(certificateId: number): Promise<number> {
    const [r] = await this.db.select({ n: sql<number>`count(*)::int` }).from(certVerifications).where(eq(certVerifications.certificateId, certificateId));
    return r?.n ?? 0;
  }
}

function present(row: CertRow, lang: ApiLanguage, origin: string): Certificate {
  const label = creditLabel(row.regime, row.creditClass);
  return {
    id: row.id,
    code: groupCode(row.code),
    activity_kind: row.activityKind,
    activity_id: row.activityId,
    title: lang === 'en' ? row.titleEn : row.titleZh,
    title_zh: row.titleZh,
    title_en: row.titleEn,
    starts_at: row.startsAt.toISOString(),
    ends_at: row.endsAt.toISOString(),
    regime: row.regime,
    credit_class: row.creditClass,
    credit_label: lang === 'en' ? label.en : label.zh,
    credit_hundredths: row.creditHundredths,
    project_number: row.projectNumber,
    holder_name: row.holderName,
    issued_at: row.issuedAt.toISOString(),
    revoked: row.revokedAt !== null,
    revoked_at: row.revokedAt?.toISOString() ?? null,
    verify_url: `${origin}${certVerifyPagePath(groupCode(row.code))}`,
  };
}

export function publicView(row: CertRow): CertVerification {
  const label = creditLabel(row.regime, row.creditClass);
  return {
    status: row.revokedAt ? 'revoked' : 'valid',
    code: groupCode(row.code),
    holder_name: row.holderName,
    title_zh: row.titleZh,
    title_en: row.titleEn,
    starts_at: row.startsAt.toISOString(),
    ends_at: row.endsAt.toISOString(),
    credit_label: `${label.zh}${label.zh && label.en !== label.zh ? ` / ${label.en}` : ''}`,
    credit_hundredths: row.creditHundredths,
    project_number: row.projectNumber,
    issuer: ISSUER_NAME,
    issued_at: row.issuedAt.toISOString(),
    revoked_at: row.revokedAt?.toISOString() ?? null,
    revoke_reason: row.revokeReason,
  };
}

function layoutInput(row: CertRow, origin: string): CertLayoutInput {
  const label = creditLabel(row.regime, row.creditClass);
  const credits = row.creditHundredths === null ? null : formatCredits(row.creditHundredths);
  return {
    kindZh: credits === null ? '参会证明' : '继续医学教育学分证书',
    kindEn: credits === null ? 'Certificate of Attendance' : 'Certificate of Continuing Medical Education Credit',
    holderName: row.holderName,
    titleZh: row.titleZh,
    titleEn: row.titleEn,
    datesText: dateRange(row.startsAt, row.endsAt),
    creditZh: credits === null ? '' : `${label.zh} ${credits} 分`,
    creditEn: credits === null ? '' : `${credits} × ${label.en}`,
    projectNumber: row.projectNumber,
    issuedText: day(row.issuedAt),
    codeGrouped: groupCode(row.code),
    verifyUrl: `${origin}${certVerifyPagePath(groupCode(row.code))}`,
  };
}
