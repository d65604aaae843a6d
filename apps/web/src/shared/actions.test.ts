import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Action } from '@medportal/contract';
import { ActionType } from '@medportal/contract/codes';
import { ok, serveApi } from '../testing/api-double';
import { setupI18n } from '../testing/i18n';
import { resetApiClientForTests } from './api-client';
import { resetSessionForTests } from './session';
import { hrefForAction, performAction, safeExternalUrl, type ActionDeps } from './actions';
import type { HostEnvironment } from './bridge';

const act = (type: number, data: Action['data'] = {}, target: Action['target'] = '_self'): Action => ({ type, data, target });

function deps(host: HostEnvironment = 'browser') {
  const d = {
    navigate: vi.fn<(to: string) => void>(),
    showMessage: vi.fn<(message: string) => void>(),
    openWindow: vi.fn<(url: string) => void>(),
    host,
  } satisfies ActionDeps;
  return d;
}

beforeAll(async () => {
  await setupI18n('zh');
});

afterEach(() => {
  delete window.MedBridge;
  delete window.wx;
  delete window.__wxjs_environment;
  window.history.replaceState(null, '', '/');
});

const here = () => window.location.href;

/** Every internal target of spec §3 "Action", with the path it leads to. */
const internal: [keyof typeof ActionType, Action, () => string][] = [
  ['ROUTE', act(ActionType.ROUTE, { url: '/live/history?y=2024' }), () => '/live/history?y=2024'],
  ['COURSE_DETAIL', act(ActionType.COURSE_DETAIL, { id: 12 }), () => '/course/12'],
  ['LIVE_DETAIL', act(ActionType.LIVE_DETAIL, { id: 7 }), () => '/w/o/live/7'],
  ['VOD_DETAIL', act(ActionType.VOD_DETAIL, { id: 8 }), () => '/w/o/vod/8'],
  ['NEWS_DETAIL', act(ActionType.NEWS_DETAIL, { id: 9 }), () => '/news/9'],
  ['NEWS_CATEGORY', act(ActionType.NEWS_CATEGORY, { category_id: 3 }), () => '/news_cate/3'],
  ['SPEAKER_DETAIL', act(ActionType.SPEAKER_DETAIL, { id: 4 }), () => '/speaker/4'],
  ['COURSE_LIST', act(ActionType.COURSE_LIST, { dep_val: 'cardio', title: '心内 课程' }), () => '/course/more?dep_val=cardio&title=%E5%BF%83%E5%86%85+%E8%AF%BE%E7%A8%8B'],
  ['MODULE_DETAIL', act(ActionType.MODULE_DETAIL, { module: 'hospital', module_id: 5 }), () => '/hospital/5'],
  ['SPEAKER_LIST', act(ActionType.SPEAKER_LIST), () => '/speaker'],
  ['COLUMN_LIST', act(ActionType.COLUMN_LIST), () => '/column/index'],
  ['TOPIC_LIST', act(ActionType.TOPIC_LIST), () => '/topic'],
  ['COURSE_INDEX', act(ActionType.COURSE_INDEX), () => '/course'],
  ['LIVE_INDEX', act(ActionType.LIVE_INDEX), () => '/live'],
  ['SEARCH', act(ActionType.SEARCH, { title: '肺癌' }), () => '/search?txt=%E8%82%BA%E7%99%8C'],
  ['LOGIN', act(ActionType.LOGIN), () => `/login?callback=${encodeURIComponent(here())}`],
];

