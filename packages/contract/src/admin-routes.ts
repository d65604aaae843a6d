/**
 * The operator console's API routes (`/v1/admin/...`), apart from routes.ts so that the public
 * pages, which import that table, carry none of them. Every one needs a login, and `area` names the
 * admin area a caller's role must reach (decision record 0061): the server applies that check to
 * every route built from this table, so a route cannot be registered without it. `area: null` is
 * only for the console's own "who am I" call.
 */
import type { AdminArea } from './constants.ts';
import { fillPath, type PathArgsOf, type RouteDef } from './routes.ts';

export interface AdminRouteDef extends RouteDef {
  path: `/v1/admin/${string}`;
  auth: true;
  area: AdminArea | null;
}

/**
 * The catalog (decision record 0068): content types the console edits the same way, each with the
 * same set of routes under `/v1/admin/<path>`. `publication`: the table has a publication status,
 * so the resource has a publish route and a delete takes it offline instead of deleting it.
 */
export const CATALOG_RESOURCES = {
  Speaker: { path: 'speakers', label: 'speaker', publication: true },
  Hospital: { path: 'hospitals', label: 'hospital', publication: false },
  Organizer: { path: 'organizers', label: 'organizer', publication: false },
  Keyword: { path: 'keywords', label: 'keyword', publication: false },
  Column: { path: 'columns', label: 'column', publication: true },
  Special: { path: 'specials', label: 'special topic or album', publication: true },
  AlbumConfig: { path: 'album_configs', label: 'album configuration', publication: false },
  Paper: { path: 'papers', label: 'paper', publication: true },
  SelectedVideo: { path: 'selected_videos', label: 'journal-channel item', publication: true },
  Congress: { path: 'congresses', label: 'congress', publication: true },
  SitePage: { path: 'site_pages', label: 'site page', publication: true },
  RelateSite: { path: 'relate_sites', label: 'sister product', publication: true },
  HotWord: { path: 'hot_words', label: 'hot search word', publication: true },
} as const satisfies Record<string, { path: string; label: string; publication: boolean }>;
export type CatalogResources = typeof CATALOG_RESOURCES;
export type CatalogResourceName = keyof CatalogResources;

type R<M extends string, P extends string> = { method: M; path: `/v1/admin/${P}`; auth: true; area: 'content'; bodyKb?: number };
type CatalogRouteSet<N extends CatalogResourceName, P extends string = CatalogResources[N]['path']> = { [K in `admin${N}List`]: R<'GET', P> } & {
  [K in `admin${N}Get`]: R<'GET', `${P}/:id`>;
} & { [K in `admin${N}Create`]: R<'POST', P> } & { [K in `admin${N}Edit`]: R<'PUT', `${P}/:id`> } & {
  [K in `admin${N}Delete`]: R<'DELETE', `${P}/:id`>;
} & { [K in `admin${N}Bulk`]: R<'POST', `${P}/bulk`> } & (CatalogResources[N]['publication'] extends true
    ? { [K in `admin${N}Publish`]: R<'POST', `${P}/:id/publish`> } & { [K in `admin${N}Offline`]: R<'POST', `${P}/:id/offline`> }
    : unknown);

/** The routes of one catalog resource; `bodyKb` for resources whose texts are long (site pages). */
function catalogRoutes<const N extends CatalogResourceName>(name: N, bodyKb?: number): CatalogRouteSet<N> {
  const { path, publication } = CATALOG_RESOURCES[name];
  const base = `/v1/admin/${path}`;
  const r = (method: string, p: string, big = false) => ({ method, path: p, auth: true, area: 'content', ...(big && bodyKb ? { bodyKb } : {}) });
  return {
    [`admin${name}List`]: r('GET', base),
    [`admin${name}Get`]: r('GET', `${base}/:id`),
    [`admin${name}Create`]: r('POST', base, true),
    [`admin${name}Edit`]: r('PUT', `${base}/:id`, true),
    [`admin${name}Delete`]: r('DELETE', `${base}/:id`),
    [`admin${name}Bulk`]: r('POST', `${base}/bulk`),
    ...(publication ? { [`admin${name}Publish`]: r('POST', `${base}/:id/publish`), [`admin${name}Offline`]: r('POST', `${base}/:id/offline`) } : {}),
  } as unknown as CatalogRouteSet<N>;
}

