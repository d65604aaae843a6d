import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { LiveCard, ProductPage, SitePage } from '@medportal/contract';
import { ErrorCode } from '@medportal/contract/codes';
import { resetApiClientForTests } from '../../shared/api-client';
import { resetSessionForTests } from '../../shared/session';
import { fail, ok, serveApi } from '../../testing/api-double';
import { setupI18n } from '../../testing/i18n';
import { renderRoutes } from '../../testing/render';
import { contactRoute } from './pages/contact-page';
import { aboutRoute, privacyBareRoute, privacyRoute } from './pages/document-page';
import { ProductPage as ProductPageView } from './pages/product-page';

const doc = (slug: string, over: Partial<SitePage> = {}): SitePage => ({
  slug,
  title: '隐私政策',
  body_html: '<p>正文 <a href="/contract">用户服务协议</a> <a href="https://privacy.qq.com/" rel="noopener noreferrer" target="_blank">腾讯</a></p>',
  version: '2025-07',
  effective_on: '2025-07-01',
  updated_at: '2025-07-01T00:00:00Z',
  ...over,
});

const siteConfig = {
  app_downloads: [],
  wechat_account: { key: 'wechat', title: 'WeChat', url: 'https://weixin.example.org/mp' },
  media_accounts: [],
  contact: { phone: '400-000-0000', email: 'help@example.org', hours: '9:00-18:00', address: '北京' },
  icp: 'ICP 000000',
};

const documentRoutes = [
  { path: '/privacy', ...privacyRoute },
  { path: '/privacy/w', ...privacyBareRoute },
  { path: '/about_us', ...aboutRoute },
];

beforeAll(async () => {
  await setupI18n('zh');
});

beforeEach(() => {
  resetApiClientForTests();
  resetSessionForTests();
});

