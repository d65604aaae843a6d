/**
 * The money feature's public entry (decision record 0072): what other features may use. Only the
 * course order dialog today; the pages reach the router through `pages/money-routes.tsx`.
 */
export { BuyDialog, type BuyDialogCourse, type BuyDialogProps } from './components/buy-dialog';
