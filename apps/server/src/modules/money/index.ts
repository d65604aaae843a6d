/**
 * The money module's public entry (decision record 0026): the ledger function every balance change
 * goes through, the ledger audit, and what account merge and
 * cancellation ask of the money (moved or refused).
 */
export { isUniqueViolation, type LedgerEntry, type LedgerPosting, postLedger, walletOf } from './ledger.ts';
export { auditLedger, type LedgerAudit, type LedgerViolation } from './audit.ts';
export { mergeMoney, type MoneyMerged, refuseMoneyInFlight } from './accounts.ts';
export { default as moneyRoutes, type MoneyRoutesOptions } from './money.routes.ts';
export { orderSummary, paidOrdersBetween } from './money.figures.ts';
/** Coupons a voucher code gives (the rewards module redeems the code; the coupon tables are this module's). */
export { voucherCoupons } from './voucher-coupons.ts';