describe('performAction in a browser', () => {
  it.each(internal)('%s navigates with the router', (_name, action, path) => {
    const d = deps();
    performAction(action, d);
    expect(d.navigate).toHaveBeenCalledWith(path());
    expect(d.openWindow).not.toHaveBeenCalled();
    expect(hrefForAction(action)).toBe(path());
  });

  it.each(internal)('%s with target _blank opens a new tab', (_name, action, path) => {
    const d = deps();
    performAction({ ...action, target: '_blank' }, d);
    expect(d.openWindow).toHaveBeenCalledWith(path());
    expect(d.navigate).not.toHaveBeenCalled();
  });

  it('EXTERNAL_URL opens a new tab with noopener', () => {
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    const d = { navigate: vi.fn(), showMessage: vi.fn(), host: 'browser' as const };
    performAction(act(ActionType.EXTERNAL_URL, { url: 'https://example.org/paper' }), d);
    expect(open).toHaveBeenCalledWith('https://example.org/paper', '_blank', 'noopener');
    expect(hrefForAction(act(ActionType.EXTERNAL_URL, { url: 'https://example.org/paper' }))).toBe('https://example.org/paper');
  });

  it('ROUTE to another site opens it in a new tab; a same-origin absolute URL stays in the app', () => {
    const d = deps();
    performAction(act(ActionType.ROUTE, { url: 'https://other.example/x' }), d);
    expect(d.openWindow).toHaveBeenCalledWith('https://other.example/x');
    performAction(act(ActionType.ROUTE, { url: `${window.location.origin}/topic?a=1` }), d);
    expect(d.navigate).toHaveBeenCalledWith('/topic?a=1');
  });

  it('refuses javascript: and other unsafe addresses', () => {
    const d = deps();
    const evil = act(ActionType.EXTERNAL_URL, { url: 'javascript:alert(1)' });
    performAction(evil, d);
    performAction(act(ActionType.ROUTE, { url: 'javascript:alert(1)' }), d);
    expect(d.openWindow).not.toHaveBeenCalled();
    expect(d.navigate).not.toHaveBeenCalled();
    expect(hrefForAction(evil)).toBeUndefined();
    expect(safeExternalUrl('data:text/html,x')).toBeNull();
  });

  it('MESSAGE shows data.message and navigates nowhere', () => {
    const d = deps();
    performAction(act(ActionType.MESSAGE, { message: '敬请期待' }), d);
    expect(d.showMessage).toHaveBeenCalledWith('敬请期待');
    expect(d.navigate).not.toHaveBeenCalled();
    expect(hrefForAction(act(ActionType.MESSAGE, { message: 'x' }))).toBeUndefined();
  });

  it('NONE, a missing action and an unknown type do nothing', () => {
    const d = deps();
    performAction(act(ActionType.NONE), d);
    performAction(null, d);
    performAction(act(999), d);
    expect(d.navigate).not.toHaveBeenCalled();
    expect(d.openWindow).not.toHaveBeenCalled();
    expect(d.showMessage).not.toHaveBeenCalled();
    expect(hrefForAction(act(ActionType.NONE))).toBeUndefined();
  });

  it('detail actions without an id lead nowhere', () => {
    const d = deps();
    performAction(act(ActionType.COURSE_DETAIL), d);
    expect(d.navigate).not.toHaveBeenCalled();
  });

  it('covers every ActionType of the contract', () => {
    const tested = new Set<number>([
      ...internal.map(([, a]) => a.type),
      ActionType.EXTERNAL_URL,
      ActionType.MESSAGE,
      ActionType.NONE,
    ]);
    expect([...tested].sort((a, b) => a - b)).toEqual(Object.values(ActionType).sort((a, b) => a - b));
  });
});

describe('performAction in the native app', () => {
  function installAndroid() {
    const postMessage = vi.fn<(message: string) => void>();
    window.MedBridge = { postMessage };
    return () => postMessage.mock.calls.map((c) => JSON.parse(c[0]) as unknown);
  }

  it.each([
    [act(ActionType.COURSE_DETAIL, { id: 1 }), { action: 'jump', type: 5, data: { course_id: 1 } }],
    [act(ActionType.SPEAKER_DETAIL, { id: 2 }), { action: 'jump', type: 4, data: { speaker_id: 2 } }],
    [act(ActionType.LIVE_DETAIL, { id: 3 }), { action: 'jump', type: 7, data: { meeting_id: 3 } }],
    [act(ActionType.VOD_DETAIL, { id: 4 }), { action: 'jump', type: 8, data: { meeting_id: 4 } }],
    [act(ActionType.NEWS_CATEGORY, { category_id: 5 }), { action: 'jump', type: 3, data: { category_id: 5 } }],
    [act(ActionType.NEWS_DETAIL, { id: 6 }), { action: 'jump', type: 9, data: { module: 'news', module_id: 6 } }],
    [act(ActionType.MODULE_DETAIL, { module: 'organizer', module_id: 7 }), { action: 'jump', type: 10, data: { module: 'organizer', module_id: 7 } }],
    [act(ActionType.LOGIN), { action: 13, data: { reloadAfterDone: 1 } }],
    [act(ActionType.EXTERNAL_URL, { url: 'https://example.org/' }), { action: 16, data: { url: 'https://example.org/' } }],
  ])('hands %j to the bridge', (action, message) => {
    const sent = installAndroid();
    const d = deps('native');
    performAction(action, d);
    expect(sent()).toEqual([message]);
    expect(d.navigate).not.toHaveBeenCalled();
  });

  it('navigates inside the web-view for pages the app has no screen for', () => {
    const sent = installAndroid();
    const d = deps('native');
    performAction(act(ActionType.TOPIC_LIST), d);
    expect(sent()).toEqual([]);
    expect(d.navigate).toHaveBeenCalledWith('/topic');
  });
});

