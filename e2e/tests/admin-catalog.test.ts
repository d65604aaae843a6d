import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { useHarness } from '../src/harness.ts';

const h = useHarness();

/**
 * Opens a console page. The harness's page.goto waits for the public app's `data-location` mark,
 * which the console (a separate app) does not set: the frame's own goto, then the console's layout.
 */
async function open(page: Page, url: string): Promise<void> {
  await page.mainFrame().goto(url);
  await page.locator('.ant-layout, form').first().waitFor();
}

/** Logs into the console with the demo operator (an administrator). */
async function consoleLogin(page: Page): Promise<void> {
  await open(page, '/admin/login?lang=zh');
  await page.getByLabel('手机号').fill('13900000001');
  await page.getByLabel('密码').fill('Operator-demo-1');
  await page.getByRole('button', { name: /登\s*录/ }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/admin/login'));
}

/** Saves the form open in the console and waits for the API's answer. */
async function save(page: Page, method: 'POST' | 'PUT'): Promise<{ id: number; updated_at: string }> {
  const answer = page.waitForResponse((r) => r.url().includes('/v1/admin/') && r.request().method() === method);
  await page.getByRole('button', { name: /保\s*存/ }).click();
  const body = (await (await answer).json()) as { code: number; message: string; data: { id: number; updated_at: string } };
  assert.equal(body.code, 0, body.message);
  return body.data;
}

/** Publishes the item open in the console's editor. */
async function publishOpen(page: Page, resource: string, id: number): Promise<void> {
  await open(page, `/admin/catalog/${resource}/edit/${id}?lang=zh`);
  const answer = page.waitForResponse((r) => r.url().endsWith(`/v1/admin/${resource}/${id}/publish`));
  await page.getByRole('button', { name: /立即发布/ }).click();
  const confirm = page.getByRole('button', { name: /确\s*定/ });
  if (await confirm.isVisible().catch(() => false)) await confirm.click();
  assert.equal(((await (await answer).json()) as { code: number }).code, 0);
}

async function pickDate(page: Page, id: string, day: string): Promise<void> {
  await page.locator(`#${id}`).click();
  await page.locator(`#${id}`).fill(day);
  await page.keyboard.press('Enter');
}

async function pickOption(page: Page, id: string, label: string): Promise<void> {
  await page.locator(`#${id}`).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: label }).first().click();
}

