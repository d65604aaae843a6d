import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import { LRUCache } from 'lru-cache';
import { etagMatches } from './public-cache.ts';

/**
 * Anonymous cached reads answered before Fastify sees them (decision record 0076, "replayed
 * answers"). A public-cache hit or a kept rendered page, answered once by the app, is recorded as
 * it left: status, headers (every hook's, security and compression included) and body. The next
 * GET that asks the same thing the same way (URL, the headers any hook reads, host and protocol)
 * gets those bytes again, with its own request id and one log line, while the entry it came from
 * is still the one the app would serve. Routing, the request and reply objects, the child logger,
 * the hooks and the serialiser are skipped; anything else goes to Fastify as before.
 */

declare module 'fastify' {
  interface FastifyInstance {
    /** Answers recorded for replay; plugins offer theirs, the drain stops replays (lib/replay.ts). */
    replays: Replays;
  }
}

/** What the request log and the answer need to know of a request, as Fastify would tell it. */
export interface RequestView {
  host: string;
  protocol: string;
  ip: string | undefined;
}

export interface ReplayOptions {
  /** The request id Fastify would give this request (its genReqId). */
  requestId: (req: IncomingMessage) => string;
  /** req.host, req.protocol and req.ip as Fastify gives them (they follow TRUST_PROXY). */
  view: (req: IncomingMessage) => RequestView;
  /** Writes the request's log line (the fields of Fastify's "request completed" line). */
  log: (req: IncomingMessage, view: RequestView, id: string, status: number, ms: number) => void;
  /** Request headers that make an answer someone's own or a preview: their requests are never replayed. */
  personalHeaders: readonly string[];
  /** Query parameters likewise (an access token, a preview grant). */
  personalParams: readonly string[];
  /** Bytes of recorded bodies kept at most (they are mostly the cache entries' own buffers). */
  maxBytes?: number;
}

interface Recorded {
  status: number;
  /** Reused for every replay: only the request id changes, set just before writeHead copies it out. */
  headers: OutgoingHttpHeaders;
  body: Buffer | string | null;
}

interface Replay {
  /** The cache entry or page the answer was built from: a new one means a new recording. */
  source: object;
  etag: string | null;
  /** Whether `source` is still what the app would send, fresh; counts the hit when it is. */
  take: () => boolean;
  /** The answer to a request whose If-None-Match names the ETag, and to any other. */
  matched: Recorded | null;
  plain: Recorded | null;
}

const MAX_BYTES = 32 * 1024 * 1024;
const MAX_REPLAYS = 10_000;

export interface ReplayStats {
  /** Requests answered from a recording. */
  replayed: number;
  /** Answers recorded. */
  recorded: number;
  entries: number;
}

export class Replays {
  private readonly replays: LRUCache<string, Replay>;
  private open = true;
  private replayed = 0;
  private recorded = 0;

  constructor(private readonly opts: ReplayOptions) {
    this.replays = new LRUCache<string, Replay>({
      max: MAX_REPLAYS,
      maxSize: opts.maxBytes ?? MAX_BYTES,
      sizeCalculation: (r) => 1024 + bodyBytes(r.matched) + bodyBytes(r.plain),
    });
  }

  /** No more replays (draining, closing): every request goes through the app and its hooks. */
  close(): void {
    this.open = false;
    this.replays.clear();
  }

  stats(): ReplayStats {
    return { replayed: this.replayed, recorded: this.recorded, entries: this.replays.size };
  }

  /**
   * What a request is recorded and replayed under, or null when it never is: an anonymous GET
   * (no login, cookie, preview), keyed by its URL, protocol and host, and the request headers a
   * hook on the way reads (language, encoding).
   */
  private keyOf(req: IncomingMessage, view: RequestView): string | null {
    const h = req.headers;
    for (const name of this.opts.personalHeaders) if (h[name] !== undefined) return null;
    const url = req.url ?? '';
    if (url.includes('?')) for (const name of this.opts.personalParams) if (url.includes(name)) return null;
    return `${url}\n${view.protocol}\n${view.host}\n${h['accept-language'] ?? ''}\n${h['accept-encoding'] ?? ''}\n${h['x-no-compression'] ?? ''}`;
  }

