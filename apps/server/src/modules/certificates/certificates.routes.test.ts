import { AdminCertificate, Certificate, CertificatePage, CertVerification, ErrorCode, IdCardData, residentIdValid, VerifyCredentialData } from '@medportal/contract';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-test-app.ts';
import { bearer, call, makeUser, type MadeUser } from '../../../test/factories.ts';
import { operator as makeOperator } from '../../../test/money.helpers.ts';
import { loadConfig } from '../../config.ts';
import { auditLog, certIdCards, certificates, certVerifications, userIdentities } from '../../db/schema/index.ts';
import { issueCertificate, type IssueCertificateInput } from './index.ts';

let app: FastifyInstance;
let operator: MadeUser;

beforeAll(async () => {
  app = await buildTestApp({ seed: false });
  operator = await makeOperator(app);
});
afterAll(async () => {
  await app?.close();
});

const send = <T>(method: 'GET' | 'POST' | 'PUT', url: string, u?: MadeUser, payload?: object) =>
  call<T>(app, { method, url, headers: u ? bearer(u.access) : {}, ...(payload ? { payload } : {}) });

/** A valid resident ID (GB 11643 check character) for a birth date. */
function residentId(prefix17: string): string {
  const w = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const sum = [...prefix17].reduce((s, c, i) => s + Number(c) * w[i]!, 0);
  return prefix17 + '10X98765432'[sum % 11];
}
const ID = residentId('11010519491231002');

const live = (id: number): IssueCertificateInput['activity'] => ({
  kind: 'live',
  id,
  title_zh: '肿瘤免疫治疗进展',
  title_en: 'Advances in Cancer Immunotherapy',
  starts_at: new Date('2026-11-20T01:00:00Z'),
  ends_at: new Date('2026-11-20T04:00:00Z'),
});
const national = { regime: 'cn_national', class: 'I', hundredths: 100, project_number: '2026-04-01-012 (国)' } as const;

async function withIdCard(): Promise<MadeUser> {
  const u = await makeUser(app);
  expect((await send('PUT', '/v1/user/cert/idcard', u, { legal_name: '张三', doc_type: 'cn_resident', number: ID.toLowerCase() })).code).toBe(0);
  return u;
}
const issue = (input: Omit<IssueCertificateInput, 'issuedAt'> & { issuedAt?: Date }) =>
  app.db.transaction((tx) => issueCertificate(tx, { issuedAt: new Date('2026-11-21T02:00:00Z'), ...input }));

describe('ID card for certificates', () => {
  it('checks the resident ID check digit and birth date', () => {
    expect(residentIdValid(ID)).toBe(true);
    expect(residentIdValid('11010519491231002X')).toBe(ID.endsWith('X'));
    expect(residentIdValid(`${ID.slice(0, 17)}${ID[17] === '0' ? '1' : '0'}`)).toBe(false);
    expect(residentIdValid(residentId('11010519490231002'))).toBe(false); // 31 February
  });

  it('stores the number sealed, shows it masked, and accepts a passport', async () => {
    const u = await makeUser(app);
    expect(IdCardData.parse((await send('GET', '/v1/user/cert/idcard', u)).data)).toMatchObject({ on_file: false, masked_number: '' });
    const saved = await send('PUT', '/v1/user/cert/idcard', u, { legal_name: '张三', doc_type: 'cn_resident', number: ID });
    expect(saved.code).toBe(0);
    expect(IdCardData.parse(saved.data)).toMatchObject({ on_file: true, legal_name: '张三', doc_type: 'cn_resident', country: 'CHN', masked_number: `1101**********${ID.slice(-4)}` });
    expect(JSON.stringify(saved)).not.toContain(ID.slice(4, 14));
    const [row] = await app.db.select().from(certIdCards).where(eq(certIdCards.userId, u.id));
    expect(row!.numberSealed).not.toContain(ID.slice(4, 14));
    expect(row!.numberSealed.startsWith('v1.')).toBe(true);

    const bad = await send('PUT', '/v1/user/cert/idcard', u, { legal_name: '张三', doc_type: 'cn_resident', number: `${ID.slice(0, 17)}${ID[17] === '0' ? '1' : '0'}` });
    expect(bad.code).toBe(ErrorCode.IDCARD_INVALID);
    const passport = await send('PUT', '/v1/user/cert/idcard?language=en', u, { legal_name: 'Jane Doe', doc_type: 'passport', number: 'E12345678', country: 'gbr' });
    expect(IdCardData.parse(passport.data)).toMatchObject({ legal_name: 'Jane Doe', doc_type: 'passport', country: 'GBR', masked_number: 'E1*****78' });
    expect((await send('PUT', '/v1/user/cert/idcard', u, { legal_name: 'Jane Doe', doc_type: 'passport', number: 'E1-2' })).code).toBe(ErrorCode.IDCARD_INVALID);
    expect((await send('GET', '/v1/user/cert/idcard')).code).toBe(ErrorCode.NOT_LOGGED_IN);
  });
});

