import { isIP } from 'node:net';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { endpointRoute, ok } from '../../lib/endpoint.ts';
import { currentUser } from '../../plugins/auth.ts';
import { AuthService, type Caller } from './auth.service.ts';
import { countryPhoneCodes } from './countries.ts';
import { SESSION_COOKIE, setSessionCookie } from './session-cookie.ts';

export const callerOf = (req: FastifyRequest): Caller => ({ ip: req.ip, lang: req.ctx.lang, platform: req.ctx.platform });

const PRIVATE_V4 = [/^10\./, /^127\./, /^192\.168\./, /^172\.(1[6-9]|2\d|3[01])\./, /^169\.254\./, /^100\.(6[4-9]|[7-9]\d|1[01]\d|12[0-7])\./, /^0\./];
export function isPrivateIp(ip: string): boolean {
  const v4 = ip.startsWith('::ffff:') ? ip.slice(7) : ip;
  if (isIP(v4) === 4) return PRIVATE_V4.some((re) => re.test(v4));
  const lower = ip.toLowerCase();
  return lower === '::1' || lower === '::' || lower.startsWith('fc') || lower.startsWith('fd') || lower.startsWith('fe80:');
}

/** Ways in, tokens, session and passwords (spec §7 "Auth and account"). */
const authRoutes: FastifyPluginAsync = async (instance) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const auth = new AuthService(app.db, app.accounts);
  const refreshTtl = app.accounts.config.auth.refreshTtlS;

  app.route({ ...endpointRoute('captchaImage'), handler: async () => ok(await app.accounts.captchas.create()) });

  app.route({
    ...endpointRoute('countryPhoneCodes'),
    handler: async (req) => ok({ items: countryPhoneCodes(req.ctx.lang) }),
  });

  app.route({
    ...endpointRoute('checkIp'),
    // Geo-IP is not configured: country stays null rather than guessed.
    handler: async (req) => ok({ ip: req.ip, country: null, is_private: isPrivateIp(req.ip) }),
  });

  app.route({ ...endpointRoute('sendSms'), handler: async (req) => ok(await auth.sendSms(req.body, callerOf(req))) });
  app.route({ ...endpointRoute('sendEmailCode'), handler: async (req) => ok(await auth.sendEmailCode(req.body, callerOf(req))) });
  app.route({ ...endpointRoute('smsVerify'), handler: async (req) => ok(await auth.smsVerify(req.body, callerOf(req))) });

  app.route({
    ...endpointRoute('login'),
    handler: async (req, reply) => {
      const outcome = await auth.login(req.body, callerOf(req));
      setSessionCookie(req, reply, outcome.cookieSecret, refreshTtl);
      return ok(outcome.data);
    },
  });

  app.route({ ...endpointRoute('refreshToken'), handler: async (req) => ok(await auth.refresh(req.body.refresh_token)) });

  app.route({
    ...endpointRoute('sessionCheck'),
    handler: async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(await auth.sessionCheck(req.cookies[SESSION_COOKIE]));
    },
  });

  app.route({
    ...endpointRoute('logout'),
    handler: async (req, reply) => {
      await auth.logout(req.ctx.accessToken, req.cookies[SESSION_COOKIE]);
      reply.clearCookie(SESSION_COOKIE, { path: '/' });
      return ok(null);
    },
  });

  app.route({
    ...endpointRoute('loginInfo'),
    handler: async (req) => ok(await auth.loginInfo(currentUser(req), req.ctx.platform)),
  });

  app.route({
    ...endpointRoute('agreeConsent'),
    handler: async (req) => ok(await auth.agreeConsent(currentUser(req), req.body.agree_terms, callerOf(req))),
  });

  app.route({
    ...endpointRoute('setPassword'),
    handler: async (req) => {
      await auth.setPassword(currentUser(req), req.body.password);
      return ok(null);
    },
  });
  app.route({
    ...endpointRoute('resetPassword'),
    handler: async (req) => ok(await auth.resetPassword(currentUser(req), req.body.old_password, req.body.password, callerOf(req))),
  });
  app.route({
    ...endpointRoute('forgetPassword'),
    handler: async (req) => {
      await auth.forgetPassword(req.body, callerOf(req));
      return ok(null);
    },
  });
  app.route({
    ...endpointRoute('checkHasPassword'),
    handler: async (req) => ok({ has_password: (await auth.userOf(currentUser(req))).passwordHash !== null }),
  });

  app.route({
    ...endpointRoute('hasPayPassword'),
    handler: async (req) => ok({ has_pay_password: (await auth.userOf(currentUser(req))).payPasswordHash !== null }),
  });
  app.route({
    ...endpointRoute('setPayPassword'),
    handler: async (req) => {
      await auth.setPayPassword(currentUser(req), req.body.pay_password, req.body.code);
      return ok(null);
    },
  });
  app.route({
    ...endpointRoute('changePayPassword'),
    handler: async (req) => {
      await auth.changePayPassword(currentUser(req), req.body.old_pay_password, req.body.pay_password);
      return ok(null);
    },
  });
  app.route({
    ...endpointRoute('forgetPayPassword'),
    handler: async (req) => {
      await auth.forgetPayPassword(currentUser(req), req.body.code, req.body.pay_password);
      return ok(null);
    },
  });
  app.route({
    ...endpointRoute('verifyPayPassword'),
    handler: async (req) => {
      await auth.checkPayPassword(currentUser(req), req.body.pay_password);
      return ok({ verified: true as const });
    },
  });
};

export default authRoutes;
