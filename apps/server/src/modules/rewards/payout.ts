import { randomToken } from '../../lib/crypto.ts';

/** What a payout provider needs to send money to a bank card. */
export interface PayoutRequest {
  /** Our withdrawal number: the provider's idempotency key (the same number never pays twice). */
  withdrawalNo: string;
  amountFen: number;
  cardNumber: string;
  holderName: string;
  bankCode: string;
}

/** The provider's asynchronous answer about one transfer. */
export interface PayoutReport {
  withdrawalNo: string;
  reference: string;
  status: 'paid' | 'failed';
  reason?: string;
}

/**
 * A bank-transfer provider (decision record 0028). `transfer` only hands the transfer over and
 * answers the provider's reference; the result arrives later through the `onReport` callback,
 * as real payout APIs notify. Handing over the same withdrawal again returns the same reference.
 */
export interface PayoutProvider {
  readonly name: string;
  transfer(req: PayoutRequest): Promise<{ reference: string }>;
  onReport(handler: (report: PayoutReport) => Promise<void>): void;
  close(): void;
}

/** Holder name that makes the sandbox report a failed transfer (to try the failure path). */
export const SANDBOX_FAIL_HOLDER = 'SANDBOX-FAIL';

/**
 * The default provider: accepts every transfer and, `delayMs` later, reports it paid (or failed
 * for the holder name SANDBOX-FAIL), once per transfer it accepted. No money moves anywhere.
 */
export class SandboxPayout implements PayoutProvider {
  readonly name = 'sandbox';
  private handler: ((report: PayoutReport) => Promise<void>) | null = null;
  private readonly accepted = new Map<string, string>();
  private readonly timers = new Set<NodeJS.Timeout>();

  constructor(private readonly delayMs = 1000) {}

  onReport(handler: (report: PayoutReport) => Promise<void>): void {
    this.handler = handler;
  }

  async transfer(req: PayoutRequest): Promise<{ reference: string }> {
    const known = this.accepted.get(req.withdrawalNo);
    if (known) return { reference: known };
    const reference = `SBXP${randomToken(9)}`;
    this.accepted.set(req.withdrawalNo, reference);
    const failed = req.holderName === SANDBOX_FAIL_HOLDER;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      const report: PayoutReport = failed
        ? { withdrawalNo: req.withdrawalNo, reference, status: 'failed', reason: 'sandbox: account closed' }
        : { withdrawalNo: req.withdrawalNo, reference, status: 'paid' };
      void this.handler?.(report);
    }, this.delayMs);
    this.timers.add(timer);
    return { reference };
  }

  close(): void {
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
  }
}
