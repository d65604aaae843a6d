import { type ApiLanguage, ErrorCode, type ProductPage, type QrEntry, type RelateSite, type SiteConfig } from '@medportal/contract';
import type { SiteSettings } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { pick } from '../../lib/i18n.ts';
import { sanitizeHtml } from '../../lib/sanitize-html.ts';
import { listBanners } from '../shared/banner.query.ts';
import { presentBanner } from '../shared/editorial.present.ts';
import { findRelateSite, listRelateSites } from './site.repository.ts';

type RelateSiteRow = Awaited<ReturnType<typeof listRelateSites>>[number];

const presentRelateSite = (r: RelateSiteRow, lang: ApiLanguage): RelateSite => ({
  id: r.id,
  key: r.key,
  title: pick(lang, r.titleZh, r.titleEn),
  desc: pick(lang, r.descZh, r.descEn),
  icon: r.icon,
  url: r.url,
});

export async function relateSitesFor(db: Db, lang: ApiLanguage): Promise<RelateSite[]> {
  const rows = await listRelateSites(db);
  return rows.map((r) => presentRelateSite(r, lang));
}

/** A sister product's landing page with the other products; NOT_FOUND for unknown or unpublished keys. */
export async function productPageFor(db: Db, key: string, lang: ApiLanguage): Promise<ProductPage> {
  const [row, all] = await Promise.all([findRelateSite(db, key), listRelateSites(db)]);
  if (!row) throw new AppError(ErrorCode.NOT_FOUND);
  return {
    ...presentRelateSite(row, lang),
    intro_html: sanitizeHtml(pick(lang, row.introZh, row.introEn), { sitePaths: true }).trim(),
    features: row.features.map((f) => ({ title: pick(lang, f.titleZh, f.titleEn), text: pick(lang, f.textZh, f.textEn) })),
    links: row.links.map((l) => ({ title: pick(lang, l.titleZh, l.titleEn), action: l.action })),
    others: all.filter((r) => r.id !== row.id).map((r) => presentRelateSite(r, lang)),
  };
}

export async function sideBanners(db: Db, position: 'home_side' | 'user_center', lang: ApiLanguage, now: Date) {
  const rows = await listBanners(db, position, now, 10);
  return rows.map((r) => presentBanner(r, lang));
}

const qr = (key: string, zh: string, en: string, url: string, lang: ApiLanguage): QrEntry => ({
  key,
  title: pick(lang, zh, en),
  url,
});

/** Site chrome from configuration (env), worded in the request language. */
export function siteConfigFor(site: SiteSettings, lang: ApiLanguage): SiteConfig {
  return {
    app_downloads: [
      qr('ios', 'iPhone 版下载', 'Download for iPhone', site.appIosUrl, lang),
      qr('android', 'Android 版下载', 'Download for Android', site.appAndroidUrl, lang),
    ],
    wechat_account: qr('wechat_mp', '微信公众号', 'WeChat Official Account', site.wechatMpUrl, lang),
    media_accounts: [
      qr('weibo', '官方微博', 'Weibo', site.media.weibo, lang),
      qr('douyin', '抖音号', 'Douyin', site.media.douyin, lang),
      qr('channels', '微信视频号', 'WeChat Channels', site.media.channels, lang),
    ],
    contact: {
      phone: site.contact.phone,
      email: site.contact.email,
      hours: pick(lang, '周一至周五 9:00–18:00', 'Mon–Fri 9:00–18:00 (UTC+8)'),
      address: site.contact.address[lang],
    },
    icp: site.icp,
  };
}
