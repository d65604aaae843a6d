import { resolve } from 'node:path';
import { z } from 'zod';
import { IMAGE_UPLOAD_LIMIT_KB, UPLOAD_QUOTA_MB, UPLOADS_PER_HOUR } from '@medportal/contract';
import { type PaymentConfig, PaymentConfigError, parsePaymentConfig } from './lib/payments/config.ts';
import { defaultWebDist } from './paths.ts';

/** scrypt's cost for new password hashes unless PASSWORD_SCRYPT_N says otherwise: 16 MiB, about 40 ms. */
export const DEFAULT_PASSWORD_SCRYPT_N = 16_384;

/** Where the data lives: embedded PGlite (a directory, or memory for tests) or PostgreSQL. */
export type DbConfig =
  | {
      driver: 'pglite';
      /** null = in memory (tests) */
      dataDir: string | null;
      /** Tests only (never set from the environment): start from this dump of a migrated database. */
      loadDataDir?: Blob;
    }
  | {
      driver: 'postgres';
      url: string;
      /** Schema to work in (search_path); tests use a throw-away `t_<random>` schema. */
      schema?: string;
      dropSchemaOnClose?: boolean;
      /** Tests only (never set from the environment): runs after the pool has ended, e.g. to drop the database. */
      afterClose?: () => Promise<void>;
    };

const DEFAULT_PUBLIC_URL = 'https://www.medportal.cn';