describe('performAction in the mini-program', () => {
  function installMiniProgram() {
    const navigateTo = vi.fn<(o: { url: string }) => void>();
    window.__wxjs_environment = 'miniprogram';
    window.wx = { miniProgram: { navigateTo } };
    return () => navigateTo.mock.calls.map((c) => c[0].url);
  }

  it.each([
    [act(ActionType.NEWS_CATEGORY, { category_id: 2 }), '/pages/skip/index?type=2&category_id=2'],
    [act(ActionType.SPEAKER_LIST), '/pages/skip/index?type=3'],
    [act(ActionType.SPEAKER_DETAIL, { id: 4 }), '/pages/skip/index?type=4&speaker_id=4'],
    [act(ActionType.COURSE_DETAIL, { id: 5 }), '/pages/skip/index?type=5&course_id=5'],
    [act(ActionType.COURSE_LIST, { dep_val: 'd', title: 't' }), '/pages/skip/index?type=6&dep_val=d&title=t'],
    [act(ActionType.COURSE_INDEX), '/pages/skip/index?type=7'],
    [act(ActionType.LIVE_DETAIL, { id: 8 }), '/pages/skip/index?type=8&meeting_id=8'],
    [act(ActionType.VOD_DETAIL, { id: 9 }), '/pages/skip/index?type=8&meeting_id=9'],
    [act(ActionType.MODULE_DETAIL, { module: 'keywords', module_id: 20 }), '/pages/skip/index?type=20&module=keywords&module_id=20'],
    [act(ActionType.EXTERNAL_URL, { url: 'https://example.org/' }), `/pages/skip/index?type=21&url=${encodeURIComponent('https://example.org/')}`],
  ])('skips %j', (action, url) => {
    const urls = installMiniProgram();
    const d = deps('mini-program');
    performAction(action, d);
    expect(urls()).toEqual([url]);
    expect(d.navigate).not.toHaveBeenCalled();
  });

  it('LOGIN skips to the mini-program login with the current URL', () => {
    const urls = installMiniProgram();
    performAction(act(ActionType.LOGIN), deps('mini-program'));
    expect(urls()).toEqual([`/pages/skip/index?type=13&url=${encodeURIComponent(here())}`]);
  });

  it('opens other in-app pages in a mini-program web view when asked for a new tab', () => {
    const urls = installMiniProgram();
    performAction(act(ActionType.NEWS_DETAIL, { id: 1 }, '_blank'), deps('mini-program'));
    expect(urls()).toEqual([`/pages/skip/index?type=1&url=${encodeURIComponent(`${window.location.origin}/news/1`)}`]);
  });

  it('navigates inside the web-view otherwise', () => {
    const urls = installMiniProgram();
    const d = deps('mini-program');
    performAction(act(ActionType.NEWS_DETAIL, { id: 1 }), d);
    expect(urls()).toEqual([]);
    expect(d.navigate).toHaveBeenCalledWith('/news/1');
  });
});

describe('performAction records history', () => {
  afterEach(() => {
    window.localStorage.removeItem('accessToken');
    resetSessionForTests();
    resetApiClientForTests();
  });

  it('posts the module item when an external URL opens for a logged-in user, and not when anonymous', async () => {
    const api = serveApi({ 'POST /v1/user/history': ok(null) });
    const external = act(ActionType.EXTERNAL_URL, { url: 'https://example.org/paper', module: 'paper', module_id: 9 });
    performAction(external, deps());
    await Promise.resolve();
    expect(api.callsTo('POST', '/v1/user/history')).toHaveLength(0);

    window.localStorage.setItem('accessToken', 'acc-1');
    const d = deps();
    performAction(external, d);
    expect(d.openWindow).toHaveBeenCalledWith('https://example.org/paper');
    await vi.waitFor(() => expect(api.callsTo('POST', '/v1/user/history')).toHaveLength(1));
    expect(api.callsTo('POST', '/v1/user/history')[0]?.body).toMatchObject({ module_name: 'paper', module_id: 9 });
  });
});