describe('issueCertificate', () => {
  it('refuses without an ID card on file', async () => {
    const u = await makeUser(app);
    await expect(issue({ userId: u.id, activity: live(901), credit: national, claimId: null })).rejects.toMatchObject({ code: ErrorCode.CERT_IDCARD_REQUIRED });
  });

  it('is idempotent per claim and per activity, also under a concurrent burst', async () => {
    const u = await withIdCard();
    const burst = await Promise.all(Array.from({ length: 12 }, () => issue({ userId: u.id, activity: live(902), credit: national, claimId: 7001 })));
    expect(new Set(burst.map((b) => b.id)).size).toBe(1);
    const perActivity = await Promise.all(Array.from({ length: 8 }, () => issue({ userId: u.id, activity: live(902), credit: null, claimId: null })));
    expect(new Set(perActivity.map((b) => b.id)).size).toBe(1);
    expect(perActivity[0]!.id).not.toBe(burst[0]!.id);
    const rows = await app.db.select().from(certificates).where(eq(certificates.userId, u.id));
    expect(rows).toHaveLength(2);
    expect(burst[0]!.code).toMatch(/^[2-9A-HJKMNP-Z]{12}$/);
  });

  it('lists my certificates and one certificate with its credit, never another user’s', async () => {
    const u = await withIdCard();
    const { id } = await issue({ userId: u.id, activity: live(903), credit: { regime: 'us_ama', class: 'AMA_PRA_1', hundredths: 125, project_number: null }, claimId: 7002 });
    const list = CertificatePage.parse((await send('GET', '/v1/user/cert?language=en', u)).data);
    expect(list.total).toBe(1);
    expect(list.items[0]).toMatchObject({ id, title: 'Advances in Cancer Immunotherapy', credit_hundredths: 125, credit_label: 'AMA PRA Category 1 Credit™', holder_name: '张三', revoked: false });
    expect(list.items[0]!.code).toMatch(/^[2-9A-Z]{4}-[2-9A-Z]{4}-[2-9A-Z]{4}$/);
    expect(list.items[0]!.verify_url).toMatch(new RegExp(`/cert/verify/${list.items[0]!.code}$`));
    const info = Certificate.parse((await send('GET', `/v1/user/cert/info?id=${id}`, u)).data);
    expect(info).toMatchObject({ title: '肿瘤免疫治疗进展', title_en: 'Advances in Cancer Immunotherapy' });
    const other = await makeUser(app);
    expect((await send('GET', `/v1/user/cert/info?id=${id}`, other)).code).toBe(ErrorCode.NOT_FOUND);
  });
});

