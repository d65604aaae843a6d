import type { BridgePayload } from '@medportal/contract';
import { BACK_HOME_TYPE_RANGE, MiniProgramSkip, NativeAction } from '@medportal/contract/codes';
import { i18n } from './i18n';

/**
 * The host bridge (spec §7 "Host bridge"): the page may run in a browser, inside the native app
 * (a `MedBridge` object is injected) or inside the mini-program web-view.
 *
 * Native messages are `{ action, data }`: `action` is a NativeAction code (12 share, 13 login,
 * 14 back, 16 external browser, 18 refresh) or `'jump'` with `type` (the skip-action type) and a
 * BridgePayload in `data`. Android receives the message as a JSON string, iOS as an object.
 *
 * Mini-program skips navigate to one skip page, `/pages/skip/index?type=<code>&<params>`, which
 * the mini-program routes to its own page for that code.
 */

interface NativeBridgeAndroid {
  postMessage(message: string): void;
}
interface NativeBridgeIos {
  postMessage(message: unknown): void;
}
interface MiniProgramNavigateOptions {
  url: string;
  success?: () => void;
  fail?: (error: unknown) => void;
}
interface WxMiniProgram {
  navigateTo(options: MiniProgramNavigateOptions): void;
  postMessage?(options: { data: unknown }): void;
}

declare global {
  interface Window {
    MedBridge?: NativeBridgeAndroid;
    webkit?: { messageHandlers?: { MedBridge?: NativeBridgeIos } };
    __wxjs_environment?: string;
    wx?: { miniProgram?: WxMiniProgram };
  }
}

export type HostEnvironment = 'native' | 'mini-program' | 'browser';

/** Where the page runs: native app (bridge object present), mini-program, or a plain browser. */
export function detectHost(win: Window = window): HostEnvironment {
  if (typeof win.MedBridge?.postMessage === 'function') return 'native';
  if (typeof win.webkit?.messageHandlers?.MedBridge?.postMessage === 'function') return 'native';
  if (win.__wxjs_environment === 'miniprogram' || /miniProgram/i.test(win.navigator.userAgent)) return 'mini-program';
  return 'browser';
}

export interface NativeMessage {
  action: NativeAction;
  data?: Record<string, unknown>;
}
export interface JumpMessage {
  action: 'jump';
  /** The skip-action type (contract ActionType) being opened natively. */
  type: number;
  data: BridgePayload;
}
export type BridgeMessage = NativeMessage | JumpMessage;

/** Shows a failed bridge call to the person, as spec §8 asks (a browser alert). */
export function reportBridgeFailure(error: unknown): void {
  const detail = error instanceof Error ? error.message : typeof error === 'string' ? error : JSON.stringify(error);
  window.alert(detail ? `${i18n.t('errors:bridge')}\n${detail}` : i18n.t('errors:bridge'));
}

/** Posts a message to the native app. Returns false (after alerting) when it cannot be delivered. */
export function postToNative(message: BridgeMessage, win: Window = window): boolean {
  try {
    if (typeof win.MedBridge?.postMessage === 'function') {
      win.MedBridge.postMessage(JSON.stringify(message));
      return true;
    }
    const ios = win.webkit?.messageHandlers?.MedBridge;
    if (typeof ios?.postMessage === 'function') {
      ios.postMessage(message);
      return true;
    }
    throw new Error('MedBridge is not available');
  } catch (error) {
    reportBridgeFailure(error);
    return false;
  }
}

/** Back-to-home type, clamped to 0..2 (spec §7). Non-numbers count as 0. */
export function clampBackHomeType(type: number): number {
  const [min, max] = BACK_HOME_TYPE_RANGE;
  if (!Number.isFinite(type)) return min;
  return Math.min(max, Math.max(min, Math.trunc(type)));
}

export interface SharePayload {
  title: string;
  desc?: string;
  url: string;
  image?: string;
}

