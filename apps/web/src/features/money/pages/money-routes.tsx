import { loadNamespaces } from '../../../shared/i18n';
import { BillPage } from './bill-page';
import { CouponPage } from './coupon-page';
import { OrdersPage } from './orders-page';
import { RechargePage } from './recharge-page';
import { WalletPage } from './wallet-page';
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
export const billRoute = { Component: BillPage, loader };
