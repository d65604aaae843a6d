import { sql } from 'drizzle-orm';
import { check, index, integer, pgEnum, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './common.ts';
import { users } from './users.ts';

/**
 * Certificates (decision record 0051), owned by modules/certificates. The ID number is sealed
 * like bank card numbers (AES-256-GCM under CARD_ENCRYPTION_KEY) and found again by its keyed hash.
 */

export const idDocType = pgEnum('id_doc_type', ['cn_resident', 'passport']);

export const certIdCards = pgTable('cert_id_cards', {
  userId: integer()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  legalName: text().notNull(),
  docType: idDocType().notNull(),
  numberSealed: text().notNull(),
  numberHash: text().notNull(),
  /** What the masked form shows: the first and last characters kept. */
  masked: text().notNull(),
  /** ISO 3166-1 alpha-3 of a passport's issuing country; CHN for a resident ID. */
  country: text().notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const activityKind = pgEnum('cert_activity_kind', ['live', 'meeting', 'course', 'series', 'recording']);
export const creditRegime = pgEnum('credit_regime', ['cn_national', 'cn_provincial', 'cn_remote', 'us_ama']);
export const creditClass = pgEnum('credit_class', ['I', 'II', 'AMA_PRA_1']);

export const certificates = pgTable(
  'certificates',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    /** Public verification code (the QR's /cert/verify/{code}). */
    code: text().notNull(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    claimId: integer(),
    activityKind: activityKind().notNull(),
    activityId: integer().notNull(),
    titleZh: text().notNull(),
    titleEn: text().notNull(),
    startsAt: timestamp({ withTimezone: true }).notNull(),
    endsAt: timestamp({ withTimezone: true }).notNull(),
    regime: creditRegime(),
    creditClass: creditClass(),
    /** Credit in hundredths (1.25 credits = 125); null for an attendance-only certificate. */
    creditHundredths: integer(),
    projectNumber: text(),
    /** The legal name at issue: the certificate keeps it even if the ID card changes later. */
    holderName: text().notNull(),
    issuedAt: timestamp({ withTimezone: true }).notNull(),
    revokedAt: timestamp({ withTimezone: true }),
    revokeReason: text(),
    revokedBy: integer().references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('certificates_code_uq').on(t.code),
    // Idempotent issue: once per claim, or once per activity when there is no claim.
    uniqueIndex('certificates_user_claim_uq').on(t.userId, t.claimId).where(sql`${t.claimId} is not null`),
    uniqueIndex('certificates_user_activity_uq').on(t.userId, t.activityKind, t.activityId).where(sql`${t.claimId} is null`),
    index('certificates_user_idx').on(t.userId, t.issuedAt),
    check('certificates_credit_ck', sql`${t.creditHundredths} is null or ${t.creditHundredths} >= 0`),
  ],
);

export const certVerifications = pgTable(
  'cert_verifications',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    certificateId: integer()
      .notNull()
      .references(() => certificates.id, { onDelete: 'cascade' }),
    /** `page` (the verification page or its API) or `credential` (an uploaded signed credential). */
    via: text().notNull(),
    /** Keyed hash of the client address: counts distinct verifiers without keeping addresses. */
    clientHash: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('cert_verifications_cert_idx').on(t.certificateId, t.createdAt)],
);
