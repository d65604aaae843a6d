import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { describe, it } from 'node:test';
import { apiCall, loginViaApi } from '../src/dev-api.ts';
import { HANG_LIMIT_MS, storeLogin, useSharedHarness } from '../src/harness.ts';

// Reads the demo learner's seeded certificate and writes only an ID card of a user of its own.
const h = useSharedHarness();

async function demoLearnerToken(): Promise<string> {
  const r = await apiCall<{ user_access_token: string }>(h.server.url, '/v1/user/login', {
    method: 'POST',
    body: { type: 'password', country_code: '86', account: '13900000003', password: 'Learner-demo-1' },
  });
  assert.equal(r.code, 0, r.message);
  return r.data.user_access_token;
}

/** A resident ID with a right check character (GB 11643). */
function residentId(prefix17: string): string {
  const w = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(prefix17[i]) * w[i]!;
  return prefix17 + '10X98765432'[sum % 11]!;
}

describe('certificates', () => {
  it('the demo learner downloads the PDF of a certificate, and a second browser verifies it by its QR URL', async () => {
    const token = await demoLearnerToken();
    const { page } = await h.newPage({ locale: 'zh-CN' });
    await storeLogin(page, token);
    await page.goto('/user/cert');
    await page.getByRole('heading', { level: 1, name: '我的证书' }).waitFor({ timeout: HANG_LIMIT_MS });
    await page.getByTestId('idcard-on-file').waitFor({ timeout: HANG_LIMIT_MS });
    assert.match((await page.getByTestId('idcard-on-file').textContent()) ?? '', /王小明.*1101\*{10}/);
    const card = page.getByTestId('certificate').first();
    await card.waitFor({ timeout: HANG_LIMIT_MS });
    const code = ((await card.getByTestId('cert-code').textContent()) ?? '').trim();
    assert.match(code, /^[2-9A-Z]{4}-[2-9A-Z]{4}-[2-9A-Z]{4}$/);

    const [download] = await Promise.all([page.waitForEvent('download', { timeout: HANG_LIMIT_MS }), card.getByTestId('cert-pdf').click()]);
    assert.equal(download.suggestedFilename(), `certificate-${code}.pdf`);
    const path = await download.path();
    const pdf = await readFile(path);
    assert.equal(pdf.subarray(0, 5).toString(), '%PDF-');
    assert.match(pdf.toString('latin1'), /NotoSansHans/);

    // The verification link is the URL the certificate's QR code holds; a browser without a login opens it.
    const verifyUrl = await card.getByTestId('cert-verify-link').getAttribute('href');
    assert.ok(verifyUrl?.endsWith(`/cert/verify/${code}`), `verify link: ${verifyUrl}`);
    const other = await h.newPage({ locale: 'en-US', width: 390, height: 844 });
    const res = await other.page.goto(`${verifyUrl}?language=en`);
    assert.equal(res?.status(), 200);
    await other.page.getByRole('heading', { level: 1, name: 'Valid certificate' }).waitFor({ timeout: HANG_LIMIT_MS });
    assert.equal(await other.page.locator('[data-field="holder"]').textContent(), '王小明');
    assert.ok(((await other.page.locator('main').textContent()) ?? '').includes(code));
    assert.doesNotMatch((await other.page.content()) ?? '', /110105198503150/);

    // The signed credential downloaded from my certificates verifies on that page; an altered copy does not.
    const [vcDownload] = await Promise.all([page.waitForEvent('download', { timeout: HANG_LIMIT_MS }), card.getByRole('link', { name: /Open Badges/ }).click()]);
    const credential = await readFile(await vcDownload.path(), 'utf8');
    const result = other.page.locator('#vc-result');
    await other.page.setInputFiles('#vc-file', { name: 'credential.json', mimeType: 'application/json', buffer: Buffer.from(credential) });
    await other.page.waitForFunction(() => document.getElementById('vc-result')?.dataset.verified === 'true', undefined, { timeout: HANG_LIMIT_MS });
    assert.match((await result.textContent()) ?? '', /Signature valid: issued by MedPortal to 王小明/);
    const altered = credential.replace('王小明', '王大明');
    await other.page.setInputFiles('#vc-file', { name: 'altered.json', mimeType: 'application/json', buffer: Buffer.from(altered) });
    await other.page.waitForFunction(() => document.getElementById('vc-result')?.dataset.verified === 'false', undefined, { timeout: HANG_LIMIT_MS });
    assert.match((await result.textContent()) ?? '', /Not valid/);
  });

  it('a new user adds a legal name and a resident ID: a wrong check digit is refused, then the number shows masked', async () => {
    const token = await loginViaApi(h.server.url, '136');
    const { page } = await h.newPage({ locale: 'en-US' });
    await storeLogin(page, token);
    await page.goto('/user/cert?language=en');
    const form = page.getByTestId('idcard-form');
    await form.waitFor({ timeout: HANG_LIMIT_MS });
    await page.getByText('No certificates yet', { exact: false }).waitFor({ timeout: HANG_LIMIT_MS });
    const id = residentId('32010619900101123');
    const wrong = `${id.slice(0, 17)}${id[17] === '0' ? '1' : '0'}`;
    await page.getByLabel('Legal name', { exact: true }).fill('Li Lei');
    await page.getByLabel('ID number', { exact: true }).fill(wrong);
    await page.getByText('This ID number is not valid', { exact: false }).first().waitFor({ timeout: HANG_LIMIT_MS });
    await page.getByLabel('ID number', { exact: true }).fill(id);
    await page.getByRole('button', { name: 'Save' }).click();
    const onFile = page.getByTestId('idcard-on-file');
    await onFile.waitFor({ timeout: HANG_LIMIT_MS });
    assert.match((await onFile.textContent()) ?? '', new RegExp(`Li Lei.*3201\\*{10}${id.slice(-4)}`));
    const r = await apiCall<{ masked_number: string }>(h.server.url, '/v1/user/cert/idcard', { token });
    assert.equal(r.data.masked_number, `3201**********${id.slice(-4)}`);
  });
});
