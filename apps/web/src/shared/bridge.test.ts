import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { MiniProgramSkip, NativeAction } from '@medportal/contract/codes';
import { setupI18n } from '../testing/i18n';
import {
  MINI_PROGRAM_SKIP_PAGE,
  clampBackHomeType,
  detectHost,
  miniProgram,
  miniProgramSkip,
  miniProgramUrl,
  nativeBridge,
} from './bridge';

beforeAll(async () => {
  await setupI18n('zh');
});

afterEach(() => {
  delete window.MedBridge;
  delete window.webkit;
  delete window.__wxjs_environment;
  delete window.wx;
});

function installAndroid() {
  const postMessage = vi.fn<(message: string) => void>();
  window.MedBridge = { postMessage };
  return (i = 0) => JSON.parse(postMessage.mock.calls[i]![0]) as unknown;
}

function installIos() {
  const postMessage = vi.fn<(message: unknown) => void>();
  window.webkit = { messageHandlers: { MedBridge: { postMessage } } };
  return postMessage;
}

function installMiniProgram() {
  const navigateTo = vi.fn<(options: { url: string; fail?: (e: unknown) => void }) => void>();
  window.__wxjs_environment = 'miniprogram';
  window.wx = { miniProgram: { navigateTo } };
  return navigateTo;
}

describe('host detection', () => {
  it('is a plain browser by default', () => {
    expect(detectHost()).toBe('browser');
  });

  it('is the native app when the Android bridge object is present', () => {
    installAndroid();
    expect(detectHost()).toBe('native');
  });

  it('is the native app when the iOS message handler is present', () => {
    installIos();
    expect(detectHost()).toBe('native');
  });

  it('is the mini-program by the wx environment flag', () => {
    window.__wxjs_environment = 'miniprogram';
    expect(detectHost()).toBe('mini-program');
  });

  it('is the mini-program by the user agent', () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue('Mozilla/5.0 MicroMessenger/8.0 miniProgram/wx123');
    expect(detectHost()).toBe('mini-program');
  });
});

describe('native codes', () => {
  it('12 share', () => {
    const sent = installAndroid();
    nativeBridge.share({ title: 'T', url: 'https://x.medportal.cn/course/1', desc: 'D', image: '/c.svg' });
    expect(sent()).toEqual({ action: NativeAction.SHARE, data: { title: 'T', url: 'https://x.medportal.cn/course/1', desc: 'D', image: '/c.svg' } });
    expect(NativeAction.SHARE).toBe(12);
  });

  it('13 login, reloading the page after it is done', () => {
    const sent = installAndroid();
    nativeBridge.login();
    expect(sent()).toEqual({ action: 13, data: { reloadAfterDone: 1 } });
  });

  it('14 back, with the back-to-home type clamped to 0..2', () => {
    const sent = installAndroid();
    nativeBridge.back(1);
    nativeBridge.back(7);
    nativeBridge.back(-3);
    nativeBridge.back(Number.NaN);
    nativeBridge.back();
    expect([0, 1, 2, 3, 4].map((i) => sent(i))).toEqual([
      { action: 14, data: { type: 1 } },
      { action: 14, data: { type: 2 } },
      { action: 14, data: { type: 0 } },
      { action: 14, data: { type: 0 } },
      { action: 14, data: { type: 0 } },
    ]);
    expect(clampBackHomeType(1.7)).toBe(1);
  });

  it('16 open in the external browser', () => {
    const sent = installAndroid();
    nativeBridge.openExternalBrowser('https://doi.org/10.1000/xyz');
    expect(sent()).toEqual({ action: 16, data: { url: 'https://doi.org/10.1000/xyz' } });
  });

  it('18 refresh', () => {
    const sent = installAndroid();
    nativeBridge.refresh();
    expect(sent()).toEqual({ action: 18 });
  });

  it('jump carries the BridgePayload', () => {
    const sent = installAndroid();
    nativeBridge.jump(5, { course_id: 9 });
    expect(sent()).toEqual({ action: 'jump', type: 5, data: { course_id: 9 } });
  });

  it('gives iOS the message as an object', () => {
    const post = installIos();
    nativeBridge.refresh();
    expect(post).toHaveBeenCalledWith({ action: 18 });
  });

  it('alerts the error when the bridge call fails', () => {
    window.MedBridge = {
      postMessage: () => {
        throw new Error('bridge exploded');
      },
    };
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    expect(nativeBridge.refresh()).toBe(false);
    expect(alert).toHaveBeenCalledWith(expect.stringContaining('bridge exploded'));
    expect(alert.mock.calls[0]![0]).toContain('无法调用客户端功能');
  });

  it('alerts when there is no bridge at all', () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    expect(nativeBridge.login()).toBe(false);
    expect(alert).toHaveBeenCalledWith(expect.stringContaining('MedBridge is not available'));
  });
});

