import type { FastifyReply, FastifyRequest } from 'fastify';

export const SESSION_COOKIE = 'mp_session';

/** Sets the httpOnly session cookie that the server session check (/v1/user/session) reads. */
export function setSessionCookie(req: FastifyRequest, reply: FastifyReply, secret: string, maxAgeS: number): void {
  reply.setCookie(SESSION_COOKIE, secret, {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure: req.protocol === 'https',
    maxAge: maxAgeS,
  });
}
