import { z } from 'zod';
import { DEFAULT_COUNTRY_CODE, isValidMobile, WITHDRAWAL_LIMITS } from '@medportal/contract/constants';
import { BankCardBody, WithdrawalBody } from '@medportal/contract/rewards';
import type { FormRules } from '../../../shared/forms/use-form';
import { parseYuan } from '../../money';

/**
 * The rewards forms' rules, made of the contract's request schemas (decision record 0074). zod
 * reaches the browser only through this file, which only the lazy rewards pages import.
 */

export interface CashValues extends Record<string, unknown> {
  /** Yuan, as typed. */
  amount: string;
  pay_password: string;
}

/** Why a withdrawal form is refused: the amount under the minimum, over the balance, or the pay password's format. */
export type CashProblem = 'min' | 'over' | 'payPassword';

/** A withdrawal of at least the minimum and at most the balance (fen), with a six-digit pay password. */
export function cashRules(balanceFen: number): FormRules<CashValues, CashProblem> {
  const schema = z.object({ amount: z.string(), pay_password: WithdrawalBody.shape.pay_password }).superRefine((v, ctx) => {
    const fen = parseYuan(v.amount);
    if (fen === null || !WithdrawalBody.shape.amount.min(WITHDRAWAL_LIMITS.minFen).safeParse(fen).success) {
      ctx.addIssue({ code: 'custom', path: ['amount'], message: 'min' });
    } else if (fen > balanceFen) ctx.addIssue({ code: 'custom', path: ['amount'], message: 'over' });
  });
  return { schema, explain: (field, _value, issue) => (field === 'pay_password' ? 'payPassword' : issue === 'over' ? 'over' : 'min') };
}

export interface BankCardValues extends Record<string, unknown> {
  holder_name: string;
  /** Digits only (the input groups them for reading). */
  card_number: string;
  mobile: string;
  is_default: boolean;
}

/** The card's holder, a number that passes the contract's format and the Luhn check, and the bank's mobile number. */
export function bankCardRules(luhnValid: (digits: string) => boolean): FormRules<BankCardValues, 'holder' | 'number' | 'mobile'> {
  const { holder_name, card_number, mobile } = BankCardBody.shape;
  const schema = z
    .object({ holder_name, card_number: card_number.refine(luhnValid), mobile, is_default: z.boolean() })
    .refine((v) => isValidMobile(v.mobile, DEFAULT_COUNTRY_CODE), { path: ['mobile'], when: () => true });
  return { schema, explain: (field) => (field === 'holder_name' ? 'holder' : field === 'card_number' ? 'number' : 'mobile') };
}