describe('mini-program skip codes', () => {
  const cases: [string, () => boolean, number, Record<string, string>][] = [
    ['1 web view', () => miniProgram.webView('https://www.medportal.cn/news/1'), 1, { url: 'https://www.medportal.cn/news/1' }],
    ['2 news category', () => miniProgram.newsCategory(3), 2, { category_id: '3' }],
    ['3 speaker list', () => miniProgram.speakerList(), 3, {}],
    ['4 speaker detail', () => miniProgram.speakerDetail(4), 4, { speaker_id: '4' }],
    ['5 course detail', () => miniProgram.courseDetail(5), 5, { course_id: '5' }],
    ['6 course list', () => miniProgram.courseList('cardio', '心内'), 6, { dep_val: 'cardio', title: '心内' }],
    ['7 course list (index)', () => miniProgram.courseIndex(), 7, {}],
    ['8 meeting detail', () => miniProgram.meetingDetail(8), 8, { meeting_id: '8' }],
    ['9 auth', () => miniProgram.auth('https://www.medportal.cn/'), 9, { url: 'https://www.medportal.cn/' }],
    ['10 messages', () => miniProgram.messages(), 10, {}],
    ['11 course special', () => miniProgram.courseSpecial(11), 11, { id: '11' }],
    ['13 login', () => miniProgram.login('https://www.medportal.cn/user/myinfo'), 13, { url: 'https://www.medportal.cn/user/myinfo' }],
    ['20 module detail', () => miniProgram.moduleDetail('hospital', 20), 20, { module: 'hospital', module_id: '20' }],
    ['21 web view transfer', () => miniProgram.webViewTransfer('https://example.org/a?b=1'), 21, { url: 'https://example.org/a?b=1' }],
    ['27 switch to the me tab', () => miniProgram.switchToMeTab(), 27, {}],
  ];

  it.each(cases)('%s', (_name, call, code, params) => {
    const navigateTo = installMiniProgram();
    expect(call()).toBe(true);
    const url = new URL(navigateTo.mock.calls[0]![0].url, 'https://mp.invalid');
    expect(url.pathname).toBe(MINI_PROGRAM_SKIP_PAGE);
    expect(Object.fromEntries(url.searchParams)).toEqual({ type: String(code), ...params });
  });

  it('covers every mini-program skip code of the contract', () => {
    const covered = cases.map(([, , code]) => code).sort((a, b) => a - b);
    expect(covered).toEqual(Object.values(MiniProgramSkip).sort((a, b) => a - b));
  });

  it('builds the skip URL without empty parameters', () => {
    expect(miniProgramUrl(MiniProgramSkip.COURSE_LIST, { dep_val: '', title: undefined })).toBe('/pages/skip/index?type=6');
  });

  it('alerts when the mini-program reports a failed navigation', () => {
    const navigateTo = installMiniProgram();
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    miniProgramSkip(MiniProgramSkip.COURSE_DETAIL, { course_id: 1 });
    navigateTo.mock.calls[0]![0].fail?.({ errMsg: 'navigateTo:fail page not found' });
    expect(alert).toHaveBeenCalledWith(expect.stringContaining('navigateTo:fail page not found'));
  });

  it('alerts when wx.miniProgram is missing', () => {
    window.__wxjs_environment = 'miniprogram';
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    expect(miniProgram.messages()).toBe(false);
    expect(alert).toHaveBeenCalledWith(expect.stringContaining('wx.miniProgram is not available'));
  });
});
