import { z } from 'zod';
import { QrChannel, RechargeBody } from '@medportal/contract/money';
import type { FormRules } from '../../../shared/forms/use-form';
import { parseYuan } from '../api/payment';

/**
 * The wallet forms' rules, made of the contract's request schemas (decision record 0074). zod
 * reaches the browser only through this file, which only the lazy wallet pages import.
 */

export interface RechargeValues extends Record<string, unknown> {
  /** An option's id, or `custom`. */
  option: string;
  /** The custom amount in yuan, as typed. */
  custom: string;
  channel: QrChannel;
}

/**
 * A custom amount within the contract's limits and the ones the recharge list gives (fen);
 * `chosen` is the option in effect while none was picked (the first, or `custom`).
 */
export function rechargeRules(minFen: number, maxFen: number, chosen: string): FormRules<RechargeValues, 'range'> {
  const amount = RechargeBody.shape.amount.unwrap().min(minFen).max(maxFen);
  const schema = z.object({ option: z.string(), custom: z.string(), channel: QrChannel }).superRefine((v, ctx) => {
    if ((v.option || chosen) !== 'custom') return;
    const fen = parseYuan(v.custom);
    if (fen === null || !amount.safeParse(fen).success) ctx.addIssue({ code: 'custom', path: ['custom'], message: 'range' });
  });
  return { schema, explain: () => 'range' };
}
