import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { apiCall, waitFor, captchaAnswer, latestCode, loginUserViaApi, type Envelope } from '../src/dev-api.ts';
import { HANG_LIMIT_MS, storeLogin, useHarness } from '../src/harness.ts';

const h = useHarness();
const PAY_PASSWORD = '135790';
const OPERATOR = { account: '13900000001', country_code: '86', password: 'Operator-demo-1' };

interface Chapter {
  id: number;
  title: string;
  media: { hls_url: string } | null;
  locked_reason: 'login' | 'purchase' | null;
}
interface CourseCard {
  id: number;
  title: string;
  price: number;
}

/** A call with an Idempotency-Key header (paying calls), as the web sends it. */
async function paying<T>(path: string, token: string, body: unknown): Promise<Envelope<T>> {
  const res = await fetch(`${h.server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'idempotency-key': randomUUID() },
    body: JSON.stringify(body),
  });
  return (await res.json()) as Envelope<T>;
}

/** The sandbox payer confirms an order (developer endpoint). */
async function devPay(orderNo: string): Promise<void> {
  const r = await apiCall(h.server.url, `/v1/dev/pay/${encodeURIComponent(orderNo)}`, { method: 'POST', body: { result: 'success' } });
  assert.equal(r.code, 0, `dev pay: ${r.message}`);
}

async function wallet(token: string): Promise<{ balance: number; frozen: number }> {
  const r = await apiCall<{ balance: number; frozen: number }>(h.server.url, '/v1/user/wallet/info', { token });
  assert.equal(r.code, 0, r.message);
  return r.data;
}

/** Sets a pay password with the code the sandbox SMS delivered. */
async function setPayPassword(token: string, mobile: string): Promise<void> {
  const captcha = await apiCall<{ captcha_key: string }>(h.server.url, '/v1/user/verify_code_image');
  const captcha_code = await captchaAnswer(h.server.url, captcha.data.captcha_key);
  const sent = await apiCall(h.server.url, '/v1/user/send/sms', {
    method: 'POST',
    body: { mobile, country_code: '86', scene: 'pay_password', captcha_key: captcha.data.captcha_key, captcha_code },
    token,
  });
  assert.equal(sent.code, 0, sent.message);
  const code = await latestCode(h.server.url, mobile);
  const set = await apiCall(h.server.url, '/v1/user/pay/password', { method: 'POST', body: { pay_password: PAY_PASSWORD, code }, token });
  assert.equal(set.code, 0, set.message);
}

/** Tops the balance up through the API and the sandbox payer. */
async function topUp(token: string, fen: number): Promise<void> {
  const before = (await wallet(token)).balance;
  const r = await paying<{ order_no: string }>('/v1/pc/recharge', token, { amount: fen, channel: 'wechat' });
  assert.equal(r.code, 0, r.message);
  await devPay(r.data.order_no);
  await waitFor('the recharge to be credited', async () => (await wallet(token)).balance === before + fen);
}

async function paidCourse(token: string): Promise<{ course: CourseCard; chapter: Chapter }> {
  const list = await apiCall<{ items: CourseCard[] }>(h.server.url, '/v1/pc/course?price_type=2&page_size=50');
  for (const course of list.data.items) {
    const chapters = await apiCall<{ items: Chapter[] }>(h.server.url, `/v2/user/course/${course.id}/chapter`, { token });
    const chapter = chapters.data.items.find((c) => c.locked_reason === 'purchase');
    if (chapter) return { course, chapter };
  }
  throw new Error('no paid course with a locked chapter');
}

/** Password login (no SMS, so the pay-password code can be sent at once: one code per number a minute). */
async function passwordLogin(candidates: { account: string; password: string }[]): Promise<{ token: string; mobile: string }> {
  for (const c of candidates) {
    const r = await apiCall<{ user_access_token: string }>(h.server.url, '/v1/user/login', { method: 'POST', body: { type: 'password', country_code: '86', ...c } });
    if (r.code === 0) return { token: r.data.user_access_token, mobile: c.account };
  }
  throw new Error(`no demo account could log in: ${candidates.map((c) => c.account).join(', ')}`);
}
// The demo learner (moved to 13900000003 when the demo operator took 13900000001) and the demo moderator.
const demoLearner = () => passwordLogin([{ account: '13900000003', password: 'Learner-demo-1' }, { account: '13900000001', password: 'Learner-demo-1' }]);
const demoModerator = () => passwordLogin([{ account: '13900000002', password: 'Moderator-demo-1' }]);

async function operatorToken(): Promise<string> {
  const r = await apiCall<{ user_access_token: string }>(h.server.url, '/v1/user/login', { method: 'POST', body: { type: 'password', ...OPERATOR } });
  assert.equal(r.code, 0, `operator login: ${r.message}`);
  return r.data.user_access_token;
}

async function signedInPage(token: string, opts: { width?: number; height?: number; locale?: string } = {}): Promise<Page> {
  const { page } = await h.newPage(opts);
  await storeLogin(page, token);
  return page;
}

/** "¥12.00" for fen, as the web shows it. */
const yuan = (fen: number) => `¥${Math.floor(fen / 100).toLocaleString('en-US')}.${String(fen % 100).padStart(2, '0')}`;

/** A Luhn-valid 19-digit number on an ICBC debit BIN. */
function cardNumber(): string {
  const body = `622202${String(Date.now()).slice(-12)}`;
  for (let check = 0; check <= 9; check++) {
    const n = body + check;
    let sum = 0;
    for (let i = 0; i < n.length; i++) {
      let d = Number(n[n.length - 1 - i]);
      if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
      sum += d;
    }
    if (sum % 10 === 0) return n;
  }
  throw new Error('unreachable');
}

describe('money', () => {
  it('recharges by QR: the sandbox payer confirms and the balance changes without a reload', async () => {
    const { token } = await loginUserViaApi(h.server.url, '158');
    const page = await signedInPage(token);
    await page.goto('/wallet/recharge');
    await page.getByTestId('recharge-page').waitFor();
    await page.waitForFunction(() => document.querySelector('[data-testid="wallet-balance"]')?.textContent === '¥0.00');
    const first = page.locator('.recharge__option').first();
    const amountText = (await first.locator('.recharge__option-amount').textContent()) ?? '';
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 42));
    await page.getByRole('button', { name: '立即充值' }).click();
    const qr = page.getByTestId('qr-pay');
    await qr.waitFor();
    assert.match((await qr.locator('img').getAttribute('src')) ?? '', /^data:image\//);
    const orderNo = (await qr.getAttribute('data-order-no')) ?? '';
    await devPay(orderNo);
    await page.getByTestId('pay-success').waitFor();
    await page.waitForFunction((text) => document.querySelector('[data-testid="wallet-balance"]')?.textContent === text, amountText);
    // Same document: no reload happened.
    assert.equal(await page.evaluate(() => (window as unknown as { marker?: number }).marker), 42);
    await page.goto('/user/wallet');
    assert.equal(await page.getByTestId('wallet-balance').textContent(), amountText);
    await page.getByTestId('bill-row').first().waitFor();
    assert.equal(await page.getByTestId('bill-row').first().getAttribute('data-type'), 'recharge');
  });

  it('buys a paid course with the balance and plays its first paid chapter', async () => {
    const { token, mobile } = await demoLearner();
    const { course, chapter } = await paidCourse(token);
    await setPayPassword(token, mobile);
    const start = (await wallet(token)).balance;
    await topUp(token, course.price + 1000);
    const page = await signedInPage(token);
    await page.goto(`/course/${course.id}`);
    await page.getByTestId('course-buy').click();
    const dialog = page.getByRole('dialog', { name: '确认订单' });
    await dialog.waitFor();
    assert.equal(await dialog.getByTestId('amount-to-pay').textContent(), yuan(course.price));
    await dialog.getByLabel('支付密码').fill(PAY_PASSWORD);
    await dialog.getByRole('button', { name: '立即支付' }).click();
    await dialog.getByTestId('pay-success').waitFor();
    await dialog.getByRole('button', { name: '开始学习' }).click();
    await page.getByTestId('course-purchased').waitFor();
    assert.equal((await wallet(token)).balance, start + 1000);
    await page.getByRole('button', { name: new RegExp(chapter.title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) }).first().click();
    await page.waitForFunction(() => {
      const v = document.querySelector('video');
      return v !== null && !v.paused && v.currentTime > 1;
    }, undefined, { timeout: HANG_LIMIT_MS });

    await page.goto('/user/order');
    const row = page.getByTestId('order-row').first();
    await row.waitFor();
    assert.equal(await row.getAttribute('data-status'), 'paid');
  });

  it('lists a course bought by QR in My courses at once, at 0 %, before any learning', async () => {
    const { token } = await loginUserViaApi(h.server.url, '186');
    const { course } = await paidCourse(token);
    const order = await paying<{ order_no: string }>('/v1/pc/order', token, { module: 'course', module_id: course.id, channel: 'wechat' });
    assert.equal(order.code, 0, order.message);
    await devPay(order.data.order_no);
    await waitFor('the order to be paid', async () => (await apiCall<{ status: string }>(h.server.url, `/v1/user/order/info?order_no=${order.data.order_no}`, { token })).data.status === 'paid');
    const page = await signedInPage(token);
    await page.goto('/user/mycourse');
    const card = page.locator('.center-card').filter({ hasText: course.title }).first();
    await card.waitFor();
    assert.equal(await card.getByRole('progressbar').getAttribute('value'), '0');
    assert.match((await card.textContent()) ?? '', /尚未开始学习/);
    await card.getByRole('link', { name: '开始学习' }).click();
    await page.waitForURL((url) => url.pathname === `/course/${course.id}`);
  });

  it('buys with a claimed coupon by QR: the best coupon is chosen and the order turns paid', async () => {
    const operator = await operatorToken();
    const { token } = await loginUserViaApi(h.server.url, '188');
    const { course, chapter } = await paidCourse(token);
    const off = Math.min(1000, course.price - 1);
    const until = new Date(Date.now() + 86_400_000).toISOString();
    const campaign = await apiCall<{ id: number }>(h.server.url, '/v1/admin/coupon_campaigns', {
      method: 'POST',
      token: operator,
      body: { title_zh: `立减${off / 100}元`, title_en: 'Money off', kind: 'amount', value: off, max_discount: null, min_spend: 0, scope: 'all', course_ids: [], claim_ends_at: until, valid_days: 7 },
    });
    assert.equal(campaign.code, 0, campaign.message);

    const page = await signedInPage(token);
    await page.goto('/user/coupon');
    await page.getByTestId('coupon-page').waitFor();
    const claim = page.locator('.coupon-claim li').filter({ hasText: `立减${off / 100}元` }).getByRole('button', { name: '领取' });
    await claim.click();
    await page.getByTestId('coupon').first().waitFor();

    await page.goto(`/course/${course.id}`);
    await page.getByTestId('course-buy').click();
    const dialog = page.getByRole('dialog', { name: '确认订单' });
    await dialog.getByTestId('amount-to-pay').waitFor();
    assert.equal(await dialog.getByTestId('amount-to-pay').textContent(), yuan(course.price - off));
    await dialog.getByLabel('微信支付').check();
    await dialog.getByRole('button', { name: '生成付款码' }).click();
    const qr = dialog.getByTestId('qr-pay');
    await qr.waitFor();
    await devPay((await qr.getAttribute('data-order-no')) ?? '');
    await dialog.getByTestId('pay-success').waitFor();
    await dialog.getByRole('button', { name: '开始学习' }).click();
    await page.getByTestId('course-purchased').waitFor();
    const chapters = await apiCall<{ items: Chapter[] }>(h.server.url, `/v2/user/course/${course.id}/chapter`, { token });
    assert.ok(chapters.data.items.find((c) => c.id === chapter.id)?.media, 'the paid chapter plays after the QR payment');

    await page.goto('/user/coupon?status=used');
    await page.getByTestId('coupon').first().waitFor();
  });

  it('pays one pending order by QR from the order list and cancels another', async () => {
    const { token } = await loginUserViaApi(h.server.url, '186');
    const list = await apiCall<{ items: CourseCard[] }>(h.server.url, '/v1/pc/course?price_type=2&page_size=50');
    const [a, b] = list.data.items;
    assert.ok(a && b, 'two paid courses');
    for (const c of [a, b]) {
      const r = await paying('/v1/pc/order', token, { module: 'course', module_id: c.id, channel: 'alipay' });
      assert.equal(r.code, 0, r.message);
    }
    const page = await signedInPage(token);
    await page.goto('/user/order?status=pending');
    const rows = page.getByTestId('order-row');
    await rows.nth(1).waitFor();
    // Newest first: b's order, then a's.
    const cancelRow = rows.filter({ hasText: b.title });
    await cancelRow.getByRole('button', { name: '取消订单' }).click();
    await cancelRow.getByRole('button', { name: '确认取消' }).click();
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="order-row"]').length === 1);

    await rows.first().getByRole('button', { name: '去支付' }).click();
    const dialog = page.getByRole('dialog', { name: '支付订单' });
    await dialog.getByLabel('微信支付').check();
    await dialog.getByRole('button', { name: '生成付款码' }).click();
    const qr = dialog.getByTestId('qr-pay');
    await qr.waitFor();
    await devPay((await qr.getAttribute('data-order-no')) ?? '');
    await dialog.getByTestId('pay-success').waitFor();
    await dialog.getByRole('button', { name: '关闭' }).first().click();

    await page.goto('/user/order');
    await rows.nth(1).waitFor();
    const states = await rows.evaluateAll((els) => els.map((e) => e.getAttribute('data-status')));
    assert.deepEqual(states.slice(0, 2).sort(), ['closed', 'paid']);
  });

  it('signs in daily and sees the points in the details and the sidebar', async () => {
    const { token } = await loginUserViaApi(h.server.url, '187');
    const page = await signedInPage(token);
    await page.goto('/credit');
    const signIn = page.getByTestId('sign-in');
    await signIn.getByRole('button', { name: /^签到/ }).click();
    await signIn.getByText(/签到成功/).waitFor();
    await page.waitForFunction(() => Number(document.querySelector('[data-testid="available-score"]')?.textContent) > 0);
    const points = Number(await page.getByTestId('available-score').textContent());
    assert.ok(points > 0, `points after signing in: ${points}`);
    await page.getByTestId('score-row').first().waitFor();
    await page.waitForFunction((p) => document.querySelector('[data-testid="sidebar-points"]')?.textContent?.includes(String(p)), points);
    // Signed in for today: the button goes once the day's state is fetched again.
    await signIn.getByRole('button', { name: /^签到/ }).waitFor({ state: 'detached' });
  });

  it('adds a bank card, asks for a withdrawal, the operator approves, and the bill shows every step', async () => {
    const { token, mobile } = await demoModerator();
    await setPayPassword(token, mobile);
    await topUp(token, 5000);
    const page = await signedInPage(token);
    await page.goto('/wallet/add_account');
    await page.getByLabel('持卡人姓名').fill('张三');
    const number = page.getByLabel('银行卡号');
    await number.fill('6222020200000000001');
    await page.getByTestId('card-check').getByText('卡号无效，请检查').waitFor();
    await number.fill(cardNumber());
    await page.getByLabel('银行预留手机号').click();
    await page.getByTestId('card-check').getByText(/工商银行|ICBC/).waitFor();
    await page.getByLabel('银行预留手机号').fill('13800138000');
    await page.getByRole('button', { name: '保存' }).click();
    await page.waitForURL((url) => url.pathname === '/wallet/account');
    const card = page.getByTestId('bank-card').first();
    assert.match((await card.textContent()) ?? '', /\*{4}/);

    await page.goto('/wallet/cash');
    // Over the balance, with a short pay password: both refused in the browser, nothing sent.
    const asked: string[] = [];
    page.on('request', (req) => {
      if (req.method() === 'POST' && req.url().includes('withdraw')) asked.push(req.url());
    });
    await page.getByLabel('提现金额（元）').fill('80');
    await page.getByLabel('支付密码').fill('12');
    await page.getByRole('button', { name: '申请提现' }).click();
    await page.getByText('最多可提现 ¥50.00').waitFor();
    await page.getByText('请输入6位数字支付密码').waitFor();
    assert.equal(await page.getByLabel('提现金额（元）').evaluate((el) => el === document.activeElement), true, 'focus on the amount');
    assert.deepEqual(asked, []);
    await page.getByLabel('提现金额（元）').fill('20');
    await page.getByLabel('支付密码').fill(PAY_PASSWORD);
    await page.getByRole('button', { name: '申请提现' }).click();
    await page.getByTestId('withdrawal-requested').waitFor();
    assert.deepEqual(await wallet(token), { balance: 3000, frozen: 2000 });

    const operator = await operatorToken();
    const pending = await apiCall<{ items: { id: number; amount: number }[] }>(h.server.url, '/v1/admin/withdrawals?status=pending&page_size=50', { token: operator });
    const mine = pending.data.items.find((w) => w.amount === 2000);
    assert.ok(mine, 'the withdrawal waits for review');
    const approved = await apiCall(h.server.url, `/v1/admin/withdrawals/${mine.id}/approve`, { method: 'POST', token: operator });
    assert.equal(approved.code, 0, approved.message);
    await waitFor('the payout', async () => (await wallet(token)).frozen === 0);

    await page.goto('/wallet/withdrawal');
    const row = page.getByTestId('withdrawal-row').first();
    await row.waitFor();
    assert.equal(await row.getAttribute('data-status'), 'paid');

    await page.goto('/bill');
    await page.getByTestId('bill-row').first().waitFor();
    const types = await page.getByTestId('bill-row').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-type')));
    assert.deepEqual(types, ['withdrawal_paid', 'withdrawal', 'recharge']);
    await page.getByLabel('类型').selectOption('recharge');
    await page.waitForFunction(() => Array.from(document.querySelectorAll('[data-testid="bill-row"]')).every((r) => r.getAttribute('data-type') === 'recharge'));
  });

  it('edits the profile in /user/myinfo (the sidebar follows) and binds an email with a code', async () => {
    const { token } = await loginUserViaApi(h.server.url, '184');
    const page = await signedInPage(token);
    await page.goto('/user/myinfo');
    const nickname = page.getByLabel('昵称');
    await nickname.waitFor();
    await nickname.fill('王医生');
    await page.getByLabel('医院').fill('协和医院');
    await page.getByLabel('职称').fill('主治医师');
    await page.getByRole('button', { name: '保存资料' }).click();
    await page.getByText('资料已保存').waitFor();
    await page.locator('.user-center__nickname').getByText('王医生').waitFor();
    const me = await apiCall<{ nickname: string; hospital: string; professional_title: string }>(h.server.url, '/v1/user/personal_info', { token });
    assert.deepEqual([me.data.nickname, me.data.hospital, me.data.professional_title], ['王医生', '协和医院', '主治医师']);

    const email = `doc${Date.now()}@example.com`;
    await page.getByTestId('myinfo-email').locator('..').getByRole('button', { name: '绑定' }).click();
    const form = page.getByRole('form', { name: '绑定邮箱' });
    await form.getByLabel('新邮箱').fill(email);
    // The human check: once its challenge is loaded, pressing it makes the browser do the work.
    await form.locator('[data-testid="human-check"][data-captcha-key]').waitFor();
    await form.getByRole('checkbox', { name: '人机验证' }).click();
    await form.locator('[data-testid="human-check"][aria-checked="true"]').waitFor();
    await form.getByTestId('send-code').click();
    await form.getByLabel('验证码', { exact: true }).fill(await latestCode(h.server.url, email));
    await form.getByRole('button', { name: '确认绑定' }).click();
    await page.getByText('绑定成功').waitFor();
    assert.match((await page.getByTestId('myinfo-email').textContent()) ?? '', /@example\.com/);
  });

  it('redeems a points voucher from an operator batch', async () => {
    const operator = await operatorToken();
    const batch = await apiCall<{ codes: string[] }>(h.server.url, '/v1/admin/voucher_batches', { method: 'POST', token: operator, body: { kind: 'points', count: 1, points: 30 } });
    assert.equal(batch.code, 0, batch.message);
    const { token } = await loginUserViaApi(h.server.url, '183');
    const page = await signedInPage(token);
    await page.goto('/voucher');
    await page.getByRole('textbox', { name: '兑换码' }).fill(batch.data.codes[0] ?? '');
    await page.getByRole('button', { name: '立即兑换' }).click();
    await page.getByText('兑换成功：+30 积分').waitFor();
    // The same code again is refused, with the reason.
    await page.getByRole('textbox', { name: '兑换码' }).fill(batch.data.codes[0] ?? '');
    await page.getByRole('button', { name: '立即兑换' }).click();
    await page.getByRole('alert').getByText(/已被使用|already/).waitFor();
    await page.goto('/credit');
    await page.waitForFunction(() => document.querySelector('[data-testid="available-score"]')?.textContent === '30');
  });

  it('pays part of a course with credit points by QR: the amount falls and the points are spent', async () => {
    const operator = await operatorToken();
    const batch = await apiCall<{ codes: string[] }>(h.server.url, '/v1/admin/voucher_batches', { method: 'POST', token: operator, body: { kind: 'points', count: 1, points: 500 } });
    assert.equal(batch.code, 0, batch.message);
    const { token } = await loginUserViaApi(h.server.url, '182');
    const redeemed = await apiCall(h.server.url, '/v1/user/voucher/redeem', { method: 'POST', token, body: { code: batch.data.codes[0] } });
    assert.equal(redeemed.code, 0, redeemed.message);
    const { course } = await paidCourse(token);
    // At most 20 % of the price, a point a fen.
    const usable = Math.min(500, Math.floor(course.price / 5));

    const page = await signedInPage(token);
    await page.goto(`/course/${course.id}`);
    await page.getByTestId('course-buy').click();
    const dialog = page.getByRole('dialog', { name: '确认订单' });
    await dialog.getByTestId('amount-to-pay').waitFor();
    assert.equal(await dialog.getByTestId('amount-to-pay').textContent(), yuan(course.price));
    await dialog.getByTestId('use-points').check();
    assert.equal(await dialog.getByTestId('amount-to-pay').textContent(), yuan(course.price - usable));
    await dialog.getByLabel('微信支付').check();
    await dialog.getByRole('button', { name: '生成付款码' }).click();
    const qr = dialog.getByTestId('qr-pay');
    await qr.waitFor();
    const orderNo = (await qr.getAttribute('data-order-no')) ?? '';
    const order = await apiCall<{ amount: number; points_used: number }>(h.server.url, `/v1/user/order/info?order_no=${orderNo}`, { token });
    assert.deepEqual({ amount: order.data.amount, points: order.data.points_used }, { amount: course.price - usable, points: usable });
    await devPay(orderNo);
    await dialog.getByTestId('pay-success').waitFor();
    await page.goto('/credit');
    await page.waitForFunction((left) => document.querySelector('[data-testid="available-score"]')?.textContent === left, String(500 - usable));
  });

  it('fits a 390 px phone in English: wallet, recharge and orders', async () => {
    const { token } = await loginUserViaApi(h.server.url, '185');
    const page = await signedInPage(token, { width: 390, height: 844, locale: 'en-US' });
    for (const [path, heading] of [
      ['/user/wallet?lang=en', 'My wallet'],
      ['/wallet/recharge?lang=en', 'Recharge'],
      ['/user/order?lang=en', 'My orders'],
      ['/user/coupon?lang=en', 'My coupons'],
      ['/credit?lang=en', 'Credit points'],
      ['/user/myinfo?lang=en', 'My profile'],
    ] as const) {
      await page.goto(path);
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      assert.ok(overflow <= 0, `${path} overflows by ${overflow}px`);
    }
  });

  it('sends an anonymous visitor of the wallet to the login page with the full callback', async () => {
    const { page } = await h.newPage();
    await page.goto('/wallet/recharge?x=1');
    await page.waitForURL((url) => url.pathname === '/login');
    assert.equal(new URL(page.url()).searchParams.get('callback'), `${h.server.url}/wallet/recharge?x=1`);
  });
});
