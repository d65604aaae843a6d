import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { RewardsSettings } from '../../config.ts';
import { endpointRoute, ok } from '../../lib/endpoint.ts';
import { currentUser } from '../../plugins/auth.ts';
import { CardVault, cardKey } from './bank-cards.ts';
import { BankCardService } from './bankcards.service.ts';
import { creditRule, PointsService } from './points.service.ts';
import { SignInService } from './sign-in.service.ts';
import { type CouponGrants, VoucherService } from './vouchers.service.ts';

export interface RewardsRoutesOptions {
  now: () => Date;
  settings: RewardsSettings;
  /** The money module's coupons, for coupon vouchers (absent: coupon vouchers are unavailable). */
  coupons?: CouponGrants;
}

/** Credit points, sign-in, vouchers and bank cards (decision record 0028). */
const rewardsRoutes: FastifyPluginAsync<RewardsRoutesOptions> = async (instance, opts) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { now } = opts;
  const points = new PointsService(app.db);
  const signIn = new SignInService(app.db, now);
  const vault = new CardVault(cardKey(opts.settings.cardEncryptionKey, app.accounts.secret));
  const cards = new BankCardService(app.db, vault);
  const vouchers = new VoucherService(app.db, app.accounts.secret, app.accounts.limiter, now, opts.coupons ?? null);

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
};

export default rewardsRoutes;
