/**
 * A page's URL in one language, as its canonical link and the sitemap name it: `lang` first, then
 * the query that selects the content; without a language, the x-default URL.
 */
export function pageUrl(origin: string, path: string, lang?: string): string {
  const at = path.indexOf('?');
  const pathname = at < 0 ? path : path.slice(0, at);
  const query = new URLSearchParams(at < 0 ? '' : path.slice(at + 1));
  const out = new URLSearchParams();
  if (lang) out.set('lang', lang);
  for (const [k, v] of query) if (k !== 'lang') out.set(k, v);
  const qs = out.toString();
  return `${origin}${pathname}${qs ? `?${qs}` : ''}`;
}

/** The `hreflang` of each UI language. */
export const HREFLANG = { zh: 'zh-CN', en: 'en' } as const;

/** What an origin is read from: a Fastify request (protocol per TRUST_PROXY, Host with and without port). */
export interface RequestHost {
  protocol: string;
  host: string;
  hostname: string;
}

/** This machine's names: a request naming one comes from a developer or a test, not through a shared cache. */
const LOOPBACK_HOST = /^(localhost|[a-z0-9-]+\.localhost|127(\.\d{1,3}){3}|\[::1\]|::1)$/i;

export const isLoopbackHost = (hostname: string): boolean => LOOPBACK_HOST.test(hostname);

/**
 * The origin public links name (canonical, og:url, sitemap, robots.txt): PUBLIC_ORIGIN when set
 * (production requires it); otherwise the request's own origin only when it names this machine,
 * else the configured PUBLIC_URL's. A Host header a client made up never reaches a kept page.
 */
export function publicOriginResolver(opts: { publicOrigin?: string | undefined; fallback: string }): (req: RequestHost) => string {
  const { publicOrigin, fallback } = opts;
  if (publicOrigin) return () => publicOrigin;
  return (req) => (isLoopbackHost(req.hostname) ? `${req.protocol}://${req.host}` : fallback);
}