const optionalUrl = z.url({ protocol: /^https?$/ }).optional();

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  /** 1: the server clock can be moved forward through POST /v1/dev/clock (never in production). */
  DEV_CLOCK: z.enum(['0', '1']).default('0'),
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().min(1).optional(),
  BODY_LIMIT: z.coerce.number().int().min(1024).max(100 * 1024 * 1024).default(1024 * 1024),
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).default(DEFAULT_PUBLIC_URL),
  /** Origin of public links (canonical, sitemap): https://portal.example.com; required in production. */
  PUBLIC_ORIGIN: z.url({ protocol: /^https?$/ }).optional(),
  /** Memory for prepared public payloads, in MB (decision record 0031). */
  PUBLIC_CACHE_MB: z.coerce.number().int().min(1).max(4096).default(64),
  /**
   * How long a logged-in GET's answer may serve the same login's identical reads, in ms (decision
   * record 0076; 0: only while built). Any write to the user's rows or to public data drops it
   * sooner: this bounds only what changes with the clock (a live's status).
   */
  PERSONAL_READ_KEEP_MS: z.coerce.number().int().min(0).max(10_000).default(1_000),
  APP_IOS_URL: optionalUrl,
  APP_ANDROID_URL: optionalUrl,
  WECHAT_MP_URL: optionalUrl,
  MEDIA_WEIBO_URL: optionalUrl,
  MEDIA_DOUYIN_URL: optionalUrl,
  MEDIA_CHANNELS_URL: optionalUrl,
  CONTACT_PHONE: z.string().min(3).max(40).default('400-810-0120'),
  CONTACT_EMAIL: z.email().default('service@medportal.cn'),
  CONTACT_ADDRESS: z.string().min(1).max(200).optional(),
  ICP: z.string().min(1).max(100).default('京ICP备2024000000号-1'),
  /** Fastify trustProxy: true/false, a hop count, or a comma-separated list of addresses/CIDRs. */
  TRUST_PROXY: z.string().max(500).optional(),
  ACCESS_TOKEN_TTL_S: z.coerce.number().int().min(1).max(30 * 86_400).default(7200),
  REFRESH_TOKEN_TTL_S: z.coerce.number().int().min(60).max(365 * 86_400).default(30 * 86_400),
  REFRESH_GRACE_S: z.coerce.number().int().min(0).max(300).default(10),
  /** scrypt's cost (N) for new password hashes; a stored hash keeps the cost it was made with. */
  PASSWORD_SCRYPT_N: z.coerce
    .number()
    .int()
    .min(1024)
    .max(1_048_576)
    .refine((n) => (n & (n - 1)) === 0, 'must be a power of two')
    .default(DEFAULT_PASSWORD_SCRYPT_N),
  /** Signs merge tokens, meeting SSO links and code hashes; generated and kept in the database when unset. */
  APP_SECRET: z.string().min(32, 'must be at least 32 characters').max(512).optional(),
  MEETING_BASE_URL: optionalUrl,
  WECHAT_APP_ID: z.string().min(1).max(64).optional(),
  WECHAT_APP_SECRET: z.string().min(1).max(128).optional(),
  WECHAT_REDIRECT_URI: optionalUrl,
  /** Official account (JS-SDK, follow checks) and mini-program (mini-program codes); unset: sandbox. */
  WECHAT_MP_APP_ID: z.string().min(1).max(64).optional(),
  WECHAT_MP_APP_SECRET: z.string().min(1).max(128).optional(),
  WECHAT_MINI_APP_ID: z.string().min(1).max(64).optional(),
  WECHAT_MINI_APP_SECRET: z.string().min(1).max(128).optional(),
  IMAGE_UPLOAD_LIMIT_KB: z.coerce.number().int().min(1).max(100 * 1024).default(IMAGE_UPLOAD_LIMIT_KB),
  UPLOAD_QUOTA_MB: z.coerce.number().int().min(1).max(1024 * 1024).default(UPLOAD_QUOTA_MB),
  UPLOADS_PER_HOUR: z.coerce.number().int().min(1).max(10_000).default(UPLOADS_PER_HOUR),
  SHUTDOWN_DRAIN_S: z.coerce.number().int().min(0).max(600).default(10),
  PLUGIN_TIMEOUT_S: z.coerce.number().int().min(1).max(600).default(10),
  /** Live-room events fan out through this Redis (several API processes); unset: in memory. */
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must start with redis:// or rediss://')
    .optional(),
  /** Prefix of every Redis key and channel (several deployments on one Redis). */
  REDIS_PREFIX: z.string().regex(/^[A-Za-z0-9:_-]{1,64}$/).default('medportal:'),
  LIVE_SOCKETS_PER_ADDRESS: z.coerce.number().int().min(1).max(1_000_000).default(200),
  LIVE_SOCKETS_PER_USER: z.coerce.number().int().min(1).max(1_000_000).default(10),
  /** Media (decision record 0022): sandbox serves our own demo HLS; cdn signs URLs for a CDN/streaming service. */
  MEDIA_PROVIDER: z.enum(['sandbox', 'cdn']).default('sandbox'),
  MEDIA_SIGN_KEY: z.string().min(16, 'must be at least 16 characters').max(512).optional(),
  MEDIA_URL_TTL_S: z.coerce.number().int().min(60).max(7 * 86_400).default(4 * 3600),
  MEDIA_CDN_BASE_URL: optionalUrl,
  MEDIA_LIVE_PULL_BASE_URL: optionalUrl,
  /** Largest video the console may upload (tus), in bytes; 4 GiB by default. */
  MEDIA_UPLOAD_MAX_BYTES: z.coerce.number().int().min(1024).max(1024 ** 4).default(4 * 1024 ** 3),
  /** The ffmpeg and ffprobe that transcode uploads (Debian's package); default: found on PATH. */
  FFMPEG_PATH: z.string().min(1).default('ffmpeg'),
  FFPROBE_PATH: z.string().min(1).default('ffprobe'),
  /** Bank card numbers are sealed with this AES-256 key: 32 bytes as 64 hex digits or base64. Required in production. */
  CARD_ENCRYPTION_KEY: z.string().max(200).optional(),
  /** Certificates' Open Badges credentials are signed with this Ed25519 seed: 32 bytes as 64 hex digits or base64. Required in production. */
  CERT_SIGNING_KEY: z.string().max(200).optional(),
  /** Withdrawal payouts: only the sandbox provider exists yet (it pays asynchronously). */
  PAYOUT_PROVIDER: z.enum(['sandbox']).default('sandbox'),
  /** Streaming service for push URLs (decision record 0066): the sandbox signs like Tencent Cloud live with its own key. */
  STREAM_PROVIDER: z.enum(['sandbox', 'tencent']).default('sandbox'),
  /** The push domain's authentication key (Tencent: the push URL's txSecret key). Required with STREAM_PROVIDER=tencent. */
  STREAM_PUSH_KEY: z.string().min(8, 'must be at least 8 characters').max(256).optional(),
  MEDIA_RTMP_PUSH_URL: z.string().regex(/^rtmps?:\/\/[^\s]+$/, 'must start with rtmp:// or rtmps://').optional(),
  /** Origin providers send notifications to (https://api.example.com); default: the origin of the paying request. */
  PAYMENT_NOTIFY_BASE_URL: optionalUrl,
  /** Key the sandbox signs its notifications with; derived from the app secret when unset. */
  PAYMENT_SANDBOX_KEY: z.string().min(16, 'must be at least 16 characters').max(512).optional(),
  /** Minutes an unpaid order stays open before it closes and releases its coupon. */
  ORDER_TTL_MIN: z.coerce.number().int().min(1).max(24 * 60).default(15),
  /** Seconds between sweeps of expired orders, due sandbox notifications and reconciliation; 0 = off. */
  MONEY_SWEEP_INTERVAL_S: z.coerce.number().int().min(0).max(3600).default(5),
  /** Worker threads drawing certificates and CME cards (PNG/PDF) off the event loop. */
  RENDER_WORKERS: z.coerce.number().int().min(1).max(16).default(1),
  /** Drawings that may wait for a worker; past this, a request is answered 503 (RENDER_BUSY). */
  RENDER_QUEUE: z.coerce.number().int().min(0).max(1000).default(16),
});