describe('console catalog', () => {
  it('a speaker added in the console is on the public speaker list', async () => {
    const { page } = await h.newPage();
    await consoleLogin(page);
    await open(page, '/admin/catalog/speakers/create?lang=zh');
    await page.locator('#name_zh').fill('控制台讲者');
    await page.locator('#name_en').fill('Console Speaker');
    await page.locator('#avatar').fill('/favicon.ico');
    await page.locator('#title_zh').fill('主任医师');
    await page.locator('#sort').fill('-100000');
    // The hospital is picked by typing part of its name, not by its id.
    await page.locator('#hospital_id').fill('华西');
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: '四川大学华西医院' }).click();
    // Departments likewise, several (the selector takes the click: a multiple select's box has no width yet).
    await page.locator('.ant-form-item').filter({ has: page.locator('#department_ids') }).locator('.ant-select-selector').click();
    await page.keyboard.type('血液');
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: '内科 · 血液科' }).click();
    await page.keyboard.press('Escape');
    const speaker = await save(page, 'POST');
    assert.equal((speaker as { department_ids?: number[] }).department_ids?.length, 1);
    assert.ok(((speaker as { hospital_id?: number | null }).hospital_id ?? 0) > 0, 'the speaker keeps the picked hospital');
    await publishOpen(page, 'speakers', speaker.id);
    // Opened again, the form names the chosen hospital.
    await page.locator('.ant-form-item').filter({ has: page.locator('#hospital_id') }).getByText('四川大学华西医院').waitFor();
    await page.locator('.ant-form-item').filter({ has: page.locator('#department_ids') }).getByText('内科 · 血液科').waitFor();

    await page.goto('/speaker');
    await page.getByText('控制台讲者').first().waitFor();
  });

  it('a congress added in the console is on the public meeting calendar', async () => {
    const { page } = await h.newPage();
    await consoleLogin(page);
    await open(page, '/admin/catalog/congresses/create?lang=zh');
    await page.locator('#acronym').fill('ZQXCON 2031');
    await page.locator('#title_zh').fill('ZQXCON 控制台大会');
    await page.locator('#title_en').fill('ZQXCON Console Congress');
    await page.locator('#organizer_zh').fill('控制台学会');
    await page.locator('#organizer_en').fill('Console Society');
    await pickDate(page, 'start_date', '2031-05-10');
    await pickDate(page, 'end_date', '2031-05-12');
    await page.locator('#country').fill('FR');
    await pickOption(page, 'field', '肿瘤');
    await pickOption(page, 'region', '欧洲');
    await page.locator('#url').fill('https://example.org/zqxcon');
    await page.locator('#logo').fill('/favicon.ico');
    const congress = await save(page, 'POST');
    await publishOpen(page, 'congresses', congress.id);

    await page.goto('/meeting/calendar?month=2031-05');
    await page.locator(`[data-testid="congress-card"][data-id="${congress.id}"]`).waitFor();
  });

  it('editing the about page in the console changes the public page', async () => {
    const { page } = await h.newPage();
    await consoleLogin(page);
    await open(page, '/admin/catalog/site_pages?lang=zh&q=about');
    const row = page.getByRole('row').filter({ hasText: 'about' }).first();
    await row.getByRole('button').first().click();
    await page.waitForURL((url) => /\/admin\/catalog\/site_pages\/edit\/\d+/.test(url.pathname));
    await page.locator('#body_zh').fill('<h2>控制台修改的关于我们</h2><p>由运营后台编辑。</p>');
    const saved = await save(page, 'PUT');

    await page.goto('/about_us');
    await page.getByText('控制台修改的关于我们').waitFor();
    assert.ok(await page.getByText('由运营后台编辑。').isVisible());

    // A second edit: the history lists both saves, and the public page shows the newer text.
    await open(page, `/admin/catalog/site_pages/edit/${saved.id}?lang=zh`);
    await page.locator('#body_zh').fill('<h2>关于我们第二版</h2><p>第二次编辑。</p>');
    await save(page, 'PUT');
    await open(page, `/admin/catalog/site_pages/edit/${saved.id}?lang=zh`);
    await page.getByRole('button', { name: '历史版本' }).click();
    const drawer = page.locator('.ant-drawer');
    const first = drawer.getByRole('row').filter({ has: page.getByRole('cell', { name: '1', exact: true }) });
    await first.waitFor();
    await drawer.getByRole('row').filter({ has: page.getByRole('cell', { name: '2', exact: true }) }).waitFor();

    await page.goto('/about_us');
    await page.getByText('关于我们第二版').waitFor();

    // Restoring version 1 saves it as version 3 and puts its text back on the public page.
    await open(page, `/admin/catalog/site_pages/edit/${saved.id}?lang=zh`);
    await page.getByRole('button', { name: '历史版本' }).click();
    await first.getByRole('button', { name: /恢\s*复/ }).click();
    const restored = page.waitForResponse((r) => /\/v1\/admin\/site_pages\/\d+\/versions\/\d+\/restore$/.test(r.url()));
    await page.locator('.ant-popconfirm').getByRole('button', { name: /确\s*定|OK/ }).click();
    assert.equal(((await (await restored).json()) as { code: number; message: string }).code, 0);
    await drawer.getByRole('row').filter({ has: page.getByRole('cell', { name: '3', exact: true }) }).waitFor();

    await page.goto('/about_us');
    await page.getByText('控制台修改的关于我们').waitFor();
    assert.equal(await page.getByText('关于我们第二版').count(), 0);
  });
});
