import { type ApiLanguage, DEFAULT_TIMEZONE, Platform } from '@medportal/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { languageFromHeader } from '../lib/i18n.ts';
import { hasInvalidText } from '../lib/validation.ts';

/** Who a valid access token belongs to (req.ctx.user). */
export interface AuthUser {
  id: number;
  /** The token family (auth_sessions row) of this login. */
  sessionId: number;
}

/** Who is asking and how to answer: read once per request from the common parameters (spec §7). */
export interface RequestContext {
  /** The logged-in user, resolved by the auth plugin on routes that ask for it (contract `auth`). */
  user?: AuthUser;
  platform: Platform;
  lang: ApiLanguage;
  /** UTC offset (+08:00) or IANA zone name. */
  tz: string;
  accessToken?: string;
  appVersion?: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    ctx: RequestContext;
  }
}

export const ACCESS_TOKEN_COOKIE = 'access_token';

type Params = Record<string, unknown>;

const COMMON_KEYS = ['access_token', 'platform', 'language', 'appversion', 'timezone'] as const;

// A value holding characters no text may hold (NUL, lone surrogates) counts as absent, like any bad value.
const str = (v: unknown, max: number): string | undefined =>
  typeof v === 'string' && v.length > 0 && v.length <= max && !hasInvalidText(v) ? v : undefined;

/** zh_CN | en from the `language` parameter, tolerant of zh, zh-CN, en-US and the like. */
function normaliseLanguage(v: unknown): ApiLanguage | undefined {
  const s = str(v, 32)?.toLowerCase();
  if (!s) return undefined;
  if (s.startsWith('en')) return 'en';
  if (s.startsWith('zh')) return 'zh_CN';
  return undefined;
}

/**
 * The language of a request Fastify never parsed (transport and framework errors): the `language`
 * query parameter, else Accept-Language, else Chinese.
 */
export function rawRequestLanguage(url: string | undefined, acceptLanguage: string | undefined): ApiLanguage {
  const query = url?.includes('?') ? url.slice(url.indexOf('?') + 1) : '';
  // URLSearchParams never throws: malformed escapes are kept as they are.
  return normaliseLanguage(new URLSearchParams(query).get('language')) ?? languageFromHeader(acceptLanguage) ?? 'zh_CN';
}

const OFFSET = /^[+-]?(?:[01]\d|2[0-3]):?[0-5]\d$/;

/** Zone names already found valid: building a DateTimeFormat to check one costs more than the rest of the context. */
const knownZones = new Set<string>();
const KNOWN_ZONES_MAX = 1000;

function normaliseTimezone(v: unknown): string | undefined {
  const s = str(v, 64);
  if (!s) return undefined;
  if (OFFSET.test(s)) {
    const sign = s.startsWith('-') ? '-' : '+';
    const digits = s.replace(/[^0-9]/g, '');
    return `${sign}${digits.slice(0, 2)}:${digits.slice(2)}`;
  }
  if (knownZones.has(s)) return s;
  try {
    new Intl.DateTimeFormat('en', { timeZone: s });
  } catch {
    return undefined;
  }
  if (knownZones.size < KNOWN_ZONES_MAX) knownZones.add(s);
  return s;
}

/** Accept-Language headers seen lately and their language (browsers send a handful of distinct ones). */
const headerLanguages = new Map<string, ApiLanguage | undefined>();
const HEADER_LANGUAGES_MAX = 500;

function acceptedLanguage(header: string | undefined): ApiLanguage | undefined {
  if (!header) return undefined;
  if (headerLanguages.has(header)) return headerLanguages.get(header);
  const lang = languageFromHeader(header);
  if (headerLanguages.size >= HEADER_LANGUAGES_MAX) headerLanguages.clear();
  headerLanguages.set(header, lang);
  return lang;
}

function bearer(header: string | undefined): string | undefined {
  const m = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  return m ? str(m[1], 512) : undefined;
}

const PLATFORMS: readonly unknown[] = Platform.options;

function readContext(req: FastifyRequest, params: Params): RequestContext {
  const accessToken =
    str(params.access_token, 512) ?? bearer(req.headers.authorization) ?? str(req.cookies?.[ACCESS_TOKEN_COOKIE], 512);
  const appVersion = str(params.appversion, 32);
  return {
    platform: PLATFORMS.includes(params.platform) ? (params.platform as Platform) : 'web',
    lang: normaliseLanguage(params.language) ?? acceptedLanguage(req.headers['accept-language']) ?? 'zh_CN',
    tz: normaliseTimezone(params.timezone) ?? DEFAULT_TIMEZONE,
    ...(accessToken ? { accessToken } : {}),
    ...(appVersion ? { appVersion } : {}),
  };
}

/**
 * Common parameters → req.ctx. Query first (onRequest, so even 404s and validation errors speak the
 * user's language), then a JSON body may complete it before validation. Bad values fall back to
 * defaults: a wrong `platform` never fails a request.
 */
export default fp(
  async (app) => {
    app.decorateRequest('ctx', null as unknown as RequestContext);
    app.addHook('onRequest', (req: FastifyRequest, _reply: FastifyReply, done: () => void) => {
      req.ctx = readContext(req, (req.query ?? {}) as Params);
      done();
    });
    app.addHook('preValidation', (req: FastifyRequest, _reply: FastifyReply, done: () => void) => {
      const body = req.body;
      if (body && typeof body === 'object' && !Array.isArray(body)) {
        const query = (req.query ?? {}) as Params;
        // Query parameters win over body ones; the body only fills what the query left out.
        req.ctx = readContext(req, { ...(body as Params), ...query });
        // Common parameters are read here, once: endpoint body schemas (some strict) never see them.
        for (const key of COMMON_KEYS) delete (body as Params)[key];
      }
      done();
    });
  },
  { name: 'context', dependencies: ['@fastify/cookie'] },
);
