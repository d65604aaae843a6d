import { z } from 'zod';
import type { EndpointSchemas } from './api.ts';
import { Id, Page, PageQuery } from './common.ts';
import { CreditClass, CreditRegime } from './credits.ts';

/**
 * Certificates (spec §7 cert, cert/image, cert/info, cert/idcard; decision record 0051): the legal
 * name and ID number they are issued to, my certificates, their public verification and the
 * signed Open Badges 3.0 credential each one can be downloaded as.
 */

export const ID_DOC_TYPES = ['cn_resident', 'passport'] as const;
export const IdDocType = z.enum(ID_DOC_TYPES);
export type IdDocType = z.infer<typeof IdDocType>;

export const CERT_ACTIVITY_KINDS = ['live', 'meeting', 'course', 'series', 'recording'] as const;
export const CertActivityKind = z.enum(CERT_ACTIVITY_KINDS);
export type CertActivityKind = z.infer<typeof CertActivityKind>;

export const IdCardBody = z
  .object({
    legal_name: z.string().trim().min(2).max(60),
    doc_type: IdDocType,
    /** Spaces ignored; a resident ID's final x may be lower case. */
    number: z
      .string()
      .trim()
      .max(40)
      .transform((s) => s.replace(/\s/g, '').toUpperCase()),
    /** ISO 3166-1 alpha-3 of the issuing country; a resident ID is always CHN. */
    country: z
      .string()
      .trim()
      .regex(/^[A-Za-z]{3}$/, 'country must be a three-letter ISO code')
      .transform((s) => s.toUpperCase())
      .default('CHN'),
  })
  .strict();

export const IdCardData = z.object({
  /** false until the user adds one; the other fields are then empty. */
  on_file: z.boolean(),
  legal_name: z.string(),
  doc_type: IdDocType.nullable(),
  /** "1101**********123X": the full number is never sent back. */
  masked_number: z.string(),
  country: z.string(),
  updated_at: z.string().nullable(),
});
export type IdCardData = z.infer<typeof IdCardData>;

export const Certificate = z.object({
  id: z.number().int(),
  /** The verification code printed on the certificate and in its QR code. */
  code: z.string(),
  activity_kind: CertActivityKind,
  activity_id: z.number().int(),
  /** In the caller's language; both are on the certificate itself. */
  title: z.string(),
  title_zh: z.string(),
  title_en: z.string(),
  starts_at: z.string(),
  ends_at: z.string(),
  regime: CreditRegime.nullable(),
  credit_class: CreditClass.nullable(),
  /** "国家级 I 类学分" / "AMA PRA Category 1 Credit™"; empty for attendance only. */
  credit_label: z.string(),
  /** Hundredths of a credit (1.25 = 125); null for an attendance-only certificate. */
  credit_hundredths: z.number().int().nullable(),
  project_number: z.string().nullable(),
  holder_name: z.string(),
  issued_at: z.string(),
  revoked: z.boolean(),
  revoked_at: z.string().nullable(),
  /** The public verification page (absolute). */
  verify_url: z.string(),
});
export type Certificate = z.infer<typeof Certificate>;
export const CertificatePage = Page(Certificate);
export type CertificatePage = z.infer<typeof CertificatePage>;
export const CertInfoQuery = z.object({ id: Id });

export const CERT_IMAGE_FORMATS = ['png', 'pdf'] as const;
export const CertImageQuery = z.object({ id: Id, format: z.enum(CERT_IMAGE_FORMATS).default('png') });

/** What anyone may see of a certificate: never the ID number. */
export const CertVerification = z.object({
  status: z.enum(['valid', 'revoked']),
  code: z.string(),
  holder_name: z.string(),
  title_zh: z.string(),
  title_en: z.string(),
  starts_at: z.string(),
  ends_at: z.string(),
  credit_label: z.string(),
  credit_hundredths: z.number().int().nullable(),
  project_number: z.string().nullable(),
  issuer: z.string(),
  issued_at: z.string(),
  revoked_at: z.string().nullable(),
  revoke_reason: z.string().nullable(),
});
export type CertVerification = z.infer<typeof CertVerification>;
export const CertCodeParams = z.object({ code: z.string().trim().min(4).max(40) });

export const VerifyCredentialBody = z.object({ credential: z.record(z.string(), z.unknown()) });
export const VerifyCredentialData = z.object({
  /** The signature holds and the credential names a certificate of this portal. */
  verified: z.boolean(),
  /** The certificate it names, as it stands now (it may have been revoked since). */
  certificate: CertVerification.nullable(),
  /** Why not, when verified is false. */
  error: z.string(),
});
export type VerifyCredentialData = z.infer<typeof VerifyCredentialData>;

export const AdminCertificate = Certificate.extend({ user_id: z.number().int(), revoke_reason: z.string().nullable(), revoked_by: z.number().int().nullable() });
export const RevokeCertificateBody = z.object({ reason: z.string().trim().min(2).max(200) });

const define = <const E extends EndpointSchemas>(e: E) => e;

export const certificateSchemas = {
  certIdcard: define({ summary: 'My legal name and ID number for certificates (masked)', tags: ['certificates'], data: IdCardData }),
  certIdcardSave: define({
    summary: 'Set my legal name and ID number (resident ID check digit, or a passport); stored encrypted',
    tags: ['certificates'],
    body: IdCardBody,
    data: IdCardData,
  }),
  certList: define({ summary: 'My certificates, newest first', tags: ['certificates'], query: PageQuery, data: CertificatePage }),
  certInfo: define({ summary: 'One of my certificates', tags: ['certificates'], query: CertInfoQuery, data: Certificate }),
  certVerify: define({
    summary: 'Public: a certificate by its verification code (logged); never the ID number',
    tags: ['certificates'],
    params: CertCodeParams,
    data: CertVerification,
  }),
  certVerifyCredential: define({
    summary: 'Public: verify an Open Badges 3.0 credential downloaded from this portal (signature, issuer, revocation; a credential is about 3 KB of the 16 KB body limit)',
    tags: ['certificates'],
    body: VerifyCredentialBody,
    data: VerifyCredentialData,
  }),
  adminCertRevoke: define({
    summary: 'Operator: revoke a certificate with a reason (audited)',
    tags: ['admin'],
    params: z.object({ id: Id }),
    body: RevokeCertificateBody,
    data: AdminCertificate,
  }),
} as const;