describe('certificate files', () => {
  it('draws a PNG and a PDF with the CJK font embedded', async () => {
    const u = await withIdCard();
    const { id } = await issue({ userId: u.id, activity: live(904), credit: national, claimId: 7003 });
    const png = await app.inject({ method: 'GET', url: `/v1/user/cert/image?id=${id}&format=png`, headers: bearer(u.access) });
    expect(png.statusCode).toBe(200);
    expect(png.headers['content-type']).toBe('image/png');
    expect(png.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    expect(png.rawPayload.readUInt32BE(16)).toBe(1684);
    const pdf = await app.inject({ method: 'GET', url: `/v1/user/cert/image?id=${id}&format=pdf`, headers: bearer(u.access) });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-disposition']).toMatch(/^attachment; filename="certificate-[2-9A-Z-]{14}\.pdf"$/);
    const text = pdf.rawPayload.toString('latin1');
    expect(text.startsWith('%PDF-')).toBe(true);
    expect(text).toMatch(/\/FontFile3|\/CIDFontType0/);
    expect(text).toMatch(/NotoSansHans-Bold/);
    // A subset, not the 8 MB font.
    expect(pdf.rawPayload.length).toBeLessThan(600_000);
    // Kept once drawn: the same file again.
    const again = await app.inject({ method: 'GET', url: `/v1/user/cert/image?id=${id}&format=pdf`, headers: bearer(u.access) });
    expect(Buffer.compare(again.rawPayload, pdf.rawPayload)).toBe(0);
    const anon = await app.inject({ method: 'GET', url: `/v1/user/cert/image?id=${id}&format=pdf` });
    expect(JSON.parse(anon.body).code).toBe(ErrorCode.NOT_LOGGED_IN);
    const other = await makeUser(app);
    expect(JSON.parse((await app.inject({ method: 'GET', url: `/v1/user/cert/image?id=${id}`, headers: bearer(other.access) })).body).code).toBe(ErrorCode.NOT_FOUND);
  });
});

describe('verification and revocation', () => {
  it('shows the essentials, never the ID number, logs each look-up and says revoked after an operator revokes', async () => {
    const u = await withIdCard();
    const { id, code } = await issue({ userId: u.id, activity: live(905), credit: national, claimId: 7004 });
    const grouped = code.replace(/(.{4})(?=.)/g, '$1-');
    const v = await send('GET', `/v1/cert/verify/${grouped.toLowerCase()}`);
    expect(CertVerification.parse(v.data)).toMatchObject({ status: 'valid', holder_name: '张三', credit_hundredths: 100, project_number: '2026-04-01-012 (国)' });
    expect(JSON.stringify(v)).not.toContain(ID.slice(-8));
    const page = await app.inject({ method: 'GET', url: `/cert/verify/${grouped}?language=en` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('Valid certificate');
    expect(page.body).toContain('张三');
    expect(page.body).not.toContain(ID.slice(-8));
    const logged = await app.db.select().from(certVerifications).where(eq(certVerifications.certificateId, id));
    expect(logged).toHaveLength(2);

    // Only operators revoke, once, with a reason, audited.
    expect((await send('POST', `/v1/admin/certificates/${id}/revoke`, u, { reason: 'attendance data corrected' })).code).toBe(ErrorCode.FORBIDDEN);
    const revoked = await send('POST', `/v1/admin/certificates/${id}/revoke`, operator, { reason: 'attendance data corrected' });
    expect(AdminCertificate.parse(revoked.data)).toMatchObject({ revoked: true, revoke_reason: 'attendance data corrected', revoked_by: operator.id, user_id: u.id });
    expect((await send('POST', `/v1/admin/certificates/${id}/revoke`, operator, { reason: 'again' })).code).toBe(ErrorCode.CERT_ALREADY_REVOKED);
    expect((await send('POST', '/v1/admin/certificates/999999/revoke', operator, { reason: 'nothing' })).code).toBe(ErrorCode.NOT_FOUND);
    const audits = await app.db.select().from(auditLog).where(and(eq(auditLog.action, 'certificate.revoke'), eq(auditLog.target, `certificate:${id}`)));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ actorId: operator.id, after: { revoked: true, reason: 'attendance data corrected' } });
    expect(CertVerification.parse((await send('GET', `/v1/cert/verify/${code}`)).data)).toMatchObject({ status: 'revoked', revoke_reason: 'attendance data corrected' });
    const zhPage = await app.inject({ method: 'GET', url: `/cert/verify/${grouped}` });
    expect(zhPage.body).toContain('证书已撤销');
    expect((await send('GET', '/v1/cert/verify/ZZZZ-ZZZZ-ZZZZ')).code).toBe(ErrorCode.NOT_FOUND);
    expect((await app.inject({ method: 'GET', url: '/cert/verify/ZZZZ-ZZZZ-ZZZZ' })).statusCode).toBe(404);
  });

  it('a downloaded Open Badges 3.0 credential verifies offline; an altered or revoked one does not', async () => {
    const u = await withIdCard();
    const { id } = await issue({ userId: u.id, activity: live(906), credit: national, claimId: 7005 });
    const res = await app.inject({ method: 'GET', url: `/v1/user/cert/credential?id=${id}`, headers: bearer(u.access) });
    expect(res.statusCode).toBe(200);
    // Well inside the 16 KB body limit of the verification call.
    expect(res.body.length).toBeLessThan(8 * 1024);
    const vc = JSON.parse(res.body) as Record<string, unknown> & { proof: { cryptosuite: string }; issuer: { id: string }; credentialSubject: Record<string, unknown> };
    expect(vc.type).toEqual(['VerifiableCredential', 'OpenBadgeCredential']);
    expect(vc.proof.cryptosuite).toBe('eddsa-rdfc-2022');
    expect(vc.issuer.id).toMatch(/^did:key:z6Mk/);
    expect(vc.credentialSubject).toMatchObject({ name: '张三', creditsEarned: 1 });
    const ok = VerifyCredentialData.parse((await send('POST', '/v1/cert/verify_credential', undefined, { credential: vc })).data);
    expect(ok).toMatchObject({ verified: true, error: '', certificate: { status: 'valid', holder_name: '张三' } });
    const altered = { ...vc, credentialSubject: { ...vc.credentialSubject, name: '李四' } };
    expect((await send('POST', '/v1/cert/verify_credential', undefined, { credential: altered })).data).toMatchObject({ verified: false, error: 'signature' });
    await send('POST', `/v1/admin/certificates/${id}/revoke`, operator, { reason: 'issued in error' });
    expect((await send('POST', '/v1/cert/verify_credential', undefined, { credential: vc })).data).toMatchObject({ verified: false, error: 'revoked', certificate: { status: 'revoked' } });
    expect((await send('GET', `/v1/user/cert/credential?id=${id}`, u)).code).toBe(ErrorCode.CERT_ALREADY_REVOKED);
  });

  it('production needs CERT_SIGNING_KEY', () => {
    const base = { NODE_ENV: 'production', PUBLIC_ORIGIN: 'https://portal.example.com', CARD_ENCRYPTION_KEY: '11'.repeat(32) };
    expect(() => loadConfig(base)).toThrow(/CERT_SIGNING_KEY: required in production/);
    expect(() => loadConfig({ ...base, CERT_SIGNING_KEY: 'short' })).toThrow(/CERT_SIGNING_KEY: must be 32 bytes/);
    expect(loadConfig({ ...base, CERT_SIGNING_KEY: 'ab'.repeat(32) }).certificates.signingKey).toEqual(Buffer.alloc(32, 0xab));
  });
});

describe('demo content', () => {
  it('the demo learner has an ID card on file and one certificate for an ended live', async () => {
    const seeded = await buildTestApp();
    try {
      const [learner] = await seeded.db.select({ id: userIdentities.userId }).from(userIdentities).where(eq(userIdentities.value, '+8613900000003'));
      const [card] = await seeded.db.select().from(certIdCards).where(eq(certIdCards.userId, learner!.id));
      expect(card).toMatchObject({ legalName: '王小明', docType: 'cn_resident' });
      const rows = await seeded.db.select().from(certificates).where(eq(certificates.userId, learner!.id));
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ activityKind: 'live', regime: 'cn_national', creditClass: 'I', revokedAt: null });
      expect(rows[0]!.endsAt.getTime()).toBeLessThan(Date.now());
      expect((await call(seeded, { method: 'GET', url: `/v1/cert/verify/${rows[0]!.code}` })).data).toMatchObject({ status: 'valid', holder_name: '王小明' });
    } finally {
      await seeded.close();
    }
  });
});