  /** Answers `req` from a recording and returns true, or returns false: the app answers it. */
  handle(req: IncomingMessage, res: ServerResponse): boolean {
    if (!this.open || req.method !== 'GET' || this.replays.size === 0) return false;
    const start = performance.now();
    const view = this.opts.view(req);
    const key = this.keyOf(req, view);
    const replay = key === null ? undefined : this.replays.get(key);
    if (key !== null && replay) {
      const h = req.headers;
      const inm = h['if-none-match'];
      const answer = inm !== undefined && replay.etag !== null && etagMatches(inm, replay.etag) ? replay.matched : replay.plain;
      // Replaced, expired or dropped since: the app answers (and records the new one).
      if (answer && !replay.take()) this.replays.delete(key);
      else if (answer) {
        const id = this.opts.requestId(req);
        answer.headers['x-request-id'] = id;
        res.writeHead(answer.status, answer.headers);
        res.end(answer.body);
        this.replayed += 1;
        this.opts.log(req, view, id, answer.status, performance.now() - start);
        return true;
      }
    }
    return false;
  }

  /**
   * The app is about to send `source` (a fresh cache entry or page) as the answer to this request:
   * records what leaves, for the requests that ask the same. `take` says, at each later request,
   * whether `source` is still what the app would send (and counts the hit).
   */
  offer(req: IncomingMessage, res: ServerResponse, source: object, etag: string | null, take: () => boolean): void {
    // Requests from a socket only: app.inject (the renderer's calls, tests) is never recorded.
    if (!this.open || req.method !== 'GET' || !(req.socket instanceof Socket)) return;
    const key = this.keyOf(req, this.opts.view(req));
    if (key === null) return;
    const inm = req.headers['if-none-match'];
    const matched = inm !== undefined && etag !== null && etagMatches(inm, etag);
    let status = 0;
    let headers: OutgoingHttpHeaders | null = null;
    const writeHead = res.writeHead;
    const end = res.end;
    // Fastify answers a buffered reply with writeHead(status, headers) then end(body).
    res.writeHead = function (this: ServerResponse, ...args: unknown[]) {
      const [code, last] = [args[0], args.at(-1)];
      if (args.length === 2 && typeof code === 'number' && last && typeof last === 'object' && !Array.isArray(last)) {
        status = code;
        headers = { ...(last as OutgoingHttpHeaders) };
      }
      return (writeHead as (...a: unknown[]) => ServerResponse).apply(this, args);
    } as ServerResponse['writeHead'];
    const record = (answer: Recorded) => this.record(key, source, etag, take, matched, answer);
    res.end = function (this: ServerResponse, ...args: unknown[]) {
      const body = args[0];
      // An answer setting a cookie is one caller's: never handed to the next.
      const own = headers?.['set-cookie'] !== undefined;
      if (headers && !own && status > 0 && headers['x-request-id'] !== undefined && (body == null || typeof body === 'string' || Buffer.isBuffer(body))) {
        record({ status, headers, body: body ?? null });
      }
      return (end as (...a: unknown[]) => ServerResponse).apply(this, args);
    } as ServerResponse['end'];
  }

  private record(key: string, source: object, etag: string | null, take: () => boolean, matched: boolean, answer: Recorded): void {
    const had = this.replays.peek(key);
    const replay: Replay = had && had.source === source ? { ...had } : { source, etag, take, matched: null, plain: null };
    if (matched) replay.matched = answer;
    else replay.plain = answer;
    this.replays.set(key, replay);
    this.recorded += 1;
  }
}

function bodyBytes(r: Recorded | null): number {
  if (!r?.body) return 0;
  return typeof r.body === 'string' ? Buffer.byteLength(r.body) : r.body.length;
}
