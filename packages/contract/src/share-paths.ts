/** Share paths and constants without schemas, so web pages can import them without zod. */

export const SHARE_KINDS = ['live', 'news', 'speaker'] as const;
export type ShareKind = (typeof SHARE_KINDS)[number];

/** The poster (a PNG file, not an envelope). */
export const POSTER_PATH = '/v1/user/poster';
/** Pixel size of a poster PNG (drawn at 2× a 375 × 600 layout). */
export const POSTER_SIZE = { width: 750, height: 1200 } as const;
export const posterUrl = (q: { type: ShareKind; id: number; lang?: 'zh' | 'en'; host?: 'web' | 'mini' }): string =>
  `${POSTER_PATH}?${new URLSearchParams({ type: q.type, id: String(q.id), ...(q.lang ? { lang: q.lang } : {}), ...(q.host ? { host: q.host } : {}) }).toString()}`;

/** A mini-program code for a page (a PNG file). */
export const MINI_QRCODE_PATH = '/v1/user/mini_qrcode';

/** How long a scan-to-watch link stays valid (a congress day and its evening). */
export const REDIRECT_LINK_TTL_S = 24 * 3600;