export type TrustProxy = boolean | string[] | ((address: string, hop: number) => boolean);

/** TRUST_PROXY → Fastify's trustProxy option (a number = trust that many hops). */
function trustProxyOption(v: string | undefined): TrustProxy {
  if (v === undefined || v === 'false' || v === '0') return false;
  if (v === 'true') return true;
  if (/^\d+$/.test(v)) {
    const hops = Number(v);
    return (_address, hop) => hop < hops;
  }
  return v.split(',').map((s) => s.trim()).filter(Boolean);
}

export interface AuthSettings {
  accessTtlS: number;
  refreshTtlS: number;
  refreshGraceS: number;
  /** scrypt N for new password hashes (modules/auth/passwords.ts). */
  passwordScryptN: number;
}

export interface WechatSettings {
  appId: string;
  appSecret: string;
  redirectUri: string;
}

/** Site-chrome strings (QR targets, downloads, contact). Only ever encoded into QR codes or links. */
export interface SiteSettings {
  appIosUrl: string;
  appAndroidUrl: string;
  wechatMpUrl: string;
  media: { weibo: string; douyin: string; channels: string };
  contact: { phone: string; email: string; address: { zh_CN: string; en: string } };
  icp: string;
}

export interface AppConfig {
  env: 'development' | 'production' | 'test';
  /** The clock may be moved forward by POST /v1/dev/clock (DEV_CLOCK=1, never in production). */
  devClock: boolean;
  port: number;
  host: string;
  /** Absolute; holds the PGlite directory and the single-instance lock. */
  dataDir: string;
  db: DbConfig;
  logLevel: z.infer<typeof EnvSchema>['LOG_LEVEL'];
  webDist: string;
  bodyLimit: number;
  site: SiteSettings;
  publicUrl: string;
  /** PUBLIC_ORIGIN without a trailing slash; unset (never in production): a loopback request's own origin, else PUBLIC_URL's. */
  publicOrigin?: string;
  /** Bytes the public-read cache may hold (decision record 0031). */
  publicCacheBytes: number;
  /** PERSONAL_READ_KEEP_MS (decision record 0076). */
  personalReadKeepMs: number;
  trustProxy: TrustProxy;
  auth: AuthSettings;
  /** null: derive from the database (app_meta), generated on first start. */
  appSecret: string | null;
  meetingBaseUrl: string;
  /** null: the sandbox WeChat adapter. */
  wechat: WechatSettings | null;
  /** null: the sandbox official account / mini-program adapter. */
  wechatPlatform: { mp: { appId: string; appSecret: string }; mini: { appId: string; appSecret: string } | null } | null;
  /** Local-disk storage of uploaded images (DATA_DIR/uploads). */
  uploadsDir: string;
  imageUploadLimitBytes: number;
  /** Per user: bytes of uploaded images in all, and uploads an hour. */
  uploadQuotaBytes: number;
  uploadsPerHour: number;
  /** On SIGTERM/SIGINT: how long requests already received may take before they are cut off. */
  shutdownDrainS: number;
  /** How long one plugin may take to start before the start fails as hung (Fastify's default: 10 s). */
  pluginTimeoutMs: number;
  /** null: live-room events stay in this process (one API process). */
  redis: { url: string; prefix: string } | null;
  /** Live-room sockets one client address, or one user, may hold open in this process. */
  liveSockets: { perAddress: number; perUser: number };
  media: MediaSettings;
  rewards: RewardsSettings;
  /** null: outside production only, a sandbox key derived from the app secret. */
  certificates: { signingKey: Buffer | null };
  payments: PaymentSettings;
  /** The pool of worker threads that draw PNG/PDF files (lib/render-pool.ts). */
  render: { workers: number; queueLimit: number };
}

