import { IDEMPOTENCY_HEADER } from '@medportal/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { RewardsSettings } from '../../config.ts';
import { endpointRoute, ok } from '../../lib/endpoint.ts';
import { currentUser } from '../../plugins/auth.ts';
import { voucherCoupons } from '../money/index.ts';
import { CardVault, cardKey } from './bank-cards.ts';
import { BankCardService } from './bankcards.service.ts';
import { creditRule, PointsService } from './points.service.ts';
import { SignInService } from './sign-in.service.ts';
import { type PayoutProvider, SandboxPayout } from './payout.ts';
import { type CouponGrants, VoucherService } from './vouchers.service.ts';
import { WithdrawalService } from './withdrawals.service.ts';
import { scheduleJob } from '../../plugins/jobs.ts';

export interface RewardsRoutesOptions {
  now: () => Date;
  settings: RewardsSettings;
  /** Coupons for coupon vouchers; default: the money module's (its coupon tables). */
  coupons?: CouponGrants;
  /** Default: the sandbox provider, reporting after `sandboxPayoutDelayMs` (1 s). */
  payout?: PayoutProvider;
  sandboxPayoutDelayMs?: number;
  /** How often approved withdrawals are handed to the provider (default 5 s; approvals also start a round at once). */
  payoutIntervalMs?: number;
}

/** Credit points, sign-in, vouchers and bank cards (decision record 0028). */
const rewardsRoutes: FastifyPluginAsync<RewardsRoutesOptions> = async (instance, opts) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { now } = opts;
  const points = new PointsService(app.db);
  const signIn = new SignInService(app.db, now);
  const vault = new CardVault(cardKey(opts.settings.cardEncryptionKey, app.accounts.secret));
  const cards = new BankCardService(app.db, vault);
  const vouchers = new VoucherService(app.db, app.accounts.secret, app.accounts.limiter, now, opts.coupons ?? voucherCoupons(now));
  const payout = opts.payout ?? new SandboxPayout(opts.sandboxPayoutDelayMs ?? 1000);
  const withdrawalsSvc = new WithdrawalService({
    db: app.db,
    now,
    cards,
    vault,
    payout,
    checkPayPassword: (me, pw) => app.accounts.checkPayPassword(me, pw),
    log: app.log,
  });
  // onClose hooks run last-in, first-out: the job stops (after a round under way), then the provider closes.
  app.addHook('onClose', async () => payout.close());
  withdrawalsSvc.useRounds(
    scheduleJob(app, { name: 'rewards.payouts', everyMs: opts.payoutIntervalMs ?? 5000, runAtStart: true, run: () => withdrawalsSvc.payoutDue(), logLevel: 'debug' }),
  );

  app.route({ ...endpointRoute('scoreLog'), handler: async (req) => ok(await points.log(currentUser(req).id, req.query, req.ctx.lang)) });
  app.route({ ...endpointRoute('creditRule'), handler: async () => ok(creditRule()) });
  app.route({ ...endpointRoute('signInState'), handler: async (req) => ok(await signIn.state(currentUser(req).id, req.ctx.tz, req.query.month)) });
  app.route({ ...endpointRoute('signIn'), handler: async (req) => ok(await signIn.signIn(currentUser(req).id, req.ctx.tz)) });
  app.route({
    ...endpointRoute('voucherRedeem'),
    handler: async (req) => ok(await vouchers.redeem(currentUser(req).id, req.ip, req.body.code, req.ctx.lang)),
  });

  app.route({ ...endpointRoute('bankcardList'), handler: async (req) => ok(await cards.list(currentUser(req).id, req.ctx.lang)) });
  app.route({ ...endpointRoute('bankcardAdd'), handler: async (req) => ok(await cards.add(currentUser(req).id, req.body, req.ctx.lang)) });
  app.route({
    ...endpointRoute('bankcardUpdate'),
    handler: async (req) => ok(await cards.update(currentUser(req).id, req.params.id, req.body, req.ctx.lang)),
  });
  app.route({ ...endpointRoute('bankcardDefault'), handler: async (req) => ok(await cards.setDefault(currentUser(req).id, req.params.id, req.ctx.lang)) });
  app.route({ ...endpointRoute('bankcardDelete'), handler: async (req) => ok(await cards.remove(currentUser(req).id, req.params.id, req.ctx.lang)) });
  app.route({ ...endpointRoute('checkBankcard'), handler: async (req) => ok(cards.check(req.body.card_number, req.ctx.lang)) });

  app.route({
    ...endpointRoute('cashWithdrawal'),
    handler: async (req) => {
      const key = req.headers[IDEMPOTENCY_HEADER];
      return ok(await withdrawalsSvc.request(currentUser(req), req.body, typeof key === 'string' ? key : undefined, req.ctx.lang));
    },
  });
  app.route({ ...endpointRoute('withdrawalDetail'), handler: async (req) => ok(await withdrawalsSvc.detail(currentUser(req).id, req.params.id, req.ctx.lang)) });
  app.route({ ...endpointRoute('withdrawalList'), handler: async (req) => ok(await withdrawalsSvc.listMine(currentUser(req).id, req.query, req.ctx.lang)) });

  // ---- operators ----
  app.route({ ...endpointRoute('adminWithdrawals'), handler: async (req) => ok(await withdrawalsSvc.listAll(req.query, req.ctx.lang)) });
  app.route({
    ...endpointRoute('adminWithdrawalApprove'),
   
    handler: async (req) => ok(await withdrawalsSvc.approve(currentUser(req).id, req.params.id, req.ctx.lang)),
  });
  app.route({
    ...endpointRoute('adminWithdrawalReject'),
   
    handler: async (req) => ok(await withdrawalsSvc.reject(currentUser(req).id, req.params.id, req.body.reason, req.ctx.lang)),
  });
  app.route({
    ...endpointRoute('adminVoucherBatchCreate'),
   
    handler: async (req) => {
      const made = await vouchers.createBatch(currentUser(req).id, req.body, req.ctx.lang);
      return ok({ ...made.batch, codes: made.codes });
    },
  });
  app.route({ ...endpointRoute('adminVoucherBatches'), handler: async (req) => ok(await vouchers.listBatches(req.query)) });
};

export default rewardsRoutes;
