import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { render, waitFor } from '@testing-library/react';
import { ok, serveApi } from '../testing/api-double';
import { setupI18n } from '../testing/i18n';
import { JSSDK_SRC, isWechat, resetWechatForTests, useWechatShare, type WxJsSdk } from './wechat-jssdk';

const WECHAT_UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 MicroMessenger/8.0.47';
const signed = { app_id: 'wx123', timestamp: 1700000000, nonce_str: 'n0nce', signature: 'abc123', js_api_list: ['updateAppMessageShareData'], sandbox: true };

beforeAll(async () => {
  await setupI18n('zh');
});

afterEach(() => {
  resetWechatForTests();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  document.head.querySelectorAll('script[src]').forEach((s) => s.remove());
  delete (window as { wx?: unknown }).wx;
});

function Page() {
  useWechatShare({ title: '淋巴瘤指南解读', desc: '直播 · 19:30', image: '/uploads/banner.png' });
  return null;
}

/** A stand-in for the SDK: records calls; `config` succeeds at once. */
function fakeWx() {
  let ready: () => void = () => undefined;
  const wx = {
    config: vi.fn(() => ready()),
    ready: vi.fn((cb: () => void) => (ready = cb)),
    error: vi.fn(),
    updateAppMessageShareData: vi.fn(),
    updateTimelineShareData: vi.fn(),
  };
  return wx as typeof wx & Partial<WxJsSdk>;
}

describe('WeChat JS-SDK', () => {
  it('recognises WeChat by MicroMessenger in the user agent', () => {
    expect(isWechat(WECHAT_UA)).toBe(true);
    expect(isWechat('Mozilla/5.0 (X11; Linux x86_64) Chrome/126.0')).toBe(false);
  });

  it('outside WeChat loads no script and asks for no signature', async () => {
    const api = serveApi({ 'POST /v1/user/wxa_ticket': ok(signed) });
    render(<Page />);
    await new Promise((r) => setTimeout(r, 20));
    expect(document.head.querySelector(`script[src="${JSSDK_SRC}"]`)).toBeNull();
    expect(api.callsTo('POST', '/v1/user/wxa_ticket')).toHaveLength(0);
  });

  it('inside WeChat signs the current URL, configures wx and sets the page share data', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(WECHAT_UA);
    const api = serveApi({ 'POST /v1/user/wxa_ticket': ok(signed) });
    const wx = fakeWx();
    render(<Page />);
    const script = await waitFor(() => {
      const s = document.head.querySelector<HTMLScriptElement>(`script[src="${JSSDK_SRC}"]`);
      expect(s).not.toBeNull();
      return s!;
    });
    expect(api.callsTo('POST', '/v1/user/wxa_ticket')[0]?.body?.url).toBe(window.location.href.split('#')[0]);
    (window as { wx?: unknown }).wx = wx;
    script.onload?.(new Event('load'));
    await waitFor(() => expect(wx.updateAppMessageShareData).toHaveBeenCalled());
    expect(wx.config).toHaveBeenCalledWith({
      debug: false,
      appId: 'wx123',
      timestamp: 1700000000,
      nonceStr: 'n0nce',
      signature: 'abc123',
      jsApiList: ['updateAppMessageShareData'],
    });
    expect(wx.updateAppMessageShareData).toHaveBeenCalledWith({
      title: '淋巴瘤指南解读',
      desc: '直播 · 19:30',
      link: window.location.href.split('#')[0],
      imgUrl: `${window.location.origin}/uploads/banner.png`,
    });
    expect(wx.updateTimelineShareData).toHaveBeenCalledWith(expect.objectContaining({ title: '淋巴瘤指南解读' }));
  });
});
