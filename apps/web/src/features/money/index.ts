/**
 * The money feature's public entry (decision record 0072): what other features may use. The
 * course order dialog, and for rewards' withdrawals (which pay balance out) the wallet query, the
 * pay-password field, the yuan parser and the idempotency key of a paying call. No stylesheet or page is imported
 * here beyond what the dialog itself needs; the pages reach the router through `pages/money-routes.tsx`.
 */
export { BuyDialog, type BuyDialogCourse, type BuyDialogProps } from './components/buy-dialog';
export { PayPasswordInput } from './components/pay-password-input';
export { idempotent, newIdempotencyKey, parseYuan, useWalletInfo } from './api/payment';
