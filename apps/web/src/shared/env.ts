import type { Platform } from '@medportal/contract';

/** True while the page is being rendered on the server (no window, storage or navigator). */
export const isServer = typeof window === 'undefined';

/** True inside the WeChat in-app browser (spec §4: platform is `wechat` there, otherwise `web`). */
export const isWeChatBrowser = (userAgent: string = isServer ? '' : navigator.userAgent): boolean => /MicroMessenger/i.test(userAgent);

export const currentPlatform = (userAgent?: string): Platform => (isWeChatBrowser(userAgent) ? 'wechat' : 'web');

/**
 * Full-page navigations, behind one object so tests can observe them (jsdom cannot navigate).
 */
export const browserNavigation = {
  assign(url: string): void {
    window.location.assign(url);
  },
  reload(): void {
    window.location.reload();
  },
};
