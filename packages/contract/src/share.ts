import { z } from 'zod';
import type { EndpointSchemas } from './api.ts';
import { Id } from './common.ts';
import { SHARE_KINDS } from './constants.ts';


/**
 * Sharing (spec §2 /share_card*, /redirect, /testjssdk; §7 poster, mini_qrcode, wxa_ticket,
 * mp_check_subscribe, mp_qrcode): poster images, signed scan-to-watch links and the WeChat JS-SDK.
 */

export const ShareKind = z.enum(SHARE_KINDS);
export type ShareKind = z.infer<typeof ShareKind>;

export const PosterQuery = z.object({
  type: ShareKind,
  id: Id,
  lang: z.enum(['zh', 'en']).optional(),
  /** `mini`: the QR is the mini-program code of the item's page instead of its web URL. */
  host: z.enum(['web', 'mini']).default('web'),
});
export type PosterQuery = z.infer<typeof PosterQuery>;
export const MiniQrcodeQuery = z.object({
  /** Mini-program page path with its query, e.g. `/pages/skip/index?type=20&module=live&module_id=3`. */
  page: z.string().trim().min(1).max(200).regex(/^\/?pages\//, 'must be a mini-program page path'),
});

export const RedirectLinkData = z.object({
  url: z.string(),
  expires_at: z.string(),
});
export const RedirectResolveQuery = z.object({ t: z.string().min(1).max(512) });
export const RedirectResolveData = z.object({
  live_id: z.number().int(),
  /** The site path to open (the live room). */
  target: z.string(),
  expires_at: z.string(),
});

export const WxaTicketBody = z.object({ url: z.string().url().max(1000) });
export const JS_API_LIST = ['updateAppMessageShareData', 'updateTimelineShareData', 'onMenuShareAppMessage', 'onMenuShareTimeline', 'previewImage', 'scanQRCode'] as const;
export const WxaTicketData = z.object({
  app_id: z.string(),
  timestamp: z.number().int(),
  nonce_str: z.string(),
  signature: z.string(),
  js_api_list: z.array(z.string()),
  /** true: signed with the sandbox ticket (wx.config fails inside real WeChat). */
  sandbox: z.boolean(),
});
export type WxaTicketData = z.infer<typeof WxaTicketData>;

export const MpCheckSubscribeData = z.object({
  subscribed: z.boolean(),
  /** false when the account has no WeChat identity to check. */
  has_wechat: z.boolean(),
  sandbox: z.boolean(),
});
export const MpQrcodeData = z.object({ qr_url: z.string(), expires_in: z.number().int(), sandbox: z.boolean() });

export const shareSchemas = {
  liveRedirectLink: {
    summary: 'A signed, expiring scan-to-watch link for a live (its moderators and operators)',
    tags: ['share'],
    params: z.object({ id: Id }),
    data: RedirectLinkData,
  },
  redirectResolve: {
    summary: 'Check a scan-to-watch link: the live it opens, or an expired/invalid error',
    tags: ['share'],
    query: RedirectResolveQuery,
    data: RedirectResolveData,
  },
  wxaTicket: {
    summary: 'WeChat JS-SDK wx.config signature for a page URL',
    tags: ['wechat'],
    body: WxaTicketBody,
    data: WxaTicketData,
  },
  mpCheckSubscribe: {
    summary: 'Whether the user follows the official account',
    tags: ['wechat'],
    data: MpCheckSubscribeData,
  },
  mpQrcode: {
    summary: 'A QR code to follow the official account',
    tags: ['wechat'],
    data: MpQrcodeData,
  },
} satisfies Record<string, EndpointSchemas>;
