import type { Action, BridgePayload } from '@medportal/contract';
import { ActionType } from '@medportal/contract/codes';
import { paths } from '../config/paths';
import { detectHost, miniProgram, nativeBridge, type HostEnvironment } from './bridge';
import { recordHistory } from './history';

/**
 * Skip actions (spec §3 "Action"): every card click goes through `performAction`, which picks
 * router navigation, a new tab, the native bridge or the mini-program from `type` and `target`.
 */

const SERVER_ORIGIN = 'http://server.invalid';

/** Only http(s) addresses may be opened; anything else (javascript:, data:) is refused. */
export function safeExternalUrl(url: string | undefined): string | null {
  if (!url) return null;
  // A server-rendered page has no origin of its own: same-origin links stay paths on both sides.
  const origin = typeof window === 'undefined' ? SERVER_ORIGIN : window.location.origin;
  try {
    const parsed = new URL(url, origin);
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return null;
    return parsed.origin === origin ? `${parsed.pathname}${parsed.search}${parsed.hash}` : parsed.href;
  } catch {
    return null;
  }
}

/** A ROUTE url as an in-app path (same-origin absolute URLs are reduced to their path). */
function routePath(url: string | undefined): string | null {
  if (!url) return null;
  if (url.startsWith('/') && !url.startsWith('//')) return url;
  const safe = safeExternalUrl(url);
  if (!safe) return null;
  // safeExternalUrl already gives same-origin addresses as paths.
  return safe.startsWith('/') ? safe : null;
}

/** The in-app path an action leads to, or null when it leaves the app or opens nothing. */
export function internalPathForAction(action: Action): string | null {
  const d = action.data ?? {};
  const withId = (build: (id: number) => string) => (d.id !== undefined ? build(d.id) : null);
  switch (action.type) {
    case ActionType.ROUTE:
      return routePath(d.url);
    case ActionType.COURSE_DETAIL:
      return withId(paths.courseDetail.getHref);
    case ActionType.LIVE_DETAIL:
      return withId(paths.liveRoom.getHref);
    case ActionType.VOD_DETAIL:
      return withId(paths.vod.getHref);
    case ActionType.NEWS_DETAIL:
      return withId(paths.newsDetail.getHref);
    case ActionType.NEWS_CATEGORY: {
      const categoryId = d.category_id ?? d.id;
      return categoryId !== undefined ? paths.newsCategory.getHref(categoryId) : null;
    }
    case ActionType.SPEAKER_DETAIL:
      return withId(paths.speakerDetail.getHref);
    case ActionType.COURSE_LIST:
      return paths.courseMore.getHref({ dep_val: d.dep_val, title: d.title });
    case ActionType.MODULE_DETAIL:
      return d.module && d.module_id !== undefined ? paths.moduleDetail.getHref(d.module, d.module_id) : null;
    case ActionType.SPEAKER_LIST:
      return paths.speaker.getHref();
    case ActionType.COLUMN_LIST:
      return paths.column.getHref();
    case ActionType.TOPIC_LIST:
      return paths.topic.getHref();
    case ActionType.COURSE_INDEX:
      return paths.course.getHref();
    case ActionType.LIVE_INDEX:
      return paths.live.getHref();
    case ActionType.SEARCH:
      /** data.title carries the search term, when there is one. */
      return paths.search.getHref(d.title);
    case ActionType.LOGIN:
      return paths.login.getHref(window.location.href);
    default:
      return null;
  }
}

/** The address a card's `<a href>` shows (keyboard, middle click, SEO); undefined when none. */
export function hrefForAction(action: Action | null | undefined): string | undefined {
  if (!action) return undefined;
  if (action.type === ActionType.EXTERNAL_URL) return safeExternalUrl(action.data?.url) ?? undefined;
  if (action.type === ActionType.ROUTE && !routePath(action.data?.url)) {
    return safeExternalUrl(action.data?.url) ?? undefined;
  }
  return internalPathForAction(action) ?? undefined;
}

/** True when the action opens outside the current tab. */
export function opensNewTab(action: Action): boolean {
  const href = hrefForAction(action);
  if (!href) return false;
  return action.target === '_blank' || !href.startsWith('/');
}