describe('site documents', () => {
  it('shows the document with its version and routes links to pages of the site in the app', async () => {
    const user = userEvent.setup();
    const api = serveApi({ 'GET /v1/site/page/privacy': ok(doc('privacy')) });
    const { router } = renderRoutes(documentRoutes, '/privacy');
    expect(await screen.findByRole('heading', { level: 1, name: '隐私政策' })).toBeTruthy();
    expect(screen.getByText(/版本 2025-07/)).toBeTruthy();
    expect(screen.getByRole('link', { name: '腾讯' }).getAttribute('target')).toBe('_blank');
    expect(api.callsTo('GET', '/v1/site/page/privacy')).toHaveLength(1);
    await user.click(screen.getByRole('link', { name: '用户服务协议' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/contract'));
  });

  it('links a web-view page to the web-view variants of the other documents', async () => {
    serveApi({ 'GET /v1/site/page/privacy': ok(doc('privacy')) });
    renderRoutes(documentRoutes, '/privacy/w');
    expect((await screen.findByRole('link', { name: '用户服务协议' })).getAttribute('href')).toBe('/contract/w');
  });

  it('offers a retry when the document cannot be loaded', async () => {
    const user = userEvent.setup();
    let fails = true;
    serveApi({ 'GET /v1/site/page/about': () => (fails ? fail(ErrorCode.INTERNAL, null, 'boom') : ok(doc('about', { title: '关于我们', version: '', effective_on: null }))) });
    renderRoutes(documentRoutes, '/about_us');
    await screen.findByRole('alert');
    fails = false;
    await user.click(screen.getByRole('button', { name: '重试' }));
    expect(await screen.findByRole('heading', { level: 1, name: '关于我们' })).toBeTruthy();
    expect(screen.queryByText(/版本/)).toBeNull();
  });
});

describe('contact page', () => {
  const contactApi = (answer: Parameters<typeof serveApi>[0][string]) =>
    serveApi({
      'GET /v1/site/page/contact': ok(doc('contact', { title: '联系我们', version: '', effective_on: null })),
      'GET /v1/site/config': ok(siteConfig),
      'POST /v1/user/contact_form': answer,
    });

  it('checks the fields before sending, then confirms with the reference the server gave', async () => {
    const user = userEvent.setup();
    const api = contactApi(ok({ reference: 'C20250701-000042', received_at: '2025-07-01T04:00:00Z' }));
    renderRoutes([{ path: '/contact_us', ...contactRoute }], '/contact_us');
    expect(await screen.findByRole('heading', { level: 1, name: '联系我们' })).toBeTruthy();
    expect(await screen.findByRole('link', { name: 'help@example.org' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: '提交留言' }));
    expect(screen.getByText('请填写您的称呼')).toBeTruthy();
    expect(screen.getByText('请填写手机号或邮箱')).toBeTruthy();
    expect(screen.getByText('请填写留言内容')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('您的称呼'));
    expect(api.callsTo('POST', '/v1/user/contact_form')).toHaveLength(0);

    await user.type(screen.getByLabelText('您的称呼'), '王医生');
    await user.type(screen.getByLabelText('手机号或邮箱'), 'abc');
    await user.type(screen.getByLabelText('留言内容'), '视频无法播放');
    await user.click(screen.getByRole('button', { name: '提交留言' }));
    expect(screen.getByText('请填写有效的手机号或邮箱')).toBeTruthy();
    await user.clear(screen.getByLabelText('手机号或邮箱'));
    await user.type(screen.getByLabelText('手机号或邮箱'), '138 0000 0000');
    await user.click(screen.getByRole('button', { name: '提交留言' }));

    const status = await screen.findByRole('status');
    expect(within(status).getByText('留言已收到')).toBeTruthy();
    expect(within(status).getByText('C20250701-000042')).toBeTruthy();
    expect(api.callsTo('POST', '/v1/user/contact_form')[0]?.body).toMatchObject({ name: '王医生', contact: '138 0000 0000', message: '视频无法播放' });
  });

  it("shows the server's field errors and a rate limit in the person's language", async () => {
    const user = userEvent.setup();
    let answer = fail(ErrorCode.VALIDATION, { fields: [{ field: 'message', message: '长度至少为5个字符' }] });
    contactApi(() => answer);
    renderRoutes([{ path: '/contact_us', ...contactRoute }], '/contact_us');
    await user.type(await screen.findByLabelText('您的称呼'), 'A');
    await user.type(screen.getByLabelText('手机号或邮箱'), 'a@example.com');
    await user.type(screen.getByLabelText('留言内容'), 'hello world');
    await user.click(screen.getByRole('button', { name: '提交留言' }));
    expect(await screen.findByText('长度至少为5个字符')).toBeTruthy();
    expect(screen.getByLabelText('留言内容').getAttribute('aria-invalid')).toBe('true');
    answer = fail(ErrorCode.RATE_LIMITED, { retry_after: 60 });
    await user.click(screen.getByRole('button', { name: '提交留言' }));
    expect((await screen.findByRole('alert')).textContent).toBe('操作过于频繁，请稍后再试');
  });
});

describe('product landing page', () => {
  const product: ProductPage = {
    id: 3,
    key: 'meeting',
    title: '会议',
    desc: '学术会议报名、直播与回放',
    icon: '/media/cover/icon/meeting.svg',
    url: '/meeting',
    intro_html: '<p>会议平台介绍</p>',
    features: [{ title: '多会场直播', text: '主会场与分会场同时直播' }],
    links: [
      { title: '进入会议平台', action: { type: 2, data: { url: 'https://meeting.medportal.cn/' }, target: '_blank' } },
      { title: '往期会议回放', action: { type: 1, data: { url: '/live/history' }, target: '_self' } },
    ],
    others: [{ id: 1, key: 'creation', title: '创作中心', desc: '发布课程', icon: '/i.svg', url: '/creation' }],
  };

  it('shows the description, features and links, and leads to the other products', async () => {
    const user = userEvent.setup();
    serveApi({ 'GET /v1/relate_site/meeting': ok(product), 'GET /v1/live/product/meeting': ok({ product: 'meeting', items: [] }) });
    const { router } = renderRoutes([{ path: '/:product', element: <ProductPageView /> }], '/meeting');
    expect(await screen.findByRole('heading', { level: 1, name: '会议' })).toBeTruthy();
    expect(screen.getByText('会议平台介绍')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 3, name: '多会场直播' })).toBeTruthy();
    const cta = screen.getByRole('link', { name: '进入会议平台' });
    expect([cta.getAttribute('href'), cta.getAttribute('target')]).toEqual(['https://meeting.medportal.cn/', '_blank']);
    expect(screen.getByRole('link', { name: '往期会议回放' }).getAttribute('href')).toBe('/live/history');
    await user.click(screen.getByRole('link', { name: /创作中心/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/creation'));
  });

  const live = (id: number, title: string, status: number, text: string): LiveCard => ({
    id,
    banner: `/media/cover/live/l${id}.svg`,
    preview_gif: null,
    title,
    sub_title: '',
    start_at: '2026-11-28T10:00:00Z',
    end_at: '2026-11-28T12:00:00Z',
    live_status: status,
    live_status_text: text,
    action: { type: 1, data: { url: `/live/${id}` }, target: '_self' },
    meeting_no: '123456789',
    has_replay: false,
    date: '2026-11-28',
    remind_count: 0,
    is_remind: false,
    is_favorite: false,
  });

  it("lists the product's lives, each leading to its live", async () => {
    serveApi({
      'GET /v1/relate_site/meeting': ok(product),
      'GET /v1/live/product/meeting': ok({ product: 'meeting', items: [live(7, 'CSCO 淋巴瘤诊疗指南更新解读会', 1, '直播中'), live(9, '心力衰竭全程管理病例研讨', 0, '未开始')] }),
    });
    renderRoutes([{ path: '/:product', element: <ProductPageView /> }], '/meeting');
    const section = await screen.findByRole('region', { name: '相关直播' });
    const first = await within(section).findByRole('link', { name: /CSCO 淋巴瘤诊疗指南更新解读会/ });
    expect(first.getAttribute('href')).toBe('/live/7');
    expect(within(first).getByText('直播中')).toBeTruthy();
    expect(within(section).getByRole('link', { name: /心力衰竭全程管理病例研讨/ }).getAttribute('href')).toBe('/live/9');
  });

  it('says so when no live was ever tagged with the product', async () => {
    serveApi({ 'GET /v1/relate_site/meeting': ok(product), 'GET /v1/live/product/meeting': fail(ErrorCode.NOT_FOUND) });
    renderRoutes([{ path: '/:product', element: <ProductPageView /> }], '/meeting');
    const section = await screen.findByRole('region', { name: '相关直播' });
    expect(await within(section).findByText('该产品暂无直播。')).toBeTruthy();
  });
});