describe('certificate files are drawn off the event loop', () => {
  it('a health check answers while four PDFs are being drawn', async () => {
    const u = await withIdCard();
    const ids: number[] = [];
    for (let i = 0; i < 4; i++) ids.push((await issue({ userId: u.id, activity: live(910 + i), credit: national, claimId: 7010 + i })).id);
    const finished: string[] = [];
    const pdfs = ids.map((id) =>
      app.inject({ method: 'GET', url: `/v1/user/cert/image?id=${id}&format=pdf`, headers: bearer(u.access) }).then((res) => {
        finished.push('pdf');
        return res;
      }),
    );
    // All four handed to the render pool: one drawing, three waiting.
    while (app.renders.pending.running + app.renders.pending.queued < 4) await new Promise((r) => setImmediate(r));
    const health = app.inject({ url: '/healthz' }).then((res) => {
      finished.push('health');
      return res;
    });
    expect((await health).statusCode).toBe(200);
    const files = await Promise.all(pdfs);
    // Drawn on the event loop, a PDF under way would have to finish before the health check.
    expect(finished).toEqual(['health', 'pdf', 'pdf', 'pdf', 'pdf']);
    for (const f of files) {
      expect(f.statusCode).toBe(200);
      expect(f.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    }
  });

  it('answers 503 RENDER_BUSY, in the user language, once the render queue is full', async () => {
    const busy = await buildTestApp({ seed: false, config: { render: { workers: 1, queueLimit: 1 } } });
    try {
      const u = await makeUser(busy);
      const card = await call(busy, { method: 'PUT', url: '/v1/user/cert/idcard', headers: bearer(u.access), payload: { legal_name: '张三', doc_type: 'cn_resident', number: ID } });
      expect(card.code).toBe(0);
      const ids: number[] = [];
      for (let i = 0; i < 3; i++) {
        const input = { userId: u.id, activity: live(920 + i), credit: national, claimId: 7020 + i, issuedAt: new Date('2026-11-21T02:00:00Z') };
        ids.push((await busy.db.transaction((tx) => issueCertificate(tx, input))).id);
      }
      // One drawing, one waiting, the third refused at once (whichever reaches the pool last).
      const round = async (format: 'pdf' | 'png', lang: string) => {
        const answers = await Promise.all(ids.map((id) => busy.inject({ method: 'GET', url: `/v1/user/cert/image?id=${id}&format=${format}&language=${lang}`, headers: bearer(u.access) })));
        expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 200, 503]);
        return answers.find((a) => a.statusCode === 503)!.json();
      };
      expect(await round('pdf', 'en')).toMatchObject({ code: ErrorCode.RENDER_BUSY, message: 'Too many files are being generated right now; please try again shortly' });
      expect(await round('png', 'zh_CN')).toMatchObject({ code: ErrorCode.RENDER_BUSY, message: '正在生成的文件较多，请稍后再试' });
    } finally {
      await busy.close();
    }
  });
});
