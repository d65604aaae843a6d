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
  // credits (certificates.ts, attendance.ts)
  adminCertRevoke: { method: 'POST', path: '/v1/admin/certificates/:id/revoke', auth: true, area: 'credits' },
  adminAttendance: { method: 'GET', path: '/v1/admin/attendance', auth: true, area: 'credits' },
  adminAttendanceCorrect: { method: 'POST', path: '/v1/admin/attendance/corrections', auth: true, area: 'credits' },
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
  adminSitePageRestore: { method: 'POST', path: '/v1/admin/site_pages/:id/versions/:version_id/restore', auth: true, area: 'content' },
} as const satisfies Record<string, AdminRouteDef>;

export type AdminRoutes = typeof adminRoutes;
export type AdminRouteName = keyof AdminRoutes;

/** `adminPathOf('adminRefund', { order_no: 'X1' })` is `/v1/admin/orders/X1/refund`. */
export function adminPathOf<N extends AdminRouteName>(name: N, ...[params]: PathArgsOf<AdminRoutes[N]['path']>): string {
  return fillPath(name, adminRoutes[name].path, params);
}