/** Typed calls of the native codes. */
export const nativeBridge = {
  share: (payload: SharePayload) => postToNative({ action: NativeAction.SHARE, data: { ...payload } }),
  /** The app logs in, then reloads this page. */
  login: () => postToNative({ action: NativeAction.LOGIN, data: { reloadAfterDone: 1 } }),
  back: (backHomeType = 0) => postToNative({ action: NativeAction.BACK, data: { type: clampBackHomeType(backHomeType) } }),
  openExternalBrowser: (url: string) => postToNative({ action: NativeAction.OPEN_EXTERNAL_BROWSER, data: { url } }),
  refresh: () => postToNative({ action: NativeAction.REFRESH }),
  /** Opens a native screen for a skip action. */
  jump: (type: number, payload: BridgePayload) => postToNative({ action: 'jump', type, data: payload }),
};

/** The mini-program page that dispatches every skip code. */
export const MINI_PROGRAM_SKIP_PAGE = '/pages/skip/index';

export type MiniProgramParams = Record<string, string | number | undefined>;

/** URL of the mini-program skip page for a code and its parameters. */
export function miniProgramUrl(code: MiniProgramSkip, params: MiniProgramParams = {}): string {
  const query = new URLSearchParams({ type: String(code) });
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== '') query.set(key, String(value));
  }
  return `${MINI_PROGRAM_SKIP_PAGE}?${query.toString()}`;
}

/** Asks the mini-program to open its page for `code`. Returns false (after alerting) on failure. */
export function miniProgramSkip(code: MiniProgramSkip, params: MiniProgramParams = {}, win: Window = window): boolean {
  const mp = win.wx?.miniProgram;
  try {
    if (typeof mp?.navigateTo !== 'function') throw new Error('wx.miniProgram is not available');
    mp.navigateTo({ url: miniProgramUrl(code, params), fail: reportBridgeFailure });
    return true;
  } catch (error) {
    reportBridgeFailure(error);
    return false;
  }
}

/** Typed calls, one per mini-program skip code (spec §7). */
export const miniProgram = {
  webView: (url: string) => miniProgramSkip(MiniProgramSkip.WEB_VIEW, { url }),
  newsCategory: (categoryId: number) => miniProgramSkip(MiniProgramSkip.NEWS_CATEGORY, { category_id: categoryId }),
  speakerList: () => miniProgramSkip(MiniProgramSkip.SPEAKER_LIST),
  speakerDetail: (speakerId: number) => miniProgramSkip(MiniProgramSkip.SPEAKER_DETAIL, { speaker_id: speakerId }),
  courseDetail: (courseId: number) => miniProgramSkip(MiniProgramSkip.COURSE_DETAIL, { course_id: courseId }),
  /** A course series list, by department value and title. */
  courseList: (depVal?: string, title?: string) => miniProgramSkip(MiniProgramSkip.COURSE_LIST, { dep_val: depVal, title }),
  /** The full course list (course index). */
  courseIndex: () => miniProgramSkip(MiniProgramSkip.COURSE_LIST_ALT),
  meetingDetail: (meetingId: number) => miniProgramSkip(MiniProgramSkip.MEETING_DETAIL, { meeting_id: meetingId }),
  auth: (redirectUrl?: string) => miniProgramSkip(MiniProgramSkip.AUTH, { url: redirectUrl }),
  messages: () => miniProgramSkip(MiniProgramSkip.MESSAGES),
  courseSpecial: (albumId: number) => miniProgramSkip(MiniProgramSkip.COURSE_SPECIAL, { id: albumId }),
  login: (redirectUrl?: string) => miniProgramSkip(MiniProgramSkip.LOGIN, { url: redirectUrl }),
  moduleDetail: (module: string, moduleId: number) =>
    miniProgramSkip(MiniProgramSkip.MODULE_DETAIL, { module, module_id: moduleId }),
  /** Outside addresses go through the mini-program's transfer web-view. */
  webViewTransfer: (url: string) => miniProgramSkip(MiniProgramSkip.WEB_VIEW_TRANSFER, { url }),
  switchToMeTab: () => miniProgramSkip(MiniProgramSkip.SWITCH_TO_ME_TAB),
};
