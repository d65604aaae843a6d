import { CERT_CREDENTIAL_PATH, CERT_IMAGE_PATH, CertImageQuery, CertInfoQuery, ErrorCode } from '@medportal/contract';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error.ts';
import { endpointRoute, ok } from '../../lib/endpoint.ts';
import { currentUser } from '../../plugins/auth.ts';
import { CardVault, cardKey } from '../rewards/index.ts';
import type { BadgeSigner } from './credential.ts';
import { CertificateService } from './certificates.service.ts';
import type { CertificateDrawer } from './render.ts';
import { VERIFY_SCRIPT, verifyPageHtml } from './verify-page.ts';

export interface CertificatesRoutesOptions {
  now: () => Date;
  /** CARD_ENCRYPTION_KEY (ID numbers are sealed like card numbers); null: derived from the app secret. */
  cardEncryptionKey: Buffer | null;
  /** CERT_SIGNING_KEY; null: a sandbox key derived from the app secret (never in production: config refuses). */
  signingKey: Buffer | null;
  originOf: (req: FastifyRequest) => string;
  /** Draws PNG/PDF files off the event loop (the render worker pool). */
  draw: CertificateDrawer;
}

/** Certificates, the ID card they need, their files and credentials, and their public verification (decision record 0051). */
const certificatesRoutes: FastifyPluginAsync<CertificatesRoutesOptions> = async (instance, opts) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const secret = app.accounts.secret;
  const vault = new CardVault(cardKey(opts.cardEncryptionKey, secret));
  let signer: Promise<BadgeSigner> | null = null;
  // The credential libraries (JSON-LD, Ed25519) load with the first credential, not with the server.
  const getSigner = () =>
    (signer ??= import('./credential.ts').then(({ BadgeSigner, signingSeed }) => BadgeSigner.create(signingSeed(opts.signingKey, secret))));
  const certs = new CertificateService(app.db, vault, getSigner, secret, opts.now, opts.draw);

  app.route({ ...endpointRoute('certIdcard'), handler: async (req) => ok(await certs.idCard(currentUser(req).id)) });
  app.route({ ...endpointRoute('certIdcardSave'), handler: async (req) => ok(await certs.saveIdCard(currentUser(req).id, req.body)) });
  app.route({ ...endpointRoute('certList'), handler: async (req) => ok(await certs.list(currentUser(req).id, req.query, req.ctx.lang, opts.originOf(req))) });
  app.route({ ...endpointRoute('certInfo'), handler: async (req) => ok(await certs.info(currentUser(req).id, req.query.id, req.ctx.lang, opts.originOf(req))) });
  app.route({
    ...endpointRoute('certVerify'),
    handler: async (req) => {
      const v = await certs.verify(req.params.code, req.ip);
      if (!v) throw new AppError(ErrorCode.NOT_FOUND);
      return ok(v);
    },
  });
  app.route({ ...endpointRoute('certVerifyCredential'), handler: async (req) => ok(await certs.verifyCredential(req.body.credential, req.ip)) });
  app.route({
    ...endpointRoute('adminCertRevoke'),
   
    handler: async (req) => ok(await certs.revoke(currentUser(req).id, req.params.id, req.body.reason, req.ctx.lang, opts.originOf(req))),
  });

  // Files, not envelopes: the certificate as PNG or PDF, and as a signed Open Badges credential.
  app.get(CERT_IMAGE_PATH, { schema: { querystring: CertImageQuery, hide: true }, config: { auth: 'required' } }, async (req, reply) => {
    const { body, filename } = await certs.image(currentUser(req).id, req.query.id, req.query.format, opts.originOf(req));
    return reply
      .type(req.query.format === 'png' ? 'image/png' : 'application/pdf')
      .header('content-disposition', `attachment; filename="${filename}"`)
      .header('cache-control', 'private, no-store')
      .send(body);
  });
  app.get(CERT_CREDENTIAL_PATH, { schema: { querystring: CertInfoQuery, hide: true }, config: { auth: 'required' } }, async (req, reply) => {
    const { body, filename } = await certs.credential(currentUser(req).id, req.query.id, opts.originOf(req));
    return reply
      .type('application/vc+ld+json; charset=utf-8')
      .header('content-disposition', `attachment; filename="${filename}"`)
      .header('cache-control', 'private, no-store')
      .send(JSON.stringify(body, null, 2));
  });

  // The page a certificate's QR code opens; never cached (each verification is logged).
  app.get<{ Params: { code: string } }>('/cert/verify/:code', { schema: { hide: true } }, async (req, reply) => {
    const code = req.params.code.slice(0, 40);
    const v = await certs.verify(code, req.ip);
    return reply
      .code(v ? 200 : 404)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(verifyPageHtml(req.ctx.lang, code, v));
  });
  app.get('/cert/verify.js', { schema: { hide: true } }, async (_req, reply) =>
    reply.type('text/javascript; charset=utf-8').header('cache-control', 'public, max-age=300').send(VERIFY_SCRIPT),
  );
};

export default certificatesRoutes;