/** Payment providers and order timing (decision records 0026, 0027). */
export interface PaymentSettings {
  /** The real providers whose variables are set (WECHATPAY_*, ALIPAY_*); null channels use the sandbox. */
  live: PaymentConfig;
  /** null: the origin of the request that created the order. */
  notifyBaseUrl: string | null;
  /** null: derived from the app secret. */
  sandboxKey: string | null;
  orderTtlS: number;
  sweepIntervalS: number;
}

/** Bank cards and withdrawals (decision record 0028). */
export interface RewardsSettings {
  /** null: outside production only, derived from the app secret. */
  cardEncryptionKey: Buffer | null;
  payoutProvider: 'sandbox';
}

/** 32 bytes written as 64 hex digits or as base64/base64url; null when it is not that. */
export function parseKey32(v: string): Buffer | null {
  const s = v.trim();
  if (/^[0-9a-fA-F]{64}$/.test(s)) return Buffer.from(s, 'hex');
  if (/^[A-Za-z0-9+/_-]{43}=?$/.test(s)) {
    const b = Buffer.from(s.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, ''), 'base64url');
    return b.length === 32 ? b : null;
  }
  return null;
}

/** Where playback URLs point and how they are signed (decision record 0022). */
export interface MediaSettings {
  provider: 'sandbox' | 'cdn';
  /** null: derived from the app secret. */
  signKey: string | null;
  urlTtlS: number;
  /** cdn: origin of VOD paths (`<base>/<asset path>/master.m3u8`). */
  cdnBaseUrl: string | null;
  /** cdn: origin of live pull URLs (`<base>/<stream name>.m3u8`). */
  livePullBaseUrl: string | null;
  /** The RTMP server organisers push to. */
  rtmpPushUrl: string;
  /** Who signs and checks push URLs (decision record 0066). */
  streaming: { provider: 'sandbox' | 'tencent'; pushKey: string | null };
  /** Uploaded videos (tus files, DATA_DIR/media-uploads) and their HLS (DATA_DIR/media, served as `up/<key>/...`). */
  uploadDir: string;
  libraryDir: string;
  uploadMaxBytes: number;
  ffmpegPath: string;
  ffprobePath: string;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** The real payment providers' variables; a provider set up only in part is a ConfigError naming each problem. */
function livePayments(env: Record<string, string | undefined>): PaymentConfig {
  try {
    return parsePaymentConfig(env);
  } catch (err) {
    if (err instanceof PaymentConfigError) throw new ConfigError(err.message);
    throw err;
  }
}

/** Reads and validates the environment. A bad variable throws a ConfigError naming it. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  // Empty strings count as unset, as shells and compose files often export VAR= .
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = EnvSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`invalid environment:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (e.MEDIA_PROVIDER === 'cdn' && (!e.MEDIA_CDN_BASE_URL || !e.MEDIA_LIVE_PULL_BASE_URL)) {
    throw new ConfigError('invalid environment:\n  MEDIA_PROVIDER: cdn needs MEDIA_CDN_BASE_URL and MEDIA_LIVE_PULL_BASE_URL');
  }
  if (e.STREAM_PROVIDER === 'tencent' && (!e.STREAM_PUSH_KEY || !e.MEDIA_RTMP_PUSH_URL)) {
    throw new ConfigError('invalid environment:\n  STREAM_PROVIDER: tencent needs STREAM_PUSH_KEY and MEDIA_RTMP_PUSH_URL (rtmp://<push domain>/live)');
  }
  const cardKey = e.CARD_ENCRYPTION_KEY === undefined ? null : parseKey32(e.CARD_ENCRYPTION_KEY);
  if (e.CARD_ENCRYPTION_KEY !== undefined && !cardKey) {
    throw new ConfigError('invalid environment:\n  CARD_ENCRYPTION_KEY: must be 32 bytes written as 64 hex digits or base64 (e.g. `openssl rand -hex 32`)');
  }
  const certKey = e.CERT_SIGNING_KEY === undefined ? null : parseKey32(e.CERT_SIGNING_KEY);
  if (e.CERT_SIGNING_KEY !== undefined && !certKey) {
    throw new ConfigError('invalid environment:\n  CERT_SIGNING_KEY: must be 32 bytes written as 64 hex digits or base64 (e.g. `openssl rand -hex 32`)');
  }
  if (e.NODE_ENV === 'production' && e.DEV_CLOCK === '1') {
    throw new ConfigError('invalid environment:\n  DEV_CLOCK: not allowed in production (it lets anyone move the server clock)');
  }
  if (e.NODE_ENV === 'production' && e.PASSWORD_SCRYPT_N < DEFAULT_PASSWORD_SCRYPT_N) {
    throw new ConfigError(`invalid environment:\n  PASSWORD_SCRYPT_N: at least ${DEFAULT_PASSWORD_SCRYPT_N} in production (a lower cost makes stolen hashes cheaper to crack)`);
  }
  if (e.NODE_ENV === 'production' && !cardKey) {
    throw new ConfigError(
      'invalid environment:\n  CARD_ENCRYPTION_KEY: required in production (bank card numbers are encrypted with it); make one with `openssl rand -hex 32` and keep it safe',
    );
  }
  if (e.NODE_ENV === 'production' && !e.PUBLIC_ORIGIN) {
    throw new ConfigError(
      'invalid environment:\n  PUBLIC_ORIGIN: required in production (canonical links, og:url, /sitemap.xml and /robots.txt name it, never a request\'s Host header); e.g. PUBLIC_ORIGIN=https://www.medportal.cn',
    );
  }
  if (e.NODE_ENV === 'production' && !certKey) {
    throw new ConfigError(
      'invalid environment:\n  CERT_SIGNING_KEY: required in production (certificates are signed with it, and verifiers trust its public key); make one with `openssl rand -hex 32` and keep it',
    );
  }
  const dataDir = resolve(process.cwd(), e.DATA_DIR);
  const base = e.PUBLIC_URL.replace(/\/+$/, '');
  return {
    env: e.NODE_ENV,
    devClock: e.NODE_ENV !== 'production' && e.DEV_CLOCK === '1',
    port: e.PORT,
    host: e.HOST,
    dataDir,
    db: e.DATABASE_URL
      ? { driver: 'postgres', url: e.DATABASE_URL }
      : { driver: 'pglite', dataDir: resolve(dataDir, 'pglite') },
    logLevel: e.LOG_LEVEL,
    webDist: e.WEB_DIST ? resolve(process.cwd(), e.WEB_DIST) : defaultWebDist(),
    bodyLimit: e.BODY_LIMIT,
    publicUrl: base,
    ...(e.PUBLIC_ORIGIN ? { publicOrigin: new URL(e.PUBLIC_ORIGIN).origin } : {}),
    publicCacheBytes: e.PUBLIC_CACHE_MB * 1024 * 1024,
    personalReadKeepMs: e.PERSONAL_READ_KEEP_MS,
    trustProxy: trustProxyOption(e.TRUST_PROXY),
    auth: { accessTtlS: e.ACCESS_TOKEN_TTL_S, refreshTtlS: e.REFRESH_TOKEN_TTL_S, refreshGraceS: e.REFRESH_GRACE_S, passwordScryptN: e.PASSWORD_SCRYPT_N },
    appSecret: e.APP_SECRET ?? null,
    meetingBaseUrl: (e.MEETING_BASE_URL ?? `${base}/meeting`).replace(/\/+$/, ''),
    wechat:
      e.WECHAT_APP_ID && e.WECHAT_APP_SECRET && e.WECHAT_REDIRECT_URI
        ? { appId: e.WECHAT_APP_ID, appSecret: e.WECHAT_APP_SECRET, redirectUri: e.WECHAT_REDIRECT_URI }
        : null,
    wechatPlatform:
      e.WECHAT_MP_APP_ID && e.WECHAT_MP_APP_SECRET
        ? {
            mp: { appId: e.WECHAT_MP_APP_ID, appSecret: e.WECHAT_MP_APP_SECRET },
            mini: e.WECHAT_MINI_APP_ID && e.WECHAT_MINI_APP_SECRET ? { appId: e.WECHAT_MINI_APP_ID, appSecret: e.WECHAT_MINI_APP_SECRET } : null,
          }
        : null,
    uploadsDir: resolve(dataDir, 'uploads'),
    imageUploadLimitBytes: e.IMAGE_UPLOAD_LIMIT_KB * 1024,
    uploadQuotaBytes: e.UPLOAD_QUOTA_MB * 1024 * 1024,
    uploadsPerHour: e.UPLOADS_PER_HOUR,
    shutdownDrainS: e.SHUTDOWN_DRAIN_S,
    pluginTimeoutMs: e.PLUGIN_TIMEOUT_S * 1000,
    redis: e.REDIS_URL ? { url: e.REDIS_URL, prefix: e.REDIS_PREFIX } : null,
    liveSockets: { perAddress: e.LIVE_SOCKETS_PER_ADDRESS, perUser: e.LIVE_SOCKETS_PER_USER },
    media: {
      provider: e.MEDIA_PROVIDER,
      signKey: e.MEDIA_SIGN_KEY ?? null,
      urlTtlS: e.MEDIA_URL_TTL_S,
      cdnBaseUrl: e.MEDIA_CDN_BASE_URL?.replace(/\/+$/, '') ?? null,
      livePullBaseUrl: e.MEDIA_LIVE_PULL_BASE_URL?.replace(/\/+$/, '') ?? null,
      rtmpPushUrl: (e.MEDIA_RTMP_PUSH_URL ?? `rtmp://push.${new URL(base).hostname}/live`).replace(/\/+$/, ''),
      streaming: { provider: e.STREAM_PROVIDER, pushKey: e.STREAM_PUSH_KEY ?? null },
      uploadDir: resolve(dataDir, 'media-uploads'),
      libraryDir: resolve(dataDir, 'media'),
      uploadMaxBytes: e.MEDIA_UPLOAD_MAX_BYTES,
      ffmpegPath: e.FFMPEG_PATH,
      ffprobePath: e.FFPROBE_PATH,
    },
    rewards: { cardEncryptionKey: cardKey, payoutProvider: e.PAYOUT_PROVIDER },
    certificates: { signingKey: certKey },
    render: { workers: e.RENDER_WORKERS, queueLimit: e.RENDER_QUEUE },
    payments: {
      live: livePayments(cleaned),
      notifyBaseUrl: e.PAYMENT_NOTIFY_BASE_URL?.replace(/\/+$/, '') ?? null,
      sandboxKey: e.PAYMENT_SANDBOX_KEY ?? null,
      orderTtlS: e.ORDER_TTL_MIN * 60,
      sweepIntervalS: e.MONEY_SWEEP_INTERVAL_S,
    },
    site: {
      appIosUrl: e.APP_IOS_URL ?? `${base}/download?platform=ios`,
      appAndroidUrl: e.APP_ANDROID_URL ?? `${base}/download?platform=android`,
      wechatMpUrl: e.WECHAT_MP_URL ?? `${base}/follow/wechat`,
      media: {
        weibo: e.MEDIA_WEIBO_URL ?? `${base}/follow/weibo`,
        douyin: e.MEDIA_DOUYIN_URL ?? `${base}/follow/douyin`,
        channels: e.MEDIA_CHANNELS_URL ?? `${base}/follow/channels`,
      },
      contact: {
        phone: e.CONTACT_PHONE,
        email: e.CONTACT_EMAIL,
        address: {
          zh_CN: e.CONTACT_ADDRESS ?? '北京市朝阳区建国路 88 号 医学门户大厦 12 层',
          en: e.CONTACT_ADDRESS ?? '12F MedPortal Tower, 88 Jianguo Road, Chaoyang District, Beijing',
        },
      },
      icp: e.ICP,
    },
  };
}
