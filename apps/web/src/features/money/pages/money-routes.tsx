import { loadNamespaces } from '../../../shared/i18n';
import { AddBankCardPage, BankCardsPage } from './bank-card-pages';
import { BillPage } from './bill-page';
import { CouponPage } from './coupon-page';
import { CreditActivityPage } from './credit-activity-page';
import { CreditPage } from './credit-page';
import { CreditRulePage } from './credit-rule-page';
import { OrdersPage } from './orders-page';
import { RechargePage } from './recharge-page';
import { VoucherPage } from './voucher-page';
import { WalletPage } from './wallet-page';
import { CashPage, WithdrawalsPage } from './withdraw-pages';
import '../money.css';

/** The money pages' texts (`money`) arrive with the route. */
async function loader(): Promise<null> {
  await loadNamespaces('money');
  return null;
}

export const walletRoute = { Component: WalletPage, loader };
export const ordersRoute = { Component: OrdersPage, loader };
export const couponRoute = { Component: CouponPage, loader };
export const rechargeRoute = { Component: RechargePage, loader };
export const cashRoute = { Component: CashPage, loader };
export const cardsRoute = { Component: BankCardsPage, loader };
export const addCardRoute = { Component: AddBankCardPage, loader };
export const withdrawalsRoute = { Component: WithdrawalsPage, loader };
export const billRoute = { Component: BillPage, loader };
export const creditRoute = { Component: CreditPage, loader };
export const creditRuleRoute = { Component: CreditRulePage, loader };
export const creditActivityRoute = { Component: CreditActivityPage, loader };
export const voucherRoute = { Component: VoucherPage, loader };
