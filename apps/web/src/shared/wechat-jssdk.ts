import { useEffect } from 'react';
import type { DataOf } from '@medportal/contract';
import { api } from './api-client';

/**
 * The WeChat JS-SDK (spec §2, §7): only inside WeChat (user agent MicroMessenger) the SDK script is
 * loaded, `wx.config` is called with the server's signature for the current URL, and the page's
 * share title, description and image are handed to WeChat's share menu.
 */

export const JSSDK_SRC = 'https://res.wx.qq.com/open/js/jweixin-1.6.0.js';

export type WxConfigData = DataOf<'wxaTicket'>;

export interface WxShareData {
  title: string;
  desc: string;
  link: string;
  imgUrl: string;
  success?: () => void;
  fail?: (error: unknown) => void;
}

/** The part of the SDK's `wx` object this app uses. */
export interface WxJsSdk {
  config(options: { debug: boolean; appId: string; timestamp: number; nonceStr: string; signature: string; jsApiList: string[] }): void;
  ready(callback: () => void): void;
  error(callback: (result: { errMsg: string }) => void): void;
  updateAppMessageShareData(data: WxShareData): void;
  updateTimelineShareData(data: Omit<WxShareData, 'desc'>): void;
  onMenuShareAppMessage(data: WxShareData): void;
  onMenuShareTimeline(data: Omit<WxShareData, 'desc'>): void;
  previewImage(options: { current: string; urls: string[] }): void;
  scanQRCode(options: { needResult: 0 | 1; scanType?: string[]; success?: (res: { resultStr?: string }) => void; fail?: (error: unknown) => void }): void;
}

export interface ShareInfo {
  title: string;
  desc: string;
  /** Absolute or site-relative image URL. */
  image?: string | null;
  /** Defaults to the current page. */
  link?: string;
}

export const isWechat = (userAgent: string = typeof navigator === 'undefined' ? '' : navigator.userAgent) => /MicroMessenger/i.test(userAgent);

/** The URL WeChat signs: the page address without its fragment. */
export const signedUrl = (href: string = window.location.href) => href.split('#')[0] ?? href;

const absolute = (url: string) => new URL(url, window.location.origin).toString();

export const fetchWxConfig = (url: string) => api.call('wxaTicket', { body: { url } });

let sdk: Promise<WxJsSdk> | null = null;

/** Loads the SDK script once; later calls share the same load. */
export function loadJssdk(doc: Document = document): Promise<WxJsSdk> {
  sdk ??= new Promise<WxJsSdk>((resolve, reject) => {
    const script = doc.createElement('script');
    script.src = JSSDK_SRC;
    script.async = true;
    script.onload = () => {
      const wx = (window as { wx?: unknown }).wx as Partial<WxJsSdk> | undefined;
      if (typeof wx?.config === 'function') resolve(wx as WxJsSdk);
      else reject(new Error('wx is not available after loading the JS-SDK'));
    };
    script.onerror = () => reject(new Error(`could not load ${JSSDK_SRC}`));
    doc.head.appendChild(script);
  });
  sdk.catch(() => {
    sdk = null;
  });
  return sdk;
}

export type ConfigResult = { ok: true; wx: WxJsSdk; config: WxConfigData } | { ok: false; error: string; config: WxConfigData | null };

const configured = new Map<string, Promise<ConfigResult>>();

/** `wx.config` for a URL (once per URL: a single-page app signs each address it shows). */
export function configureWechat(url: string = signedUrl()): Promise<ConfigResult> {
  let pending = configured.get(url);
  if (!pending) {
    pending = (async (): Promise<ConfigResult> => {
      let config: WxConfigData | null = null;
      try {
        config = await fetchWxConfig(url);
        const wx = await loadJssdk();
        const signed = config;
        return await new Promise<ConfigResult>((resolve) => {
          wx.ready(() => resolve({ ok: true, wx, config: signed }));
          wx.error((res) => resolve({ ok: false, error: res.errMsg, config: signed }));
          wx.config({
            debug: false,
            appId: signed.app_id,
            timestamp: signed.timestamp,
            nonceStr: signed.nonce_str,
            signature: signed.signature,
            jsApiList: signed.js_api_list,
          });
        });
      } catch (error) {
        configured.delete(url);
        return { ok: false, error: error instanceof Error ? error.message : String(error), config };
      }
    })();
    configured.set(url, pending);
  }
  return pending;
}

/** Hands share data to WeChat's menu (both the new and the older APIs, for older clients). */
export function applyShare(wx: WxJsSdk, info: ShareInfo): WxShareData {
  const data: WxShareData = {
    title: info.title,
    desc: info.desc,
    link: absolute(info.link ?? signedUrl()),
    imgUrl: absolute(info.image || '/favicon.svg'),
  };
  wx.updateAppMessageShareData(data);
  wx.updateTimelineShareData({ title: data.title, link: data.link, imgUrl: data.imgUrl });
  return data;
}

// What the shown page asked to share; the default applies when no page asked.
let pageShare: ShareInfo | null = null;
let defaultShare: () => ShareInfo = () => ({ title: document.title, desc: '' });
let scheduled = false;

function scheduleApply() {
  if (scheduled || !isWechat()) return;
  scheduled = true;
  // Route and page effects of one navigation land together; the last word wins.
  setTimeout(() => {
    scheduled = false;
    const info = pageShare ?? defaultShare();
    void configureWechat().then((result) => {
      if (result.ok) applyShare(result.wx, { ...info, title: info.title || document.title });
    });
  }, 0);
}

/** The site default (name and slogan); re-applied on every navigation. */
export function useWechatDefaultShare(pathname: string, info: () => ShareInfo) {
  useEffect(() => {
    defaultShare = info;
    scheduleApply();
  }, [pathname, info]);
}

/** A page's own share data while it is shown; null: nothing to share yet (still loading). */
export function useWechatShare(info: ShareInfo | null) {
  const title = info?.title ?? null;
  const desc = info?.desc ?? '';
  const image = info?.image ?? null;
  const link = info?.link;
  useEffect(() => {
    if (title === null) return;
    pageShare = { title, desc, image, ...(link ? { link } : {}) };
    scheduleApply();
    return () => {
      pageShare = null;
      scheduleApply();
    };
  }, [title, desc, image, link]);
}

export function resetWechatForTests() {
  sdk = null;
  configured.clear();
  pageShare = null;
  scheduled = false;
}
