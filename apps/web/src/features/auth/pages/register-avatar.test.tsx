import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ErrorCode } from '@medportal/contract/codes';
import { IMAGE_UPLOAD_LIMIT_KB, StorageKey } from '@medportal/contract/constants';
import { resetApiClientForTests } from '../../../shared/api-client';
import { resetSessionForTests } from '../../../shared/session';
import { fail, ok, serveApi } from '../../../testing/api-double';
import { setupI18n } from '../../../testing/i18n';
import { renderRoutes } from '../../../testing/render';
import * as registerRoute from './register-page';

const personalInfo = {
  id: 1, avatar_url: '', nickname: '用户8000', real_name: '王五', gender: 0, mobile: '138****8000', country_code: '86', email: null,
  hospital: '', department: null, professional_title: '', occupation: 'doctor', province: '', city: '', availablescore: 0,
  profile_completed: false, created_at: '2025-01-01T00:00:00Z',
};
const uploaded = { url: '/uploads/202501/abc.png', width: 64, height: 64 };

/** A logged-in new user on the profile step; `handlers` add to or replace the defaults. */
function serve(handlers: Parameters<typeof serveApi>[0] = {}) {
  return serveApi({
    'GET /v1/user/session': fail(ErrorCode.NOT_LOGGED_IN),
    'GET /v1/user/user/check_has_password': ok({ has_password: true }),
    'GET /v1/user/personal_info': ok(personalInfo),
    'GET /v2/user/personal_department': ok({ items: [] }),
    'PUT /v1/user/personal_info': ({ body }) => ok({ ...personalInfo, nickname: body?.nickname, avatar_url: body?.avatar_url ?? '' }),
    ...handlers,
  });
}

const renderRegister = () => renderRoutes([{ path: '/register', loader: registerRoute.loader, Component: registerRoute.Component }], '/register');
const png = () => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'me.png', { type: 'image/png' });

beforeAll(async () => {
  await setupI18n('zh');
});

beforeEach(() => {
  resetApiClientForTests();
  localStorage.setItem(StorageKey.ACCESS_TOKEN, 'acc-1');
  localStorage.setItem(StorageKey.REFRESH_TOKEN, 'ref-1');
  resetSessionForTests();
  // jsdom has no object URLs; the preview only needs a stable one.
  Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:preview'), revokeObjectURL: vi.fn() });
});

afterEach(() => {
  resetSessionForTests();
});

