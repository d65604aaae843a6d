import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { apiCall, loginUserViaApi } from '../src/dev-api.ts';
import { storeLogin, useHarness } from '../src/harness.ts';

const h = useHarness();

const OPERATOR = { account: '13900000001', country_code: '86', password: 'Operator-demo-1' };

/** A new account given the live producer role by the demo administrator: its token and the administrator's. */
async function liveProducer(): Promise<{ token: string; adminToken: string }> {
  const admin = await apiCall<{ user_access_token: string }>(h.server.url, '/v1/user/login', { method: 'POST', body: { type: 'password', ...OPERATOR } });
  assert.equal(admin.code, 0, `operator login: ${admin.message}`);
  const { token } = await loginUserViaApi(h.server.url, '157');
  const me = await apiCall<{ user_id: number }>(h.server.url, '/v1/admin/me', { token });
  const granted = await apiCall(h.server.url, `/v1/admin/users/${me.data.user_id}/roles`, { method: 'PUT', token: admin.data.user_access_token, body: { roles: ['live_producer'] } });
  assert.equal(granted.code, 0, `grant: ${granted.message}`);
  return { token, adminToken: admin.data.user_access_token };
}

const at = (d: Date) => {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}`;
};

describe('lives in the console', () => {
  it('a live producer schedules a bilingual live with a two-item agenda, sees its push URL, publishes, and the public page shows the agenda', async () => {
    const { token, adminToken } = await liveProducer();
    const { page } = await h.newPage({ width: 1440, height: 900 });
    await storeLogin(page, token);
    // The console is not the reader's app (no <html data-location> to wait for): navigate plainly.
    await page.evaluate(() => window.location.assign('/admin/lives/create?lang=zh'));
    await page.getByRole('button', { name: '添加议程' }).waitFor();

    const title = `控制台直播 ${Date.now()}`;
    // antd gives a named field's input the field's name as its id.
    await page.locator('#title_zh').fill(title);
    await page.locator('#title_en').fill('A console live');
    const start = new Date(Date.now() + 2 * 24 * 3600_000);
    start.setMinutes(0, 0, 0);
    const mid = new Date(start.getTime() + 3600_000);
    const end = new Date(start.getTime() + 2 * 3600_000);

    const typeRange = async (label: string, from: Date, to: Date) => {
      const picker = page.getByLabel(label);
      const inputs = picker.locator('input');
      await inputs.nth(0).click();
      await inputs.nth(0).fill(at(from));
      await inputs.nth(0).press('Enter');
      await inputs.nth(1).fill(at(to));
      await inputs.nth(1).press('Enter');
    };
    await typeRange('直播时间', start, end);

    await page.getByRole('button', { name: '添加议程' }).click();
    await page.getByRole('button', { name: '添加议程' }).click();
    await typeRange('时间 1', start, mid);
    await page.getByLabel('议题 zh 1').fill('指南解读');
    await page.getByLabel('议题 en 1').fill('The guideline');
    await typeRange('时间 2', mid, end);
    await page.getByLabel('议题 zh 2').fill('病例讨论');

    await page.getByRole('button', { name: /保\s*存|Save/ }).click();
    // Saved: the editor of the new live, with its stream panel.
    const panel = page.getByTestId('stream-panel');
    await panel.waitFor();
    const server = await page.getByTestId('push-server').textContent();
    assert.match(server ?? '', /^rtmps?:\/\//);
    // antd spaces a two-character Chinese label on a button: 显 示.
    await panel.getByRole('button', { name: /显\s*示/ }).first().click();
    const key = await panel.locator('input[readonly]').first().inputValue();
    assert.match(key, /^live-\d+-.+\?txSecret=[0-9a-f]{32}&txTime=[0-9A-F]+$/);

    const id = Number(/\/lives\/(\d+)\/edit/.exec(page.url())?.[1]);
    assert.ok(id > 0, page.url());
    await page.getByRole('button', { name: '立即发布' }).click();
    await page.getByText('已发布').first().waitFor();

    const live = await apiCall<{ agenda: { title_zh: string }[] }>(h.server.url, `/v1/admin/lives/${id}`, { token });
    assert.deepEqual(
      live.data.agenda.map((a) => a.title_zh),
      ['指南解读', '病例讨论'],
    );

    const reader = (await h.newPage({ width: 390, height: 844 })).page;
    await reader.goto(`/w/o/live/${id}`);
    await reader.getByRole('button', { name: '会议议程' }).click();
    const agenda = reader.getByTestId('live-agenda');
    await agenda.getByText('指南解读').waitFor();
    await agenda.getByText('病例讨论').waitFor();

    // The administrator finds the producer's creation and publication of the live in the audit log.
    const auditor = (await h.newPage({ width: 1440, height: 900 })).page;
    await storeLogin(auditor, adminToken);
    await auditor.goto('/admin/audit?lang=en');
    await auditor.getByRole('textbox', { name: 'Target' }).fill(`live:${id}`);
    await auditor.getByRole('button', { name: 'Apply' }).click();
    for (const action of ['live.create', 'live.publish']) {
      await auditor.getByRole('row').filter({ hasText: action }).filter({ hasText: `live:${id}` }).waitFor();
    }
  });
});
