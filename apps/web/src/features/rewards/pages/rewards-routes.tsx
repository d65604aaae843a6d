import { loadNamespaces } from '../../../shared/i18n';
import { AddBankCardPage, BankCardsPage } from './bank-card-pages';
import { CreditPage } from './credit-page';
import { CreditRulePage } from './credit-rule-page';
import { VoucherPage } from './voucher-page';
import { CashPage, WithdrawalsPage } from './withdraw-pages';
import '../rewards.css';

/** The rewards pages' texts (`rewards`) arrive with the route. */
async function loader(): Promise<null> {
  await loadNamespaces('rewards');
  return null;
}

/** `/credit` also shows the CME card (certificates feature, `member` texts). */
async function creditLoader(): Promise<null> {
  await loadNamespaces('rewards', 'member');
  return null;
}

/** The withdrawal form uses money's pay-password field (`money` texts). */
async function cashLoader(): Promise<null> {
  await loadNamespaces('rewards', 'money');
  return null;
}

export const creditRoute = { Component: CreditPage, loader: creditLoader };
export const creditRuleRoute = { Component: CreditRulePage, loader };
export const voucherRoute = { Component: VoucherPage, loader };
export const cardsRoute = { Component: BankCardsPage, loader };
export const addCardRoute = { Component: AddBankCardPage, loader };
export const cashRoute = { Component: CashPage, loader: cashLoader };
export const withdrawalsRoute = { Component: WithdrawalsPage, loader };