describe('/register: avatar', () => {
  it('shows the current avatar and turns down a non-image or an oversized file without calling the API', async () => {
    // Only the picker's `accept` filters; a drop or "all files" can still hand over anything.
    const user = userEvent.setup({ applyAccept: false });
    const api = serve({ 'GET /v1/user/personal_info': ok({ ...personalInfo, avatar_url: '/media/old.png' }) });
    renderRegister();
    const input = await screen.findByLabelText('头像', { selector: 'input' });
    expect(input.getAttribute('accept')).toBe('image/png,image/jpeg,image/gif,image/webp');
    expect(screen.getByRole('img', { name: '头像预览' }).getAttribute('src')).toBe('/media/old.png');
    expect(screen.getByRole('button', { name: '头像 选择图片' })).toBeTruthy();

    await user.upload(input, new File(['%PDF'], 'cv.pdf', { type: 'application/pdf' }));
    expect((await screen.findByRole('alert')).textContent).toBe('只支持 PNG、JPEG、GIF、WebP 图片');
    expect(input.getAttribute('aria-invalid')).toBe('true');

    const big = new File([new Uint8Array(IMAGE_UPLOAD_LIMIT_KB * 1024 + 1)], 'big.jpg', { type: 'image/jpeg' });
    await user.upload(input, big);
    expect((await screen.findByRole('alert')).textContent).toBe('图片不能超过 10 MB');

    expect(api.callsTo('POST', '/v1/user/img')).toHaveLength(0);
    expect(screen.getByRole('img', { name: '头像预览' }).getAttribute('src')).toBe('/media/old.png');
  });

  it('uploads a PNG as multipart "file", previews it, and saves avatar_url with the profile', async () => {
    const user = userEvent.setup();
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const api = serve({
      'POST /v1/user/img': async () => {
        await gate;
        return ok(uploaded);
      },
    });
    const { router } = renderRegister();
    const file = png();
    await user.upload(await screen.findByLabelText('头像', { selector: 'input' }), file);

    // Pending: the preview shows, the buttons wait for the upload.
    expect(screen.getByRole('img', { name: '头像预览' }).getAttribute('src')).toBe('blob:preview');
    expect(screen.getByRole('status').textContent).toBe('正在上传…');
    expect(screen.getByRole('button', { name: '头像 选择图片' }).getAttribute('aria-busy')).toBe('true');
    expect((screen.getByRole('button', { name: '完成注册' }) as HTMLButtonElement).disabled).toBe(true);
    release();
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('已上传，保存后生效'));

    const [upload] = api.callsTo('POST', '/v1/user/img');
    expect(upload!.form?.get('file')).toBe(file);
    expect(upload!.body).toBeNull();
    expect(upload!.query.get('access_token')).toBe('acc-1');

    await user.click(screen.getByRole('button', { name: '完成注册' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(api.callsTo('PUT', '/v1/user/personal_info')[0]!.body).toMatchObject({ avatar_url: uploaded.url, real_name: '王五' });
    expect(JSON.parse(localStorage.getItem(StorageKey.USER_INFO)!).avatar_url).toBe(uploaded.url);
  });

  it('leaves avatar_url out of the save when no new image was uploaded', async () => {
    const user = userEvent.setup();
    const api = serve({ 'GET /v1/user/personal_info': ok({ ...personalInfo, avatar_url: 'https://thirdwx.qlogo.cn/a.png' }) });
    const { router } = renderRegister();
    await user.click(await screen.findByRole('button', { name: '完成注册' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(api.callsTo('PUT', '/v1/user/personal_info')[0]!.body).not.toHaveProperty('avatar_url');
  });

  it('refreshes the token once on 200203 during the upload and replays it', async () => {
    const user = userEvent.setup();
    const api = serve({
      'POST /v1/user/refresh/token': ok({ user_access_token: 'acc-2', user_refresh_token: 'ref-2', user_info: { avatar_url: '', nickname: '用户8000' }, platform: 'web' }),
      'POST /v1/user/img': ({ query }) => (query.get('access_token') === 'acc-2' ? ok(uploaded) : fail(ErrorCode.NOT_LOGGED_IN)),
    });
    renderRegister();
    const file = png();
    await user.upload(await screen.findByLabelText('头像', { selector: 'input' }), file);
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('已上传，保存后生效'));

    expect(api.callsTo('POST', '/v1/user/refresh/token')).toHaveLength(1);
    const uploads = api.callsTo('POST', '/v1/user/img');
    expect(uploads.map((c) => c.query.get('access_token'))).toEqual(['acc-1', 'acc-2']);
    expect(uploads[1]!.form?.get('file')).toBe(file);
    expect(localStorage.getItem(StorageKey.ACCESS_TOKEN)).toBe('acc-2');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it.each([
    [ErrorCode.PAYLOAD_TOO_LARGE, '提交的内容过大'],
    [ErrorCode.UNSUPPORTED_MEDIA_TYPE, '不支持的内容类型'],
    [ErrorCode.VALIDATION, '提交的内容有误'],
  ])('shows the server error %i and goes back to the saved avatar', async (code, text) => {
    const user = userEvent.setup();
    const api = serve({ 'POST /v1/user/img': fail(code) });
    renderRegister();
    await user.upload(await screen.findByLabelText('头像', { selector: 'input' }), png());
    expect((await screen.findByRole('alert')).textContent).toBe(text);
    expect(screen.getByRole('img', { name: '头像预览' }).getAttribute('src')).toBe('/default-image.svg');
    expect((screen.getByRole('button', { name: '完成注册' }) as HTMLButtonElement).disabled).toBe(false);

    await user.click(screen.getByRole('button', { name: '完成注册' }));
    await waitFor(() => expect(api.callsTo('PUT', '/v1/user/personal_info')).toHaveLength(1));
    expect(api.callsTo('PUT', '/v1/user/personal_info')[0]!.body).not.toHaveProperty('avatar_url');
  });

  it("prefers the server's message for the file field of a VALIDATION answer", async () => {
    const user = userEvent.setup();
    serve({ 'POST /v1/user/img': fail(ErrorCode.VALIDATION, { fields: [{ field: 'file', message: '只支持 PNG、JPEG、GIF、WebP 图片' }] }) });
    renderRegister();
    await user.upload(await screen.findByLabelText('头像', { selector: 'input' }), png());
    expect((await screen.findByRole('alert')).textContent).toBe('只支持 PNG、JPEG、GIF、WebP 图片');
  });
});