/** Native-app payload for actions the app can open itself. */
function nativePayload(action: Action): BridgePayload | null {
  const d = action.data ?? {};
  switch (action.type) {
    case ActionType.COURSE_DETAIL:
      return d.id !== undefined ? { course_id: d.id } : null;
    case ActionType.SPEAKER_DETAIL:
      return d.id !== undefined ? { speaker_id: d.id } : null;
    case ActionType.LIVE_DETAIL:
    case ActionType.VOD_DETAIL:
      return d.id !== undefined ? { meeting_id: d.id } : null;
    case ActionType.NEWS_CATEGORY: {
      const categoryId = d.category_id ?? d.id;
      return categoryId !== undefined ? { category_id: categoryId } : null;
    }
    case ActionType.NEWS_DETAIL:
      return d.id !== undefined ? { module: 'news', module_id: d.id } : null;
    case ActionType.MODULE_DETAIL:
      return d.module && d.module_id !== undefined ? { module: d.module, module_id: d.module_id } : null;
    default:
      return null;
  }
}

function performInNativeApp(action: Action): boolean {
  if (action.type === ActionType.LOGIN) {
    nativeBridge.login();
    return true;
  }
  if (action.type === ActionType.EXTERNAL_URL) {
    const url = safeExternalUrl(action.data?.url);
    if (url) nativeBridge.openExternalBrowser(url);
    return true;
  }
  const payload = nativePayload(action);
  if (!payload) return false;
  nativeBridge.jump(action.type, payload);
  return true;
}

/** The mini-program call for an action, or null when the web-view handles it itself. */
function miniProgramCall(action: Action): (() => boolean) | null {
  const d = action.data ?? {};
  const id = d.id;
  switch (action.type) {
    case ActionType.EXTERNAL_URL: {
      const url = safeExternalUrl(d.url);
      return url ? () => miniProgram.webViewTransfer(url) : () => false;
    }
    case ActionType.NEWS_CATEGORY: {
      const categoryId = d.category_id ?? id;
      return categoryId !== undefined ? () => miniProgram.newsCategory(categoryId) : null;
    }
    case ActionType.SPEAKER_LIST:
      return () => miniProgram.speakerList();
    case ActionType.SPEAKER_DETAIL:
      return id !== undefined ? () => miniProgram.speakerDetail(id) : null;
    case ActionType.COURSE_DETAIL:
      return id !== undefined ? () => miniProgram.courseDetail(id) : null;
    case ActionType.COURSE_LIST:
      return () => miniProgram.courseList(d.dep_val, d.title);
    case ActionType.COURSE_INDEX:
      return () => miniProgram.courseIndex();
    case ActionType.LIVE_DETAIL:
    case ActionType.VOD_DETAIL:
      return id !== undefined ? () => miniProgram.meetingDetail(id) : null;
    case ActionType.LOGIN:
      return () => miniProgram.login(window.location.href);
    case ActionType.MODULE_DETAIL: {
      const { module, module_id: moduleId } = d;
      return module && moduleId !== undefined ? () => miniProgram.moduleDetail(module, moduleId) : null;
    }
    default: {
      // Other in-app pages opened in a new tab become a mini-program web-view of that page.
      const path = internalPathForAction(action);
      return path && action.target === '_blank'
        ? () => miniProgram.webView(new URL(path, window.location.origin).href)
        : null;
    }
  }
}

export interface ActionDeps {
  /** Router navigation inside the app. */
  navigate: (to: string) => void;
  /** Shows a MESSAGE action's text. */
  showMessage: (message: string) => void;
  /** Defaults to the detected host. */
  host?: HostEnvironment;
  /** Defaults to `window.open(url, '_blank', 'noopener')`. */
  openWindow?: (url: string) => void;
}

const openInNewTab = (url: string) => {
  window.open(url, '_blank', 'noopener');
};

/** Carries out a skip action. The single entry point for every card and "more" link. */
export function performAction(action: Action | null | undefined, deps: ActionDeps): void {
  if (!action || action.type === ActionType.NONE) return;
  if (action.type === ActionType.MESSAGE) {
    if (action.data?.message) deps.showMessage(action.data.message);
    return;
  }

  const host = deps.host ?? detectHost();
  if (host === 'native' && performInNativeApp(action)) return;
  if (host === 'mini-program') {
    const call = miniProgramCall(action);
    if (call) {
      call();
      return;
    }
  }

  const openWindow = deps.openWindow ?? openInNewTab;
  const path = internalPathForAction(action);
  if (path) {
    if (action.target === '_blank') openWindow(path);
    else deps.navigate(path);
    return;
  }
  const external = hrefForAction(action);
  if (external) {
    openWindow(external);
    recordHistory(action.data?.module, action.data?.module_id ?? action.data?.id);
  }
}
