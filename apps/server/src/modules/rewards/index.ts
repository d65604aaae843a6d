/**
 * The rewards module's public entry: its routes for app.ts, and the points ledger the money
 * module (orders) and the profile module (account merge) call inside their own transactions.
 */
export { default as rewardsRoutes, type RewardsRoutesOptions } from './rewards.routes.ts';
export { mergePoints, orderPoints, pointsBalance, postPoints, returnOrderPoints, spendOrderPoints, type PointsEntry } from './points.ledger.ts';
export { mergeSignIns } from './sign-in.merge.ts';
export { auditPoints, type PointsViolation } from './points.audit.ts';
export type { CouponGrants } from './vouchers.service.ts';
/** The sealing bank card numbers use, shared with the certificates module's ID numbers. */
export { CardVault, cardKey } from './bank-cards.ts';
export { pendingWithdrawalCount } from './withdrawals.figures.ts';
