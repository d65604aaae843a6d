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
