import type { PreviewKind } from '@medportal/contract';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { loadAppSecret } from '../lib/app-secret.ts';
import { hmac, signToken, verifyToken } from '../lib/crypto.ts';

/** How long a preview link works: long enough to look, short enough that a forwarded link dies. */
export const PREVIEW_TTL_MS = 30 * 60_000;
/** The header that carries a preview grant from the page renderer to the API it calls in-process. */
export const PREVIEW_HEADER = 'x-medportal-preview';
const PURPOSE = 'preview';

export interface PreviewGrant {
  kind: PreviewKind;
  id: number;
  expiresAt: Date;
}

export interface Preview {
  /** A signed grant to see one unpublished item (`home`: the draft home page, id 0). */
  grant(kind: PreviewKind, id: number): { token: string; expiresAt: Date };
  /** The grant a token carries, or null (forged, expired, malformed). */
  verify(token: string | undefined): PreviewGrant | null;
  /** Whether the request may see this unpublished item: a public read's one question. */
  allows(req: FastifyRequest, kind: PreviewKind, id: number): boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    preview: Preview;
  }
}

/**
 * Preview grants (decision record 0062): the console asks for a link, the page renderer passes the
 * grant to the API in a header, and a public read of that one item includes it unpublished. Only
 * a rendered page carries it, so nothing of a preview reaches the public pages' scripts or caches.
 */
export default fp<{ appSecret: string | null; now: () => Date }>(
  async (app, { appSecret, now }) => {
    const secret = hmac(await loadAppSecret(app.db, appSecret), 'preview-grants');
    const verify = (token: string | undefined): PreviewGrant | null => {
      if (!token) return null;
      const p = verifyToken(secret, PURPOSE, token);
      if (!p || typeof p.k !== 'string' || typeof p.i !== 'number' || typeof p.e !== 'number') return null;
      if (p.e <= now().getTime()) return null;
      return { kind: p.k as PreviewKind, id: p.i, expiresAt: new Date(p.e) };
    };
    app.decorate('preview', {
      grant(kind, id) {
        const expiresAt = new Date(now().getTime() + PREVIEW_TTL_MS);
        return { token: signToken(secret, PURPOSE, { k: kind, i: id, e: expiresAt.getTime() }), expiresAt };
      },
      verify,
      allows(req, kind, id) {
        const header = req.headers[PREVIEW_HEADER];
        const grant = verify(typeof header === 'string' ? header : undefined);
        return grant !== null && grant.kind === kind && grant.id === id;
      },
    } satisfies Preview);
  },
  { name: 'preview', dependencies: ['db'] },
);
