import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { apiCall, loginUserViaApi } from '../src/dev-api.ts';
import { HANG_LIMIT_MS, storeLogin, useHarness } from '../src/harness.ts';

const h = useHarness();
const OPERATOR = { account: '13900000001', country_code: '86', password: 'Operator-demo-1' };
// A 1×1 PNG: the cover the editor uploads.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

/** A new user made an editor by the demo administrator (the console's roles call): its token and the administrator's. */
async function editorToken(): Promise<{ token: string; adminToken: string }> {
  const admin = await apiCall<{ user_access_token: string }>(h.server.url, '/v1/user/login', { method: 'POST', body: { type: 'password', ...OPERATOR } });
  assert.equal(admin.code, 0, admin.message);
  const { token } = await loginUserViaApi(h.server.url, '139');
  const me = await apiCall<{ user_id: number }>(h.server.url, '/v1/admin/me', { token });
  assert.equal(me.code, 0, me.message);
  const granted = await apiCall(h.server.url, `/v1/admin/users/${me.data.user_id}/roles`, { method: 'PUT', token: admin.data.user_access_token, body: { roles: ['editor'] } });
  assert.equal(granted.code, 0, granted.message);
  return { token, adminToken: admin.data.user_access_token };
}

describe('console courses', { timeout: HANG_LIMIT_MS * 3 }, () => {
  it('an editor creates a bilingual course with two chapters, publishes it, and the public course list shows it in zh and en', async () => {
    const { token, adminToken } = await editorToken();
    const { page } = await h.newPage();
    await storeLogin(page, token);
    const stamp = String(Date.now()).slice(-6);
    const zh = `控制台新课程 ${stamp}`;
    const en = `Console course ${stamp}`;

    await page.goto('/admin/courses/new?lang=zh');
    await page.locator('#title_zh').fill(zh);
    await page.locator('#title_en').fill(en);
    await page.locator('#summary_zh').fill('由编辑在控制台创建');
    await page.locator('input[type=file]').setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: PNG });
    await page.locator('.ant-image img').waitFor();
    await page.getByRole('button', { name: /保\s*存/ }).click();
    await page.waitForURL(/\/admin\/courses\/\d+/);
    const id = Number(/\/admin\/courses\/(\d+)/.exec(page.url())?.[1]);
    assert.ok(id > 0);

    await page.getByRole('tab', { name: /章节/ }).click();
    for (const [i, title] of ['第一章 概论', '第二章 实践'].entries()) {
      await page.getByLabel('章节中文标题').fill(title);
      await page.getByLabel('章节英文标题').fill(`Chapter ${i + 1}`);
      await page.getByRole('button', { name: '添加章节' }).last().click();
      await page.getByText(title, { exact: true }).waitFor();
    }
    await page.getByText('尚无视频').first().waitFor();

    await page.getByRole('button', { name: '立即发布' }).click();
    await page.locator('.ant-tag', { hasText: '已发布' }).first().waitFor();

    for (const [lang, title] of [['zh', zh], ['en', en]] as const) {
      const { page: reader } = await h.newPage();
      await reader.goto(`/course?lang=${lang}`);
      await reader.getByText(title).first().waitFor();
    }
    const chapters = await apiCall<{ items: Array<{ title: string }> }>(h.server.url, `/v2/user/course/${id}/chapter`);
    assert.deepEqual(chapters.data.items.map((c) => c.title), ['第一章 概论', '第二章 实践']);

    // The administrator finds the editor's creation and publication of the course in the audit log.
    const { page: auditor } = await h.newPage({ width: 1440, height: 900 });
    await storeLogin(auditor, adminToken);
    await auditor.goto('/admin/audit?lang=en');
    await auditor.getByRole('textbox', { name: 'Target' }).fill(`course:${id}`);
    await auditor.getByRole('button', { name: 'Apply' }).click();
    for (const action of ['course.create', 'course.publish']) {
      await auditor.getByRole('row').filter({ hasText: action }).filter({ hasText: `course:${id}` }).waitFor();
    }
  });
});