export const adminRoutes = {
  adminMe: { method: 'GET', path: '/v1/admin/me', auth: true, area: null },
  // staff and the audit log (staff.ts)
  adminAuditLog: { method: 'GET', path: '/v1/admin/audit_log', auth: true, area: 'audit' },
  adminStaff: { method: 'GET', path: '/v1/admin/staff', auth: true, area: 'roles' },
  adminSetRoles: { method: 'PUT', path: '/v1/admin/users/:id/roles', auth: true, area: 'roles' },
  adminPreview: { method: 'POST', path: '/v1/admin/preview', auth: true, area: 'content' },
  // money (money.ts, rewards.ts)
  adminOrders: { method: 'GET', path: '/v1/admin/orders', auth: true, area: 'money' },
  adminRefund: { method: 'POST', path: '/v1/admin/orders/:order_no/refund', auth: true, area: 'money' },
  adminCampaigns: { method: 'GET', path: '/v1/admin/coupon_campaigns', auth: true, area: 'money' },
  adminCreateCampaign: { method: 'POST', path: '/v1/admin/coupon_campaigns', auth: true, area: 'money' },
  adminAdjustWallet: { method: 'POST', path: '/v1/admin/wallets/:user_id/adjust', auth: true, area: 'money' },
  adminWithdrawals: { method: 'GET', path: '/v1/admin/withdrawals', auth: true, area: 'money' },
  adminWithdrawalApprove: { method: 'POST', path: '/v1/admin/withdrawals/:id/approve', auth: true, area: 'money' },
  adminWithdrawalReject: { method: 'POST', path: '/v1/admin/withdrawals/:id/reject', auth: true, area: 'money' },
  adminVoucherBatchCreate: { method: 'POST', path: '/v1/admin/voucher_batches', auth: true, area: 'money' },
  adminVoucherBatches: { method: 'GET', path: '/v1/admin/voucher_batches', auth: true, area: 'money' },
  // courses and series (admin-courses.ts)
  adminCourses: { method: 'GET', path: '/v1/admin/courses', auth: true, area: 'content' },
  adminCourseCreate: { method: 'POST', path: '/v1/admin/courses', auth: true, area: 'content' },
  adminCourseBulk: { method: 'POST', path: '/v1/admin/courses/bulk', auth: true, area: 'content' },
  adminCourse: { method: 'GET', path: '/v1/admin/courses/:id', auth: true, area: 'content' },
  adminCourseUpdate: { method: 'PUT', path: '/v1/admin/courses/:id', auth: true, area: 'content' },
  adminCourseDelete: { method: 'DELETE', path: '/v1/admin/courses/:id', auth: true, area: 'content' },
  adminCoursePublish: { method: 'POST', path: '/v1/admin/courses/:id/publish', auth: true, area: 'content' },
  adminCourseOffline: { method: 'POST', path: '/v1/admin/courses/:id/offline', auth: true, area: 'content' },
  adminCourseUnlist: { method: 'POST', path: '/v1/admin/courses/:id/unlist', auth: true, area: 'content' },
  adminChapterCreate: { method: 'POST', path: '/v1/admin/courses/:id/chapters', auth: true, area: 'content' },
  adminChapterOrder: { method: 'PUT', path: '/v1/admin/courses/:id/chapters/order', auth: true, area: 'content' },
  adminChapterUpdate: { method: 'PUT', path: '/v1/admin/chapters/:id', auth: true, area: 'content' },
  adminChapterDelete: { method: 'DELETE', path: '/v1/admin/chapters/:id', auth: true, area: 'content' },
  // credit designation (admin-courses.ts)
  adminCreditRules: { method: 'GET', path: '/v1/admin/credit_rules', auth: true, area: 'credits' },
  adminCreditDesignation: { method: 'GET', path: '/v1/admin/credit_designations/:kind/:id', auth: true, area: 'credits' },
  adminCreditDesignate: { method: 'PUT', path: '/v1/admin/credit_designations/:kind/:id', auth: true, area: 'credits' },
  adminCreditWithdraw: { method: 'DELETE', path: '/v1/admin/credit_designations/:kind/:id', auth: true, area: 'credits' },
  // content images (admin-news.ts): the lives area has its own route to the same upload
  adminImageUpload: { method: 'POST', path: '/v1/admin/images', auth: true, area: 'content', bodyKb: 10 * 1024 + 16 },
  adminLiveImageUpload: { method: 'POST', path: '/v1/admin/live_images', auth: true, area: 'lives', bodyKb: 10 * 1024 + 16 },
  // news (admin-news.ts)
  adminNewsList: { method: 'GET', path: '/v1/admin/news', auth: true, area: 'content' },
  adminNewsCreate: { method: 'POST', path: '/v1/admin/news', auth: true, area: 'content', bodyKb: 1024 },
  adminNewsBulk: { method: 'POST', path: '/v1/admin/news/bulk', auth: true, area: 'content' },
  adminNewsTags: { method: 'GET', path: '/v1/admin/news/tags', auth: true, area: 'content' },
  adminNewsCategories: { method: 'GET', path: '/v1/admin/news/categories', auth: true, area: 'content' },
  adminNewsCategoryCreate: { method: 'POST', path: '/v1/admin/news/categories', auth: true, area: 'content' },
  adminNewsCategoryUpdate: { method: 'PUT', path: '/v1/admin/news/categories/:id', auth: true, area: 'content' },
  adminNewsCategoryDelete: { method: 'DELETE', path: '/v1/admin/news/categories/:id', auth: true, area: 'content' },
  adminNewsDetail: { method: 'GET', path: '/v1/admin/news/:id', auth: true, area: 'content' },
  adminNewsUpdate: { method: 'PUT', path: '/v1/admin/news/:id', auth: true, area: 'content', bodyKb: 1024 },
  adminNewsPublish: { method: 'POST', path: '/v1/admin/news/:id/publish', auth: true, area: 'content' },
  adminNewsOffline: { method: 'POST', path: '/v1/admin/news/:id/offline', auth: true, area: 'content' },
  adminNewsDelete: { method: 'DELETE', path: '/v1/admin/news/:id', auth: true, area: 'content' },
  // the home page (admin-home.ts)
  adminHome: { method: 'GET', path: '/v1/admin/home', auth: true, area: 'content' },
  adminHomeSaveDraft: { method: 'PUT', path: '/v1/admin/home/draft', auth: true, area: 'content', bodyKb: 256 },
  adminHomePublish: { method: 'POST', path: '/v1/admin/home/publish', auth: true, area: 'content' },
  adminHomeDiscard: { method: 'POST', path: '/v1/admin/home/discard', auth: true, area: 'content' },
  adminHomeItems: { method: 'GET', path: '/v1/admin/home/items', auth: true, area: 'content' },
  // lives (admin-lives.ts)
  adminLives: { method: 'GET', path: '/v1/admin/lives', auth: true, area: 'lives' },
  adminLiveOptions: { method: 'GET', path: '/v1/admin/lives/options', auth: true, area: 'lives' },
  adminLive: { method: 'GET', path: '/v1/admin/lives/:id', auth: true, area: 'lives' },
  adminLiveCreate: { method: 'POST', path: '/v1/admin/lives', auth: true, area: 'lives' },
  adminLiveUpdate: { method: 'PUT', path: '/v1/admin/lives/:id', auth: true, area: 'lives' },
  adminLiveAgenda: { method: 'PUT', path: '/v1/admin/lives/:id/agenda', auth: true, area: 'lives' },
  adminLivePublish: { method: 'POST', path: '/v1/admin/lives/:id/publish', auth: true, area: 'lives' },
  adminLiveOffline: { method: 'POST', path: '/v1/admin/lives/:id/offline', auth: true, area: 'lives' },
  adminLiveBulk: { method: 'POST', path: '/v1/admin/lives/bulk', auth: true, area: 'lives' },
  adminLiveStream: { method: 'GET', path: '/v1/admin/lives/:id/stream', auth: true, area: 'lives' },
  adminLiveStreamRotate: { method: 'POST', path: '/v1/admin/lives/:id/stream/rotate', auth: true, area: 'lives' },
  adminLivePushCheck: { method: 'POST', path: '/v1/admin/lives/:id/stream/check', auth: true, area: 'lives' },
  adminLiveStatus: { method: 'POST', path: '/v1/admin/lives/:id/status', auth: true, area: 'lives' },
  adminLiveReplay: { method: 'POST', path: '/v1/admin/lives/:id/replay', auth: true, area: 'lives' },
  // credits (certificates.ts, attendance.ts)
  adminCertRevoke: { method: 'POST', path: '/v1/admin/certificates/:id/revoke', auth: true, area: 'credits' },
  adminAttendance: { method: 'GET', path: '/v1/admin/attendance', auth: true, area: 'credits' },
  adminAttendanceCorrect: { method: 'POST', path: '/v1/admin/attendance/corrections', auth: true, area: 'credits' },
  // running the site (admin-running.ts)
  adminModeration: { method: 'GET', path: '/v1/admin/moderation', auth: true, area: 'moderation' },
  adminModerationBulk: { method: 'POST', path: '/v1/admin/moderation/bulk', auth: true, area: 'moderation' },
  adminModerationAct: { method: 'POST', path: '/v1/admin/moderation/:kind/:id', auth: true, area: 'moderation' },
  adminUsers: { method: 'GET', path: '/v1/admin/users', auth: true, area: 'users' },
  adminCancellations: { method: 'GET', path: '/v1/admin/user_cancellations', auth: true, area: 'users' },
  adminUser: { method: 'GET', path: '/v1/admin/users/:id', auth: true, area: 'users' },
  adminUserDisable: { method: 'POST', path: '/v1/admin/users/:id/disable', auth: true, area: 'users' },
  adminUserEnable: { method: 'POST', path: '/v1/admin/users/:id/enable', auth: true, area: 'users' },
  adminUserMerge: { method: 'POST', path: '/v1/admin/users/:id/merge', auth: true, area: 'users' },
  adminContactMessages: { method: 'GET', path: '/v1/admin/contact_messages', auth: true, area: 'service' },
  adminContactMessage: { method: 'GET', path: '/v1/admin/contact_messages/:id', auth: true, area: 'service' },
  adminContactHandle: { method: 'POST', path: '/v1/admin/contact_messages/:id/handle', auth: true, area: 'service' },
  // any staff: each figure only for the areas the caller reaches (checked in the handler)
  adminDashboard: { method: 'GET', path: '/v1/admin/dashboard', auth: true, area: null },
  // the catalog (admin-catalog.ts)
  ...catalogRoutes('Speaker'),
  ...catalogRoutes('Hospital'),
  ...catalogRoutes('Organizer'),
  ...catalogRoutes('Keyword'),
  ...catalogRoutes('Column'),
  ...catalogRoutes('Special'),
  ...catalogRoutes('AlbumConfig'),
  ...catalogRoutes('Paper', 256),
  ...catalogRoutes('SelectedVideo', 256),
  ...catalogRoutes('Congress'),
  ...catalogRoutes('SitePage', 1024),
  ...catalogRoutes('RelateSite', 256),
  ...catalogRoutes('HotWord'),
  adminSitePageVersions: { method: 'GET', path: '/v1/admin/site_pages/:id/versions', auth: true, area: 'content' },
  adminSelectedChannels: { method: 'GET', path: '/v1/admin/selected_channels', auth: true, area: 'content' },
  adminSitePageRestore: { method: 'POST', path: '/v1/admin/site_pages/:id/versions/:version_id/restore', auth: true, area: 'content' },
  // media library (admin-media.ts; decision record 0064): content, except a live's replay (lives)
  adminMediaStatus: { method: 'GET', path: '/v1/admin/media/status', auth: true, area: 'content' },
  adminMediaList: { method: 'GET', path: '/v1/admin/media', auth: true, area: 'content' },
  adminMediaDetail: { method: 'GET', path: '/v1/admin/media/:id', auth: true, area: 'content' },
  adminMediaUpdate: { method: 'PUT', path: '/v1/admin/media/:id', auth: true, area: 'content' },
  adminMediaDelete: { method: 'DELETE', path: '/v1/admin/media/:id', auth: true, area: 'content' },
  adminMediaRetry: { method: 'POST', path: '/v1/admin/media/:id/retry', auth: true, area: 'content' },
  adminMediaSubtitle: { method: 'POST', path: '/v1/admin/media/:id/subtitles/:lang', auth: true, area: 'content' },
  adminMediaSubtitleDelete: { method: 'DELETE', path: '/v1/admin/media/:id/subtitles/:lang', auth: true, area: 'content' },
  adminMediaPoster: { method: 'POST', path: '/v1/admin/media/:id/poster', auth: true, area: 'content' },
  adminMediaBind: { method: 'POST', path: '/v1/admin/media/:id/bindings', auth: true, area: 'content' },
  adminMediaUnbind: { method: 'DELETE', path: '/v1/admin/media/:id/bindings/:target_type/:target_id', auth: true, area: 'content' },
  adminMediaChoices: { method: 'GET', path: '/v1/admin/media_choices', auth: true, area: 'lives' },
  adminLiveReplaySet: { method: 'PUT', path: '/v1/admin/lives/:id/replay', auth: true, area: 'lives' },
  adminLiveReplayClear: { method: 'DELETE', path: '/v1/admin/lives/:id/replay', auth: true, area: 'lives' },
} as const satisfies Record<string, AdminRouteDef>;

export type AdminRoutes = typeof adminRoutes;
export type AdminRouteName = keyof AdminRoutes;

/** `adminPathOf('adminRefund', { order_no: 'X1' })` is `/v1/admin/orders/X1/refund`. */
export function adminPathOf<N extends AdminRouteName>(name: N, ...[params]: PathArgsOf<AdminRoutes[N]['path']>): string {
  return fillPath(name, adminRoutes[name].path, params);
}
