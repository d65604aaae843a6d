process.setSourceMapsEnabled?.(true);
import {
  ActionType,
  AppError,
  BANKCARD_MAX_PER_USER,
  ConfigError,
  CourseType,
  DEFAULT_REMIND_MINUTES,
  DEFAULT_TIMEZONE,
  DataDirLockedError,
  DepartmentNode,
  EMAIL_PATTERN,
  ErrorCode,
  HOME_CACHE_TTL_MS,
  HOT_COURSE_LIMIT,
  Health,
  IDEMPOTENCY_HEADER,
  IDEMPOTENCY_KEY_PATTERN,
  LEARN_COMPLETE_RATIO,
  LEARN_MAX_RATE,
  LIVE_DATE_DAYS_AHEAD,
  LIVE_DATE_DAYS_BACK,
  LiveStatus,
  MEMBER_MODULES,
  POINTS_MAX_ORDER_PERCENT,
  POINTS_PER_YUAN,
  PRODUCT_VERSION,
  PcIndexData,
  Platform,
  PriceType,
  RECHARGE_MAX_FEN,
  RECHARGE_MIN_FEN,
  REMIND_CHANNELS,
  REMIND_MINUTES,
  Readiness,
  SEARCH_MODULES,
  SEARCH_RESULT_CAP,
  SEARCH_SUGGEST_LIMIT,
  SESSION_COOKIE,
  SIGN_IN_RULES,
  VOUCHER_LIMITS,
  WITHDRAWAL_LIMITS,
  accounts_plugin_default,
  acquireDataDirLock,
  action,
  appraiseTags,
  auditLog,
  authSessions,
  auth_default,
  auth_routes_default,
  avatarOf,
  bankCards,
  banners,
  canonicalMobile,
  chapterProgress,
  columnSpeakers,
  columnSubscriptions,
  columns,
  contactMessages,
  couponCampaigns,
  coupons,
  courseAppraisals,
  courseChapters,
  courseEntitlements,
  courseLearners,
  courseTags,
  courses,
  coverSvg,
  coverUrl,
  currentUser,
  departments,
  emailRecipient,
  endpointRoute,
  ensureDepartmentTree,
  ensureSearchIndex,
  errorMessage,
  excerpt,
  fieldError,
  hashPassword,
  hmac,
  homeBlocks,
  hospitals,
  hotWords,
  idempotencyKeys,
  introTexts,
  isCoverKind,
  isEmptyQuery,
  isHan,
  languageFromHeader,
  liveReminders,
  liveStatus,
  liveStreams,
  live_room_routes_default,
  lives,
  loadAppSecret,
  loadConfig,
  maskEmail,
  maskMobile,
  mediaAssets,
  mediaBindings,
  mobileRecipient,
  news,
  newsCategories,
  newsComments,
  newsLikes,
  newsReads,
  newsSpeakers,
  newsTags,
  ok,
  onIndexWrite,
  openDatabase,
  orders,
  organizers,
  pageOf,
  paginate,
  paperSpeakers,
  papers,
  parseE164,
  parseQuery,
  payNotifyPath,
  paymentNotifications,
  pendingFor,
  pick,
  pointsDeduction,
  preparedRows,
  presentCourse,
  presentLive,
  presentSpeaker,
  queryRows,
  randomToken,
  rechargeOptions,
  recordings,
  refunds,
  regions,
  relateSites,
  runMigrations,
  sandboxMessagesFor,
  sandboxTrades,
  scoreLogs,
  searchDocuments,
  seedIfEmpty,
  serverRoot,
  sha256,
  signInPoints,
  signIns,
  signToken,
  sitePages,
  speakerDepartments,
  speakerFollows,
  speakers,
  specialItems,
  specials,
  splitMobile,
  suggestKey,
  tags,
  uploads,
  userFavorites,
  userHistory,
  userIdentities,
  userRemindSettings,
  userRoles,
  users,
  vectorLexemes,
  verifyToken,
  voucherBatches,
  vouchers,
  walletTransactions,
  wallets,
  watchLogs,
  wechatLogins,
  withTranslations,
  withdrawals
} from "./chunk-WNEDNSWA.mjs";
import {
  PaymentProviderError
} from "./chunk-VRHTC6GS.mjs";
import "./chunk-YR35MJNV.mjs";

// src/app.ts
import { randomUUID as randomUUID3 } from "node:crypto";
import { createRequire } from "node:module";
import cookie from "@fastify/cookie";
import Fastify from "fastify";
import { serializerCompiler } from "fastify-type-provider-zod";

// src/lib/error-log.ts
import { DrizzleQueryError } from "drizzle-orm";
import { stdSerializers } from "pino";
function serializeError(err) {
  if (err instanceof DrizzleQueryError) {
    return {
      type: "DrizzleQueryError",
      message: "database query failed",
      query: err.query.length > MAX_QUERY ? `${err.query.slice(0, MAX_QUERY)}\u2026` : err.query,
      stack: framesOf(err),
      ...err.cause !== void 0 ? { cause: serializeCause(err.cause) } : {}
    };
  }
  if (isDatabaseError(err)) {
    const fields = {};
    for (const key of DB_FIELDS) {
      const value = err[key];
      if (typeof value === "string" && value !== "") fields[key] = value;
    }
    return { type: err.constructor.name, message: dbMessage(err.message, fields.code), ...fields, stack: framesOf(err) };
  }
  if (err.cause === void 0) return stdSerializers.err(err);
  const out = { type: err.constructor.name, message: err.message, stack: err.stack };
  for (const [key, value] of Object.entries(err)) {
    if (key !== "cause" && !(key in out) && !(value instanceof Error)) out[key] = value;
  }
  out.cause = serializeCause(err.cause);
  return out;
}
function serializeCause(cause) {
  return cause instanceof Error ? serializeError(cause) : cause;
}
var MAX_QUERY = 2e3;
var DB_FIELDS = ["code", "severity", "routine", "schema", "table", "column", "dataType", "constraint"];
var SQLSTATE = /^[0-9A-Z]{5}$/;
function isDatabaseError(err) {
  const e = err;
  return typeof e.code === "string" && SQLSTATE.test(e.code) && typeof e.severity === "string";
}
function dbMessage(message, code) {
  return code.startsWith("22") ? message.replace(/"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'/g, '"\u2026"') : message;
}
function framesOf(err) {
  return (err.stack ?? "").split("\n").filter((line) => line.startsWith("    at ")).join("\n");
}

// src/lib/validation.ts
import { safeParse } from "zod";
var RequestValidationError = class extends Error {
  constructor(issues) {
    super("request validation failed");
    this.issues = issues;
  }
  issues;
  name = "RequestValidationError";
  /** Set by Fastify: 'querystring' | 'body' | 'params' | 'headers'. */
  validationContext;
};
var INVALID_TEXT = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/u;
var INVALID_TEXT_ALL = new RegExp(INVALID_TEXT.source, "gu");
function hasInvalidText(s) {
  return INVALID_TEXT.test(s);
}
var MAX_TEXT_ISSUES = 20;
function invalidTextIssue(path) {
  return {
    code: "custom",
    path,
    message: "contains characters that are not allowed",
    params: {
      zh_CN: "\u5305\u542B\u4E0D\u5141\u8BB8\u7684\u5B57\u7B26\uFF08\u5982 NUL \u63A7\u5236\u5B57\u7B26\u6216\u4E0D\u6210\u5BF9\u7684\u4EE3\u7406\u5B57\u7B26\uFF09",
      en: "contains characters that are not allowed (such as NUL or an unpaired surrogate)"
    }
  };
}
function isDictionary(v) {
  const proto = Object.getPrototypeOf(v);
  return proto === null || proto === Object.prototype || Object.getPrototypeOf(proto) === null;
}
function invalidTextIssues(data) {
  const issues = [];
  const visit = (value, path) => {
    if (issues.length >= MAX_TEXT_ISSUES) return;
    if (typeof value === "string") {
      if (INVALID_TEXT.test(value)) issues.push(invalidTextIssue(path));
      return;
    }
    if (value === null || typeof value !== "object") return;
    if (Array.isArray(value)) {
      value.forEach((item, index) => visit(item, [...path, index]));
      return;
    }
    if (!isDictionary(value)) return;
    for (const [key, item] of Object.entries(value)) {
      if (INVALID_TEXT.test(key)) issues.push(invalidTextIssue([...path, key.replace(INVALID_TEXT_ALL, "\uFFFD")]));
      else visit(item, [...path, key]);
    }
  };
  visit(data, []);
  return issues;
}
var validatorCompiler = ({ schema }) => (data) => {
  const textIssues = invalidTextIssues(data);
  if (textIssues.length > 0) return { error: new RequestValidationError(textIssues) };
  const result = safeParse(schema, data, { reportInput: true });
  return result.success ? { value: result.data } : { error: new RequestValidationError(result.error.issues) };
};
var JSON_MAX_DEPTH = 32;
function jsonDeeperThan(text, max) {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92) i++;
      else if (c === 34) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 91 || c === 123) {
      if (++depth > max) return true;
    } else if (c === 93 || c === 125) depth--;
  }
  return false;
}
function partValidationError(part, words) {
  const err = new RequestValidationError([
    { code: "custom", path: [], message: words.en, params: { zh_CN: words.zh, en: words.en } }
  ]);
  err.validationContext = part;
  return err;
}
var CONTEXT_NAMES = { querystring: "query", body: "body", params: "params", headers: "headers" };
var TYPE_NAMES = {
  string: { zh: "\u6587\u672C", en: "a string" },
  number: { zh: "\u6570\u5B57", en: "a number" },
  int: { zh: "\u6574\u6570", en: "an integer" },
  boolean: { zh: "\u5E03\u5C14\u503C", en: "true or false" },
  array: { zh: "\u5217\u8868", en: "a list" },
  object: { zh: "\u5BF9\u8C61", en: "an object" }
};
function say(lang, w) {
  return lang === "en" ? w.en : w.zh;
}
function bound(n) {
  return String(n);
}
function issueMessage(issue, lang) {
  switch (issue.code) {
    case "invalid_type": {
      if (issue.input === void 0) return say(lang, { zh: "\u4E0D\u80FD\u4E3A\u7A7A", en: "is required" });
      const t = TYPE_NAMES[issue.expected] ?? { zh: issue.expected, en: issue.expected };
      return say(lang, { zh: `\u5FC5\u987B\u662F${t.zh}`, en: `must be ${t.en}` });
    }
    case "too_big": {
      const max = bound(issue.maximum);
      if (issue.origin === "string")
        return say(lang, { zh: `\u957F\u5EA6\u4E0D\u80FD\u8D85\u8FC7${max}\u4E2A\u5B57\u7B26`, en: `must be at most ${max} characters` });
      if (issue.origin === "array" || issue.origin === "set")
        return say(lang, { zh: `\u6700\u591A${max}\u9879`, en: `must have at most ${max} items` });
      return issue.inclusive ? say(lang, { zh: `\u5FC5\u987B\u5C0F\u4E8E\u7B49\u4E8E${max}`, en: `must be \u2264 ${max}` }) : say(lang, { zh: `\u5FC5\u987B\u5C0F\u4E8E${max}`, en: `must be < ${max}` });
    }
    case "too_small": {
      const min = bound(issue.minimum);
      if (issue.origin === "string")
        return Number(issue.minimum) <= 1 ? say(lang, { zh: "\u4E0D\u80FD\u4E3A\u7A7A", en: "must not be empty" }) : say(lang, { zh: `\u957F\u5EA6\u81F3\u5C11\u4E3A${min}\u4E2A\u5B57\u7B26`, en: `must be at least ${min} characters` });
      if (issue.origin === "array" || issue.origin === "set")
        return say(lang, { zh: `\u81F3\u5C11${min}\u9879`, en: `must have at least ${min} items` });
      return issue.inclusive ? say(lang, { zh: `\u5FC5\u987B\u5927\u4E8E\u7B49\u4E8E${min}`, en: `must be \u2265 ${min}` }) : say(lang, { zh: `\u5FC5\u987B\u5927\u4E8E${min}`, en: `must be > ${min}` });
    }
    case "invalid_value": {
      const values = issue.values.map((v) => String(v));
      return say(lang, { zh: `\u5FC5\u987B\u662F\u4EE5\u4E0B\u4E4B\u4E00\uFF1A${values.join("\u3001")}`, en: `must be one of: ${values.join(", ")}` });
    }
    case "invalid_format":
      if (issue.format === "email") return say(lang, { zh: "\u90AE\u7BB1\u683C\u5F0F\u4E0D\u6B63\u786E", en: "must be a valid email address" });
      return say(lang, { zh: "\u683C\u5F0F\u4E0D\u6B63\u786E", en: "has an invalid format" });
    case "unrecognized_keys":
      return say(lang, { zh: `\u5305\u542B\u672A\u77E5\u5B57\u6BB5\uFF1A${issue.keys.join("\u3001")}`, en: `has unknown fields: ${issue.keys.join(", ")}` });
    case "not_multiple_of":
      return say(lang, { zh: `\u5FC5\u987B\u662F${bound(issue.divisor)}\u7684\u500D\u6570`, en: `must be a multiple of ${bound(issue.divisor)}` });
    case "custom": {
      const own = issue.params?.[lang];
      return own ?? issue.message;
    }
    default:
      return say(lang, { zh: "\u8F93\u5165\u65E0\u6548", en: "is invalid" });
  }
}
function fieldErrors(err, lang) {
  const where = CONTEXT_NAMES[err.validationContext ?? ""] ?? "request";
  return err.issues.map((issue) => ({
    field: issue.path.length > 0 ? issue.path.map(String).join(".") : where,
    message: issueMessage(issue, lang)
  }));
}

// src/modules/dev/dev.routes.ts
var devRoutes = async (instance) => {
  const app = instance.withTypeProvider();
  app.route({
    ...endpointRoute("devOutbox"),
    handler: async (req) => {
      const [rows, pending] = await Promise.all([sandboxMessagesFor(app.db, req.query.to), pendingFor(app.db, req.query.to)]);
      return ok({
        items: rows.map((r) => ({
          // `+86 13800138000`: the calling code apart, as a phone shows it.
          to: r.countryCode && r.to.startsWith(`+${r.countryCode}`) ? `+${r.countryCode} ${r.to.slice(r.countryCode.length + 1)}` : r.to,
          text: r.text,
          code: r.code,
          created_at: r.createdAt.toISOString()
        })),
        pending
      });
    }
  });
  app.route({
    ...endpointRoute("devCaptcha"),
    handler: async (req) => {
      const code = await app.accounts.captchas.devAnswer(req.params.captcha_key);
      if (!code) throw new AppError(ErrorCode.NOT_FOUND);
      return ok({ code });
    }
  });
};
var dev_routes_default = devRoutes;

// src/plugins/errors.ts
import { STATUS_CODES } from "node:http";
import fp2 from "fastify-plugin";

// src/plugins/context.ts
import fp from "fastify-plugin";
var ACCESS_TOKEN_COOKIE = "access_token";
var COMMON_KEYS = ["access_token", "platform", "language", "appversion", "timezone"];
var str = (v, max) => typeof v === "string" && v.length > 0 && v.length <= max && !hasInvalidText(v) ? v : void 0;
function normaliseLanguage(v) {
  const s = str(v, 32)?.toLowerCase();
  if (!s) return void 0;
  if (s.startsWith("en")) return "en";
  if (s.startsWith("zh")) return "zh_CN";
  return void 0;
}
function rawRequestLanguage(url, acceptLanguage) {
  const query = url?.includes("?") ? url.slice(url.indexOf("?") + 1) : "";
  return normaliseLanguage(new URLSearchParams(query).get("language")) ?? languageFromHeader(acceptLanguage) ?? "zh_CN";
}
var OFFSET = /^[+-]?(?:[01]\d|2[0-3]):?[0-5]\d$/;
function normaliseTimezone(v) {
  const s = str(v, 64);
  if (!s) return void 0;
  if (OFFSET.test(s)) {
    const sign = s.startsWith("-") ? "-" : "+";
    const digits = s.replace(/[^0-9]/g, "");
    return `${sign}${digits.slice(0, 2)}:${digits.slice(2)}`;
  }
  try {
    new Intl.DateTimeFormat("en", { timeZone: s });
    return s;
  } catch {
    return void 0;
  }
}
function bearer(header) {
  const m = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  return m ? str(m[1], 512) : void 0;
}
function readContext(req, params) {
  const platform = Platform.safeParse(params.platform);
  const accessToken = str(params.access_token, 512) ?? bearer(req.headers.authorization) ?? str(req.cookies?.[ACCESS_TOKEN_COOKIE], 512);
  const appVersion = str(params.appversion, 32);
  return {
    platform: platform.success ? platform.data : "web",
    lang: normaliseLanguage(params.language) ?? languageFromHeader(req.headers["accept-language"]) ?? "zh_CN",
    tz: normaliseTimezone(params.timezone) ?? DEFAULT_TIMEZONE,
    ...accessToken ? { accessToken } : {},
    ...appVersion ? { appVersion } : {}
  };
}
var context_default = fp(
  async (app) => {
    app.decorateRequest("ctx", null);
    app.addHook("onRequest", async (req) => {
      req.ctx = readContext(req, req.query ?? {});
    });
    app.addHook("preValidation", async (req) => {
      const body = req.body;
      if (body && typeof body === "object" && !Array.isArray(body)) {
        const query = req.query ?? {};
        req.ctx = readContext(req, { ...body, ...query });
        for (const key of COMMON_KEYS) delete body[key];
      }
    });
  },
  { name: "context", dependencies: ["@fastify/cookie"] }
);

// src/plugins/errors.ts
var JSON_TYPE = "application/json; charset=utf-8";
function sendEnvelope(reply, status, code, message, data = null) {
  return reply.code(status).type(JSON_TYPE).send(JSON.stringify({ code, message, data }));
}
var langOf = (req) => req.ctx?.lang ?? rawRequestLanguage(req.raw.url, req.headers["accept-language"]);
function sendNotFound(req, reply) {
  return sendEnvelope(reply, 404, ErrorCode.NOT_FOUND, errorMessage(ErrorCode.NOT_FOUND, langOf(req)));
}
var TRANSPORT_CODES = {
  400: ErrorCode.BAD_REQUEST,
  404: ErrorCode.NOT_FOUND,
  405: ErrorCode.METHOD_NOT_ALLOWED,
  408: ErrorCode.BAD_REQUEST,
  413: ErrorCode.PAYLOAD_TOO_LARGE,
  414: ErrorCode.PAYLOAD_TOO_LARGE,
  415: ErrorCode.UNSUPPORTED_MEDIA_TYPE,
  429: ErrorCode.RATE_LIMITED,
  503: ErrorCode.UNAVAILABLE
};
function frameworkErrorHandler(err, req, reply) {
  const status = err.code === "FST_ERR_MAX_PARAM_LENGTH" ? 414 : err.code === "FST_ERR_BAD_URL" ? 400 : 500;
  if (status === 500) req.log.error({ err }, "routing failed");
  else req.log.info({ code: err.code, status }, "unroutable request");
  const code = TRANSPORT_CODES[status] ?? ErrorCode.INTERNAL;
  reply.header("connection", "close");
  sendEnvelope(reply, status, code, errorMessage(code, langOf(req)), status === 500 ? { request_id: req.id } : null);
}
var answered = /* @__PURE__ */ new WeakSet();
var LINGER_MS = 2e3;
function clientErrorHandler(err, socket) {
  if (answered.has(socket)) return;
  if (err.code === "ECONNRESET" || socket.destroyed) {
    this.log.debug({ code: err.code }, "client connection reset");
    return;
  }
  answered.add(socket);
  const status = err.code === "HPE_HEADER_OVERFLOW" ? 431 : err.code === "ERR_HTTP_REQUEST_TIMEOUT" ? 408 : 400;
  this.log.info({ code: err.code, status, remoteAddress: socket.remoteAddress }, "malformed request");
  const code = status === 431 ? ErrorCode.PAYLOAD_TOO_LARGE : ErrorCode.BAD_REQUEST;
  const body = JSON.stringify({ code, message: errorMessage(code), data: null });
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r
Content-Type: ${JSON_TYPE}\r
Content-Length: ${Buffer.byteLength(body)}\r
Connection: close\r
\r
${body}`
  );
  socket.resume();
  socket.once("end", () => socket.destroy());
  socket.setTimeout(LINGER_MS, () => socket.destroy());
}
var errors_default = fp2(
  async (app) => {
    app.setErrorHandler((err, req, reply) => {
      const lang = langOf(req);
      if (err instanceof RequestValidationError) {
        const fields = fieldErrors(err, lang);
        const message = fields.slice(0, 3).map((f) => `${f.field}: ${f.message}`).join("; ");
        req.log.info({ fields }, "request validation failed");
        return sendEnvelope(reply, 200, ErrorCode.VALIDATION, message, { fields });
      }
      if (err instanceof AppError) {
        if (err.httpStatus >= 500) req.log.error({ err }, "request failed");
        return sendEnvelope(reply, err.httpStatus, err.code, err.userMessage ?? errorMessage(err.code, lang), err.data);
      }
      const status = "statusCode" in err && typeof err.statusCode === "number" ? err.statusCode : 500;
      if (status >= 400 && status < 500) {
        const what = err instanceof SyntaxError ? "malformed JSON body" : err.message;
        req.log.info({ code: "code" in err ? err.code : void 0, status }, what);
        const code2 = TRANSPORT_CODES[status] ?? ErrorCode.BAD_REQUEST;
        return sendEnvelope(reply, status, code2, errorMessage(code2, lang));
      }
      req.log.error({ err }, "unhandled error");
      const code = status === 503 ? ErrorCode.UNAVAILABLE : ErrorCode.INTERNAL;
      return sendEnvelope(reply, status === 503 ? 503 : 500, code, errorMessage(code, lang), { request_id: req.id });
    });
  },
  { name: "errors", dependencies: ["context"] }
);

// src/modules/health/health.routes.ts
var startedAt = Date.now();
var healthRoutes = async (instance, { search }) => {
  const app = instance.withTypeProvider();
  app.get(
    "/healthz",
    { schema: { summary: "Liveness: the process answers", tags: ["ops"], response: { 200: Health } } },
    async () => ({ status: "ok", uptime_s: Math.round((Date.now() - startedAt) / 1e3), version: PRODUCT_VERSION })
  );
  app.get(
    "/readyz",
    {
      schema: {
        summary: "Readiness: the database answers (503 otherwise); whether search is loaded",
        tags: ["ops"],
        response: { 200: Readiness }
      }
    },
    async (req, reply) => {
      try {
        await app.database.ping();
        return { status: "ok", db: "ok", search: search() };
      } catch (err) {
        req.log.error({ err }, "readiness check failed");
        return sendEnvelope(reply, 503, ErrorCode.UNAVAILABLE, errorMessage(ErrorCode.UNAVAILABLE, req.ctx.lang));
      }
    }
  );
};
var health_routes_default = healthRoutes;

// src/lib/encoding.ts
function preferredEncoding(header) {
  if (!header) return null;
  const value = Array.isArray(header) ? header.join(",") : header;
  const accepted = /* @__PURE__ */ new Map();
  for (const part of value.split(",")) {
    const [name = "", ...params] = part.trim().toLowerCase().split(";");
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    accepted.set(name.trim(), q ? Number(q.slice(2)) || 0 : 1);
  }
  const star = accepted.get("*") ?? 0;
  const ok2 = (name) => (accepted.get(name) ?? star) > 0;
  if (ok2("br")) return "br";
  if (ok2("gzip")) return "gzip";
  return null;
}

// src/modules/home/home.service.ts
import { promisify } from "node:util";
import { brotliCompress, constants as zlib, gzip } from "node:zlib";

// src/lib/ttl-cache.ts
var TtlCache = class {
  /** `maxEntries`: past it, the oldest entry goes (for caches keyed on what callers send). */
  constructor(ttlMs, now = Date.now, maxEntries = Number.POSITIVE_INFINITY) {
    this.ttlMs = ttlMs;
    this.now = now;
    this.maxEntries = maxEntries;
  }
  ttlMs;
  now;
  maxEntries;
  entries = /* @__PURE__ */ new Map();
  inflight = /* @__PURE__ */ new Map();
  /** The cached value when fresh, else undefined (no load). Lets hot paths skip a promise. */
  peek(key) {
    const hit = this.entries.get(key);
    if (!hit) return void 0;
    if (hit.expiresAt > this.now()) return hit.value;
    this.entries.delete(key);
    return void 0;
  }
  set(key, value) {
    this.entries.delete(key);
    this.entries.set(key, { value, expiresAt: this.now() + this.ttlMs });
    if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value);
  }
  get(key, load) {
    const fresh = this.peek(key);
    if (fresh !== void 0) return Promise.resolve(fresh);
    const pending = this.inflight.get(key);
    if (pending) return pending;
    const promise = load().then(
      (value) => {
        this.set(key, value);
        this.inflight.delete(key);
        return value;
      },
      (err) => {
        this.inflight.delete(key);
        throw err;
      }
    );
    this.inflight.set(key, promise);
    return promise;
  }
  clear() {
    this.entries.clear();
  }
};

// src/modules/home/block-source.ts
import { z } from "zod";
var BlockSource = z.object({
  limit: z.number().int().min(1).max(50).default(8),
  /** departments.slug */
  department: z.string().min(1).optional(),
  course_type: z.union([z.literal(1), z.literal(2)]).optional(),
  price_type: z.union([z.literal(1), z.literal(2)]).optional(),
  featured: z.boolean().optional(),
  order: z.enum(["latest", "popular"]).default("latest"),
  /** news / news_menu: categories (news_menu: one tab each, in this order). */
  category_ids: z.array(z.number().int().positive()).max(20).optional(),
  /** search_items: which content kinds to mix. */
  modules: z.array(z.enum(["course", "live", "news"])).min(1).default(["course", "live", "news"]),
  /** banner: position of the banners table. */
  position: z.enum(["home", "home_side", "user_center"]).default("home")
});

// src/modules/home/home.repository.ts
import { and as and2, asc as asc2, desc, eq as eq3, gt as gt2, inArray, lt } from "drizzle-orm";

// src/modules/shared/speaker.query.ts
import { eq } from "drizzle-orm";
var speakerCardColumns = {
  id: speakers.id,
  nameZh: speakers.nameZh,
  nameEn: speakers.nameEn,
  avatar: speakers.avatar,
  titleZh: speakers.titleZh,
  titleEn: speakers.titleEn,
  followerCount: speakers.followerCount,
  hospitalZh: hospitals.nameZh,
  hospitalEn: hospitals.nameEn,
  organizationZh: organizers.nameZh,
  organizationEn: organizers.nameEn
};
function selectSpeakerCards(db) {
  return db.select(speakerCardColumns).from(speakers).leftJoin(hospitals, eq(hospitals.id, speakers.hospitalId)).leftJoin(organizers, eq(organizers.id, speakers.organizationId));
}

// src/modules/shared/banner.query.ts
import { and, asc, eq as eq2, gt, isNull, lte, or } from "drizzle-orm";
function listBanners(db, position, now, limit) {
  return db.select().from(banners).where(
    and(
      eq2(banners.status, "published"),
      eq2(banners.position, position),
      or(isNull(banners.startsAt), lte(banners.startsAt, now)),
      or(isNull(banners.endsAt), gt(banners.endsAt, now))
    )
  ).orderBy(asc(banners.sort), asc(banners.id)).limit(limit);
}

// src/modules/shared/card.columns.ts
var liveCardColumns = {
  id: lives.id,
  titleZh: lives.titleZh,
  titleEn: lives.titleEn,
  subTitleZh: lives.subTitleZh,
  subTitleEn: lives.subTitleEn,
  banner: lives.banner,
  previewGif: lives.previewGif,
  startAt: lives.startAt,
  endAt: lives.endAt,
  hasReplay: lives.hasReplay
};
var newsCardColumns = {
  id: news.id,
  titleZh: news.titleZh,
  titleEn: news.titleEn,
  descriptionZh: news.descriptionZh,
  descriptionEn: news.descriptionEn,
  cover: news.cover,
  publishedAt: news.publishedAt,
  categoryId: newsCategories.id,
  categoryTitleZh: newsCategories.titleZh,
  categoryTitleEn: newsCategories.titleEn
};

// src/modules/home/home.repository.ts
var published = "published";
function listHomeBlocks(db) {
  return db.select().from(homeBlocks).where(eq3(homeBlocks.status, published)).orderBy(asc2(homeBlocks.sort), asc2(homeBlocks.id));
}
async function listCourses(db, f) {
  const where = [eq3(courses.status, published)];
  if (f.courseType) where.push(eq3(courses.courseType, f.courseType));
  if (f.priceType) where.push(eq3(courses.priceType, f.priceType));
  if (f.featured !== void 0) where.push(eq3(courses.isFeatured, f.featured));
  if (f.department) where.push(eq3(departments.slug, f.department));
  const rows = await db.select({
    id: courses.id,
    courseType: courses.courseType,
    titleZh: courses.titleZh,
    titleEn: courses.titleEn,
    cover: courses.cover,
    priceType: courses.priceType,
    price: courses.price,
    originalPrice: courses.originalPrice,
    learnCount: courses.learnCount,
    courseUpdatedCount: courses.courseUpdatedCount
  }).from(courses).leftJoin(departments, eq3(departments.id, courses.departmentId)).where(and2(...where)).orderBy(
    f.order === "popular" ? desc(courses.learnCount) : desc(courses.publishedAt),
    desc(courses.id)
  ).limit(f.limit);
  const tagRows = rows.length ? await db.select({ courseId: courseTags.courseId, id: tags.id, titleZh: tags.titleZh, titleEn: tags.titleEn, cover: tags.cover }).from(courseTags).innerJoin(tags, eq3(tags.id, courseTags.tagId)).where(
    inArray(
      courseTags.courseId,
      rows.map((r) => r.id)
    )
  ).orderBy(asc2(courseTags.sort), asc2(tags.id)) : [];
  return rows.map((r) => ({ ...r, tags: tagRows.filter((t) => t.courseId === r.id) }));
}
function listCurrentLives(db, now, limit) {
  return db.select(liveCardColumns).from(lives).where(and2(eq3(lives.status, published), gt2(lives.endAt, now))).orderBy(asc2(lives.startAt), asc2(lives.id)).limit(limit);
}
function listLivesBetween(db, from, to, limit) {
  return db.select(liveCardColumns).from(lives).where(and2(eq3(lives.status, published), lt(lives.startAt, to), gt2(lives.endAt, from))).orderBy(asc2(lives.startAt), asc2(lives.id)).limit(limit);
}
function listNews(db, opts) {
  const where = [eq3(news.status, published)];
  if (opts.categoryIds?.length) where.push(inArray(news.categoryId, opts.categoryIds));
  return db.select(newsCardColumns).from(news).innerJoin(newsCategories, eq3(newsCategories.id, news.categoryId)).where(and2(...where)).orderBy(desc(news.publishedAt), desc(news.id)).limit(opts.limit);
}
function listNewsCategories(db, ids) {
  const where = [eq3(newsCategories.status, published)];
  if (ids?.length) where.push(inArray(newsCategories.id, ids));
  return db.select().from(newsCategories).where(and2(...where)).orderBy(asc2(newsCategories.sort), asc2(newsCategories.id));
}
async function listSpeakers(db, opts) {
  const where = [eq3(speakers.status, published)];
  if (opts.department) {
    where.push(
      inArray(
        speakers.id,
        db.select({ id: speakerDepartments.speakerId }).from(speakerDepartments).innerJoin(departments, eq3(departments.id, speakerDepartments.departmentId)).where(eq3(departments.slug, opts.department))
      )
    );
  }
  const rows = await selectSpeakerCards(db).where(and2(...where)).orderBy(
    opts.order === "popular" ? desc(speakers.followerCount) : asc2(speakers.sort),
    asc2(speakers.id)
  ).limit(opts.limit);
  const deps = rows.length ? await db.select({
    speakerId: speakerDepartments.speakerId,
    id: departments.id,
    nameZh: departments.nameZh,
    nameEn: departments.nameEn
  }).from(speakerDepartments).innerJoin(departments, eq3(departments.id, speakerDepartments.departmentId)).where(
    inArray(
      speakerDepartments.speakerId,
      rows.map((r) => r.id)
    )
  ).orderBy(asc2(departments.sort), asc2(departments.id)) : [];
  return rows.map((r) => ({ ...r, departments: deps.filter((d) => d.speakerId === r.id) }));
}
function listColumns(db, limit) {
  return db.select().from(columns).where(eq3(columns.status, published)).orderBy(asc2(columns.sort), asc2(columns.id)).limit(limit);
}
function listPapers(db, limit) {
  return db.select().from(papers).where(eq3(papers.status, published)).orderBy(desc(papers.publishedAt), desc(papers.id)).limit(limit);
}
function listSpecials(db, kind, limit) {
  return db.select().from(specials).where(and2(eq3(specials.status, published), eq3(specials.kind, kind))).orderBy(asc2(specials.sort), asc2(specials.id)).limit(limit);
}
function listIntroTexts(db, limit) {
  return db.select().from(introTexts).where(eq3(introTexts.status, published)).orderBy(asc2(introTexts.sort), asc2(introTexts.id)).limit(limit);
}

// src/modules/shared/editorial.present.ts
function presentColumn(r, lang) {
  return {
    id: r.id,
    cover: r.cover,
    title: pick(lang, r.titleZh, r.titleEn),
    desc: pick(lang, r.descZh, r.descEn),
    issue: r.issueCount,
    action: action(ActionType.ROUTE, { url: "/column/index" })
  };
}
function presentPaper(r, lang) {
  return {
    uuid: r.uuid,
    title: pick(lang, r.titleZh, r.titleEn),
    abstract: pick(lang, r.abstractZh, r.abstractEn),
    full_journal: r.fullJournal,
    doi: r.doi,
    action: action(ActionType.MODULE_DETAIL, { module: "paper", module_id: r.id })
  };
}
function presentPaperCard(r, lang) {
  return { ...presentPaper(r, lang), id: r.id, published_at: r.publishedAt ? r.publishedAt.toISOString() : null };
}
function presentSpecial(r, lang) {
  return {
    id: r.id,
    title: pick(lang, r.titleZh, r.titleEn),
    cover: r.cover,
    desc: pick(lang, r.descZh, r.descEn),
    action: r.kind === "album" && r.themeId !== null ? action(ActionType.ROUTE, { url: `/special/${r.themeId}/${r.id}` }) : action(ActionType.MODULE_DETAIL, { module: "topic", module_id: r.id })
  };
}
function presentBanner(r, lang) {
  return { id: r.id, title: pick(lang, r.titleZh, r.titleEn), image: r.image, action: r.action };
}

// src/modules/shared/news.present.ts
function newsDetailAction(id) {
  return { type: ActionType.NEWS_DETAIL, data: { id }, target: "_self" };
}
function newsCategoryAction(id) {
  return { type: ActionType.NEWS_CATEGORY, data: { category_id: id }, target: "_self" };
}
function presentNews(r, lang) {
  return {
    id: r.id,
    title: pick(lang, r.titleZh, r.titleEn),
    description: pick(lang, r.descriptionZh, r.descriptionEn),
    cover: r.cover,
    category: { id: r.categoryId, title: pick(lang, r.categoryTitleZh, r.categoryTitleEn) },
    published_at: (r.publishedAt ?? /* @__PURE__ */ new Date(0)).toISOString(),
    action: newsDetailAction(r.id)
  };
}

// src/modules/home/home.present.ts
function presentIntro(r, lang) {
  return { id: r.id, title: pick(lang, r.titleZh, r.titleEn), text: pick(lang, r.textZh, r.textEn), action: r.action };
}

// src/modules/home/home.service.ts
var HOUR = 36e5;
var courseBlock = ({ db, lang, source }) => listCourses(db, {
  limit: source.limit,
  department: source.department,
  courseType: source.course_type,
  priceType: source.price_type,
  featured: source.featured,
  order: source.order
}).then((rows) => rows.map((r) => presentCourse(r, lang)));
var speakerBlock = ({ db, lang, source }) => listSpeakers(db, { limit: source.limit, department: source.department, order: source.order }).then((rows) => rows.map((r) => presentSpeaker(r, lang)));
var SEARCH_TAGS = {
  course: { zh_CN: "\u8BFE\u7A0B", en: "Course", color: "#14a39a" },
  live: { zh_CN: "\u76F4\u64AD", en: "Live", color: "#e5484d" },
  news: { zh_CN: "\u8D44\u8BAF", en: "News", color: "#3b82f6" }
};
var builders = {
  banner: async ({ db, lang, now, source }) => (await listBanners(db, source.position, now, source.limit)).map((r) => presentBanner(r, lang)),
  news: async ({ db, lang, source }) => (await listNews(db, { limit: source.limit, categoryIds: source.category_ids })).map((r) => presentNews(r, lang)),
  news_menu: async ({ db, lang, source }) => {
    const categories = await listNewsCategories(db, source.category_ids);
    const order = source.category_ids ?? [];
    categories.sort((a, b) => order.indexOf(a.id) - order.indexOf(b.id));
    return Promise.all(
      categories.map(async (c) => ({
        id: c.id,
        title: pick(lang, c.titleZh, c.titleEn),
        action: action(ActionType.NEWS_CATEGORY, { category_id: c.id }),
        items: (await listNews(db, { limit: source.limit, categoryIds: [c.id] })).map((r) => presentNews(r, lang))
      }))
    );
  },
  speaker_horizontal: speakerBlock,
  speakers: speakerBlock,
  courses: courseBlock,
  big_courses: courseBlock,
  course_series: courseBlock,
  left_image_courses: courseBlock,
  columns: async ({ db, lang, source }) => (await listColumns(db, source.limit)).map((r) => presentColumn(r, lang)),
  papers: async ({ db, lang, source }) => (await listPapers(db, source.limit)).map((r) => presentPaper(r, lang)),
  intro_text: async ({ db, lang, source }) => (await listIntroTexts(db, source.limit)).map((r) => presentIntro(r, lang)),
  special: async ({ db, lang, source }) => (await listSpecials(db, "album", source.limit)).map((r) => presentSpecial(r, lang)),
  special_topics: async ({ db, lang, source }) => (await listSpecials(db, "topic", source.limit)).map((r) => presentSpecial(r, lang)),
  live_meetings: async ({ db, lang, now, source }) => (await listCurrentLives(db, now, source.limit)).map((r) => presentLive(r, lang, now)),
  // "Today": what is on now, what starts within a day, and what ended in the last few hours.
  today_live: async ({ db, lang, now, source }) => (await listLivesBetween(db, new Date(now.getTime() - 6 * HOUR), new Date(now.getTime() + 24 * HOUR), source.limit)).map(
    (r) => presentLive(r, lang, now)
  ),
  search_items: async (c) => {
    const per = Math.ceil(c.source.limit / c.source.modules.length);
    const lists = await Promise.all(
      c.source.modules.map(async (module) => {
        const tag = SEARCH_TAGS[module];
        const base = { tag: tag[c.lang], tag_bg_color: tag.color };
        if (module === "course") {
          const rows2 = await listCourses(c.db, { limit: per, order: "popular" });
          return rows2.map((r) => ({ ...base, cover: r.cover, title: pick(c.lang, r.titleZh, r.titleEn), item_id: r.id, action: action(ActionType.COURSE_DETAIL, { id: r.id }) }));
        }
        if (module === "live") {
          const rows2 = await listCurrentLives(c.db, c.now, per);
          return rows2.map((r) => ({ ...base, cover: r.banner, title: pick(c.lang, r.titleZh, r.titleEn), item_id: r.id, action: action(ActionType.LIVE_DETAIL, { id: r.id }) }));
        }
        const rows = await listNews(c.db, { limit: per });
        return rows.map((r) => ({ ...base, cover: r.cover, title: pick(c.lang, r.titleZh, r.titleEn), item_id: r.id, action: action(ActionType.NEWS_DETAIL, { id: r.id }) }));
      })
    );
    const mixed = [];
    for (let i = 0; mixed.length < c.source.limit && lists.some((l) => i < l.length); i++) {
      for (const l of lists) {
        const item = l[i];
        if (item && mixed.length < c.source.limit) mixed.push(item);
      }
    }
    return mixed.map((item, i) => ({ id: i + 1, ...item }));
  }
};
function moreAction(block, title, source) {
  const more = block.moreAction;
  if (!more) return null;
  if (more.type === ActionType.COURSE_LIST) {
    return { ...more, data: { dep_val: source.department ?? "", ...more.data, title } };
  }
  return more;
}
async function buildPcIndex(db, lang, now, log) {
  const rows = await listHomeBlocks(db);
  const blocks = await Promise.all(
    rows.map(async (row) => {
      const parsed = BlockSource.safeParse(row.source);
      if (!parsed.success) log.error({ blockId: row.id, issues: parsed.error.issues }, "invalid home block source; using defaults");
      const source = parsed.success ? parsed.data : BlockSource.parse({});
      const title = pick(lang, row.titleZh, row.titleEn);
      const build = builders[row.layout];
      const items = row.hide ? [] : await build({ db, lang, now, source });
      return {
        id: row.id,
        layout: row.layout,
        header: { title, more_action: moreAction(row, title, source), hide: row.hide },
        data: { items }
      };
    })
  );
  return PcIndexData.parse({ blocks });
}
var compressBr = promisify(brotliCompress);
var compressGzip = promisify(gzip);
async function prepare(payload) {
  const identity = Buffer.from(JSON.stringify(payload));
  const [br, gz] = await Promise.all([
    compressBr(identity, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5, [zlib.BROTLI_PARAM_SIZE_HINT]: identity.length } }),
    compressGzip(identity, { level: 6 })
  ]);
  return { identity, br, gzip: gz };
}
var HomeService = class {
  constructor(db, now, log, ttlMs = HOME_CACHE_TTL_MS) {
    this.db = db;
    this.now = now;
    this.log = log;
    this.cache = new TtlCache(ttlMs);
  }
  db;
  now;
  log;
  cache;
  pcIndex(lang) {
    return this.cache.peek(lang) ?? this.cache.get(lang, async () => {
      const data = await buildPcIndex(this.db, lang, this.now(), this.log);
      return prepare({ code: ErrorCode.OK, message: "", data });
    });
  }
  invalidate() {
    this.cache.clear();
  }
};

// src/modules/home/home.routes.ts
var homeRoutes = async (app, { now }) => {
  const home = new HomeService(app.db, now, app.log);
  const route = endpointRoute("pcIndex");
  app.route({
    ...route,
    schema: {
      ...route.schema,
      description: "Blocks in display order, one per home_blocks row. Hidden blocks are included with header.hide = true and empty items (the client must not render them). Cached per language for a few seconds."
    },
    // Sends the cached, pre-serialised envelope: it was validated against PcIndexData when built.
    handler: async (req, reply) => {
      const body = await home.pcIndex(req.ctx.lang);
      const encoding = preferredEncoding(req.headers["accept-encoding"]);
      reply.header("content-type", "application/json; charset=utf-8").header("vary", "Accept-Encoding, Accept-Language");
      if (encoding) reply.header("content-encoding", encoding);
      return reply.send(encoding === "br" ? body.br : encoding === "gzip" ? body.gzip : body.identity);
    }
  });
};
var home_routes_default = homeRoutes;

// src/plugins/body.ts
import fp3 from "fastify-plugin";
var body_default = fp3(
  async (app) => {
    app.removeContentTypeParser("text/plain");
    const parseJson = app.getDefaultJsonParser("error", "error");
    app.removeContentTypeParser("application/json");
    app.addContentTypeParser("application/json", { parseAs: "string" }, (req, raw, done) => {
      const body = raw;
      if (jsonDeeperThan(body, JSON_MAX_DEPTH)) {
        done(
          partValidationError("body", {
            zh: `\u5D4C\u5957\u4E0D\u80FD\u8D85\u8FC7${JSON_MAX_DEPTH}\u5C42`,
            en: `must not be nested more than ${JSON_MAX_DEPTH} levels deep`
          }),
          void 0
        );
        return;
      }
      void parseJson(req, body, done);
    });
  },
  { name: "body" }
);
function acceptBeaconBodies(app) {
  const parseJson = app.getDefaultJsonParser("error", "error");
  app.addContentTypeParser("text/plain", { parseAs: "string", bodyLimit: 4096 }, (req, raw, done) => {
    const body = raw;
    if (jsonDeeperThan(body, JSON_MAX_DEPTH)) {
      done(partValidationError("body", { zh: `\u5D4C\u5957\u4E0D\u80FD\u8D85\u8FC7${JSON_MAX_DEPTH}\u5C42`, en: `must not be nested more than ${JSON_MAX_DEPTH} levels deep` }), void 0);
      return;
    }
    void parseJson(req, body, done);
  });
}

// src/modules/courses/courses.service.ts
import { eq as eq6 } from "drizzle-orm";

// src/modules/courses/courses.repository.ts
import { and as and3, asc as asc4, count, desc as desc2, eq as eq5, exists, ilike, inArray as inArray3, ne, or as or2, sql } from "drizzle-orm";

// src/modules/shared/course.columns.ts
import { asc as asc3, eq as eq4, inArray as inArray2 } from "drizzle-orm";
var courseColumns = {
  id: courses.id,
  courseType: courses.courseType,
  titleZh: courses.titleZh,
  titleEn: courses.titleEn,
  cover: courses.cover,
  priceType: courses.priceType,
  price: courses.price,
  originalPrice: courses.originalPrice,
  learnCount: courses.learnCount,
  courseUpdatedCount: courses.courseUpdatedCount
};
async function withTags(db, rows) {
  const tagRows = rows.length ? await db.select({ courseId: courseTags.courseId, id: tags.id, titleZh: tags.titleZh, titleEn: tags.titleEn, cover: tags.cover }).from(courseTags).innerJoin(tags, eq4(tags.id, courseTags.tagId)).where(inArray2(courseTags.courseId, rows.map((r) => r.id))).orderBy(asc3(courseTags.sort), asc3(tags.id)) : [];
  return rows.map((r) => ({ ...r, tags: tagRows.filter((t) => t.courseId === r.id) }));
}

// src/modules/shared/heartbeat.ts
var HEARTBEAT_SLACK_S = 1;
function creditFor(state, beat, now) {
  if (!state || state.sessionId !== beat.sessionId) return { accept: true, credit: 0 };
  const delta = beat.playedS - state.sessionPlayedS;
  if (delta <= 0) return { accept: false, credit: 0 };
  const elapsedS = Math.max(0, (now.getTime() - state.lastBeatAt.getTime()) / 1e3);
  return { accept: true, credit: Math.max(0, Math.min(delta, Math.floor(elapsedS * LEARN_MAX_RATE) + HEARTBEAT_SLACK_S)) };
}
var CAS_ATTEMPTS = 8;

// src/modules/courses/courses.repository.ts
var published2 = "published";
var escapeLike = (s) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
async function pageCourses(db, f) {
  const where = [eq5(courses.status, published2)];
  if (f.departmentId) where.push(eq5(courses.departmentId, f.departmentId));
  if (f.priceType) where.push(eq5(courses.priceType, f.priceType));
  if (f.courseType) where.push(eq5(courses.courseType, f.courseType));
  if (f.title) {
    const like = `%${escapeLike(f.title)}%`;
    where.push(or2(ilike(courses.titleZh, like), ilike(courses.titleEn, like)));
  }
  const cond = and3(...where);
  const order = f.sort === "popular" ? [desc2(courses.learnCount), desc2(courses.id)] : f.sort === "price_asc" ? [asc4(courses.price), asc4(courses.id)] : f.sort === "price_desc" ? [desc2(courses.price), desc2(courses.id)] : [desc2(courses.publishedAt), desc2(courses.id)];
  const { rows, total } = await paginate(
    db.select(courseColumns).from(courses).where(cond).orderBy(...order).limit(f.pageSize).offset((f.page - 1) * f.pageSize),
    db.select({ n: count() }).from(courses).where(cond)
  );
  return { rows: await withTags(db, rows), total };
}
async function departmentIdBySlug(db, slug) {
  const [row] = await db.select({ id: departments.id }).from(departments).where(eq5(departments.slug, slug));
  return row?.id;
}
function courseDepartments(db) {
  return db.select({ id: departments.id, nameZh: departments.nameZh, nameEn: departments.nameEn }).from(departments).where(exists(db.select({ one: sql`1` }).from(courses).where(and3(eq5(courses.departmentId, departments.id), eq5(courses.status, published2))))).orderBy(asc4(departments.sort), asc4(departments.id));
}
async function findCourse(db, id) {
  const [row] = await db.select({
    ...courseColumns,
    summaryZh: courses.summaryZh,
    summaryEn: courses.summaryEn,
    speakerId: courses.speakerId,
    seriesId: courses.seriesId,
    departmentId: courses.departmentId,
    departmentZh: departments.nameZh,
    departmentEn: departments.nameEn,
    updatedAt: courses.updatedAt
  }).from(courses).leftJoin(departments, eq5(departments.id, courses.departmentId)).where(and3(eq5(courses.id, id), eq5(courses.status, published2)));
  if (!row) return null;
  const [withT] = await withTags(db, [row]);
  return withT ?? null;
}
async function findSeriesTitle(db, seriesId) {
  const [row] = await db.select({ titleZh: courses.titleZh, titleEn: courses.titleEn }).from(courses).where(and3(eq5(courses.id, seriesId), eq5(courses.status, published2)));
  return row ?? null;
}
async function speakersByIds(db, ids) {
  if (!ids.length) return [];
  const rows = await selectSpeakerCards(db).where(and3(inArray3(speakers.id, ids), eq5(speakers.status, published2))).orderBy(asc4(speakers.id));
  const deps = await db.select({ speakerId: speakerDepartments.speakerId, id: departments.id, nameZh: departments.nameZh, nameEn: departments.nameEn }).from(speakerDepartments).innerJoin(departments, eq5(departments.id, speakerDepartments.departmentId)).where(inArray3(speakerDepartments.speakerId, ids)).orderBy(asc4(departments.sort), asc4(departments.id));
  return rows.map((r) => ({ ...r, departments: deps.filter((d) => d.speakerId === r.id) }));
}
async function countChapters(db, courseId) {
  const [row] = await db.select({ n: count() }).from(courseChapters).where(eq5(courseChapters.courseId, courseId));
  return row?.n ?? 0;
}
function listChapters(db, courseId) {
  return db.select().from(courseChapters).where(eq5(courseChapters.courseId, courseId)).orderBy(asc4(courseChapters.sort), asc4(courseChapters.id));
}
async function seriesMembers(db, seriesId) {
  const rows = await db.select(courseColumns).from(courses).where(and3(eq5(courses.seriesId, seriesId), eq5(courses.status, published2))).orderBy(asc4(courses.publishedAt), asc4(courses.id));
  return withTags(db, rows);
}
async function guessLike(db, course, limit) {
  const shared = sql`(select count(*) from ${courseTags} ct1 join ${courseTags} ct2 on ct2.tag_id = ct1.tag_id
    where ct1.course_id = ${courses.id} and ct2.course_id = ${course.id})`;
  const sameDep = course.departmentId === null ? sql`0` : sql`case when ${courses.departmentId} = ${course.departmentId} then 1 else 0 end`;
  const rows = await db.select(courseColumns).from(courses).where(and3(eq5(courses.status, published2), ne(courses.id, course.id))).orderBy(desc2(shared), desc2(sameDep), desc2(courses.learnCount), asc4(courses.id)).limit(limit);
  return withTags(db, rows);
}
async function ratingSummary(db, courseId) {
  const [row] = await db.select({ n: count(), avg: sql`avg(${courseAppraisals.rating})` }).from(courseAppraisals).where(eq5(courseAppraisals.courseId, courseId));
  return { count: row?.n ?? 0, average: row?.avg ? Math.round(Number(row.avg) * 10) / 10 : 0 };
}
async function pageAppraisals(db, courseId, page, pageSize) {
  const cond = eq5(courseAppraisals.courseId, courseId);
  return paginate(
    db.select({
      id: courseAppraisals.id,
      rating: courseAppraisals.rating,
      content: courseAppraisals.content,
      tagIds: courseAppraisals.tagIds,
      createdAt: courseAppraisals.createdAt,
      nickname: users.nickname,
      avatarUrl: users.avatarUrl
    }).from(courseAppraisals).innerJoin(users, eq5(users.id, courseAppraisals.userId)).where(cond).orderBy(desc2(courseAppraisals.createdAt), desc2(courseAppraisals.id)).limit(pageSize).offset((page - 1) * pageSize),
    db.select({ n: count() }).from(courseAppraisals).where(cond)
  );
}
function listAppraiseTags(db) {
  return db.select().from(appraiseTags).orderBy(asc4(appraiseTags.sort), asc4(appraiseTags.id));
}
async function upsertAppraisal(db, v) {
  const [row] = await db.insert(courseAppraisals).values(v).onConflictDoUpdate({
    target: [courseAppraisals.courseId, courseAppraisals.userId],
    set: { rating: v.rating, content: v.content, tagIds: v.tagIds, updatedAt: sql`now()` }
  }).returning();
  return row;
}
async function isEntitled(db, userId, courseId) {
  const [row] = await db.select({ one: sql`1` }).from(courseEntitlements).where(and3(eq5(courseEntitlements.userId, userId), eq5(courseEntitlements.courseId, courseId))).limit(1);
  return Boolean(row);
}
async function recordHeartbeat(db, b) {
  const now = b.now.toISOString();
  const [r] = await preparedRows(
    db,
    "learn-heartbeat",
    sql`with t as (
        select ch.id, coalesce(ma.duration_s, ch.duration_s) as dur,
          (c.price_type = ${PriceType.FREE} or ch.is_free
            or exists (select 1 from ${courseEntitlements} e where e.user_id = ${b.userId} and e.course_id = c.id)) as allowed
        from ${courseChapters} ch
        join ${courses} c on c.id = ch.course_id and c.status = 'published'
        left join ${mediaBindings} mb on mb.target_type = 'chapter' and mb.target_id = ch.id
        left join ${mediaAssets} ma on ma.id = mb.asset_id
        where ch.id = ${b.chapterId} and ch.course_id = ${b.courseId}
        limit 1
      ),
      ok as (select * from t where allowed),
      cur as (
        select p.* from ${chapterProgress} p
        where p.user_id = ${b.userId} and p.chapter_id = ${b.chapterId} and exists (select 1 from ok)
        for update
      ),
      calc as (
        select cur.user_id, cur.played_s as old_played, cur.completed as old_completed, ok.dur,
          cur.session_id <> ${b.sessionId}::text or ${b.playedS}::int > cur.session_played_s as accept,
          least(greatest(ok.dur, cur.duration_s), cur.played_s + case when cur.session_id <> ${b.sessionId} then 0
            else greatest(0, least(${b.playedS}::int - cur.session_played_s,
              floor(greatest(0, extract(epoch from (${now}::timestamptz - cur.last_beat_at))) * ${LEARN_MAX_RATE}::numeric)::int + ${HEARTBEAT_SLACK_S})) end) as played
        from cur, ok
      ),
      upd as (
        update ${chapterProgress} p set
          position_s = least(${b.positionS}::int, calc.dur), duration_s = calc.dur, played_s = calc.played,
          completed = calc.old_completed or (calc.dur > 0 and calc.played >= ${LEARN_COMPLETE_RATIO}::numeric * calc.dur),
          session_id = ${b.sessionId}, session_played_s = ${b.playedS}, last_beat_at = ${now}::timestamptz, updated_at = ${now}::timestamptz
        from calc
        where p.user_id = ${b.userId} and p.chapter_id = ${b.chapterId} and calc.accept
        returning p.*, calc.played - calc.old_played as credited
      ),
      ins as (
        insert into ${chapterProgress} (user_id, chapter_id, course_id, position_s, duration_s, session_id, session_played_s, last_beat_at, updated_at)
        select ${b.userId}::int, ${b.chapterId}::int, ${b.courseId}::int, least(${b.positionS}::int, ok.dur), ok.dur, ${b.sessionId}::text, ${b.playedS}::int, ${now}::timestamptz, ${now}::timestamptz
        from ok where not exists (select 1 from cur)
        on conflict do nothing
        returning *, 0 as credited
      ),
      res as (select * from upd union all select * from ins),
      lrn as (
        insert into ${courseLearners} (user_id, course_id, last_chapter_id, created_at, updated_at)
        select ${b.userId}::int, ${b.courseId}::int, ${b.chapterId}::int, ${now}::timestamptz, ${now}::timestamptz from ok
        on conflict (user_id, course_id) do update set last_chapter_id = excluded.last_chapter_id, updated_at = excluded.updated_at
          where exists (select 1 from res)
        returning (xmax = 0) as inserted
      ),
      cnt as (
        update ${courses} set learn_count = learn_count + 1
        where id = ${b.courseId} and exists (select 1 from lrn where inserted)
        returning learn_count
      )
      select (select count(*) from t)::int as found, (select count(*) from ok)::int as allowed, (select dur from t) as dur,
        coalesce((select learn_count from cnt), (select learn_count from ${courses} where id = ${b.courseId})) as learn_count,
        -- Committed without waiting for the WAL flush (this statement's transaction only; decision record 0023).
        set_config('synchronous_commit', 'off', true) as async_commit,
        res.*
      from (select 1) one left join res on true`
  );
  if (!r || Number(r.found) === 0) return { kind: "missing" };
  if (Number(r.allowed) === 0) return { kind: "locked" };
  const learnCount = Number(r.learn_count ?? 0);
  const durationS = Number(r.dur);
  if (r.user_id !== null && r.user_id !== void 0) return { kind: "done", durationS, row: progressRow(r), credited: Number(r.credited), learnCount };
  const [row] = await db.select().from(chapterProgress).where(and3(eq5(chapterProgress.userId, b.userId), eq5(chapterProgress.chapterId, b.chapterId)));
  if (!row) throw new Error("chapter progress missing");
  return { kind: "done", durationS, row, credited: 0, learnCount };
}
var asDate = (v) => v instanceof Date ? v : new Date(String(v));
function progressRow(r) {
  return {
    userId: Number(r.user_id),
    chapterId: Number(r.chapter_id),
    courseId: Number(r.course_id),
    positionS: Number(r.position_s),
    durationS: Number(r.duration_s),
    playedS: Number(r.played_s),
    completed: Boolean(r.completed),
    sessionId: String(r.session_id),
    sessionPlayedS: Number(r.session_played_s),
    lastBeatAt: asDate(r.last_beat_at),
    updatedAt: asDate(r.updated_at)
  };
}
function progressOfCourse(db, userId, courseId) {
  return db.select().from(chapterProgress).where(and3(eq5(chapterProgress.userId, userId), eq5(chapterProgress.courseId, courseId)));
}
async function courseTotals(db, userId, courseIds) {
  if (!courseIds.length) return /* @__PURE__ */ new Map();
  const rows = await db.select({
    courseId: courseChapters.courseId,
    totalS: sql`coalesce(sum(${courseChapters.durationS}), 0)::int`,
    doneS: sql`coalesce(sum(case when ${chapterProgress.completed} then ${courseChapters.durationS}
        else least(coalesce(${chapterProgress.playedS}, 0), ${courseChapters.durationS}) end), 0)::int`,
    chapters: sql`count(*)::int`,
    completedChapters: sql`count(*) filter (where ${chapterProgress.completed})::int`
  }).from(courseChapters).leftJoin(chapterProgress, and3(eq5(chapterProgress.chapterId, courseChapters.id), eq5(chapterProgress.userId, userId))).where(inArray3(courseChapters.courseId, courseIds)).groupBy(courseChapters.courseId);
  return new Map(rows.map((r) => [r.courseId, r]));
}
async function findLearner(db, userId, courseId) {
  const [row] = await db.select({ lastChapterId: courseLearners.lastChapterId, positionS: chapterProgress.positionS }).from(courseLearners).leftJoin(chapterProgress, and3(eq5(chapterProgress.userId, userId), eq5(chapterProgress.chapterId, courseLearners.lastChapterId))).where(and3(eq5(courseLearners.userId, userId), eq5(courseLearners.courseId, courseId)));
  return row ?? null;
}
async function pageLearned(db, userId, page, pageSize) {
  const cond = and3(eq5(courseLearners.userId, userId), eq5(courses.status, published2));
  const { rows, total } = await paginate(
    db.select({
      ...courseColumns,
      lastChapterId: courseLearners.lastChapterId,
      learnedAt: courseLearners.updatedAt,
      chapterTitleZh: courseChapters.titleZh,
      chapterTitleEn: courseChapters.titleEn,
      positionS: chapterProgress.positionS
    }).from(courseLearners).innerJoin(courses, eq5(courses.id, courseLearners.courseId)).leftJoin(courseChapters, eq5(courseChapters.id, courseLearners.lastChapterId)).leftJoin(chapterProgress, and3(eq5(chapterProgress.userId, userId), eq5(chapterProgress.chapterId, courseLearners.lastChapterId))).where(cond).orderBy(desc2(courseLearners.updatedAt), desc2(courseLearners.courseId)).limit(pageSize).offset((page - 1) * pageSize),
    db.select({ n: count() }).from(courseLearners).innerJoin(courses, eq5(courses.id, courseLearners.courseId)).where(cond)
  );
  return { rows: await withTags(db, rows), total };
}
async function isFavorite(db, userId, courseId) {
  const [row] = await db.select({ one: sql`1` }).from(userFavorites).where(and3(eq5(userFavorites.userId, userId), eq5(userFavorites.moduleName, "course"), eq5(userFavorites.moduleId, courseId))).limit(1);
  return Boolean(row);
}

// src/modules/courses/courses.present.ts
function presentChapter(r, lang) {
  return { id: r.id, title: pick(lang, r.titleZh, r.titleEn), duration_s: r.durationS, free_preview: r.isFree, sort: r.sort };
}
function presentAppraiseTag(r, lang) {
  return { id: r.id, title: pick(lang, r.titleZh, r.titleEn) };
}
function presentAppraisal(r, tagsById) {
  return {
    id: r.id,
    nickname: r.nickname,
    avatar_url: r.avatarUrl,
    rating: r.rating,
    content: r.content,
    tags: r.tagIds.flatMap((id) => {
      const t = tagsById.get(id);
      return t ? [t] : [];
    }),
    created_at: r.createdAt.toISOString()
  };
}

// src/modules/courses/courses.service.ts
var notFound = () => new AppError(ErrorCode.NOT_FOUND);
var percent = (done, total) => total > 0 && done > 0 ? Math.min(100, Math.max(1, Math.floor(done * 100 / total))) : 0;
function presentProgress(chapterId, durationS, p) {
  const played = Math.min(p?.playedS ?? 0, durationS);
  const completed = p?.completed ?? false;
  return {
    chapter_id: chapterId,
    position_s: p?.positionS ?? 0,
    duration_s: durationS,
    played_s: played,
    progress: completed ? 100 : percent(played, durationS),
    completed
  };
}
function presentTotals(t) {
  if (!t) return { progress: 0, completed: false };
  return { progress: percent(t.doneS, t.totalS), completed: t.chapters > 0 && t.completedChapters === t.chapters };
}
var CoursesService = class {
  constructor(db, media, now) {
    this.db = db;
    this.media = media;
    this.now = now;
  }
  db;
  media;
  now;
  async course(id) {
    const c = await findCourse(this.db, id);
    if (!c) throw notFound();
    return c;
  }
  /** The department a `dep_val` names: undefined for all, null for one that does not exist. */
  async department(depVal) {
    if (depVal === "") return void 0;
    if (typeof depVal === "number") return depVal;
    return await departmentIdBySlug(this.db, depVal) ?? null;
  }
  async list(q, lang) {
    const departmentId = await this.department(q.dep_val);
    const [{ rows, total }, deps] = await Promise.all([
      departmentId === null ? { rows: [], total: 0 } : pageCourses(this.db, {
        departmentId,
        priceType: q.price_type,
        courseType: q.course_type,
        sort: q.sort,
        page: q.page,
        pageSize: q.page_size
      }),
      courseDepartments(this.db)
    ]);
    return {
      ...pageOf(rows.map((r) => presentCourse(r, lang)), q, total),
      departments: deps.map((d) => ({ id: d.id, title: pick(lang, d.nameZh, d.nameEn) }))
    };
  }
  async more(q, lang) {
    const departmentId = await this.department(q.dep_val);
    if (departmentId === null) return pageOf([], q, 0);
    const { rows, total } = await pageCourses(this.db, {
      departmentId,
      courseType: CourseType.SERIES,
      title: q.keyword || void 0,
      sort: "latest",
      page: q.page,
      pageSize: q.page_size
    });
    return pageOf(rows.map((r) => presentCourse(r, lang)), q, total);
  }
  async detail(id, userId, lang) {
    const c = await this.course(id);
    const [teachers, chapters, rating, series, favorite] = await Promise.all([
      speakersByIds(this.db, c.speakerId ? [c.speakerId] : []),
      countChapters(this.db, id),
      ratingSummary(this.db, id),
      c.seriesId ? findSeriesTitle(this.db, c.seriesId) : Promise.resolve(null),
      userId === void 0 ? false : isFavorite(this.db, userId, id)
    ]);
    return {
      ...presentCourse(c, lang),
      description: pick(lang, c.summaryZh, c.summaryEn),
      teachers: teachers.map((t) => presentSpeaker(t, lang)),
      chapters_count: chapters,
      is_favorite: favorite,
      rating,
      series_id: series ? c.seriesId : null,
      series_title: series ? pick(lang, series.titleZh, series.titleEn) : null,
      department: c.departmentId && c.departmentZh ? { id: c.departmentId, title: pick(lang, c.departmentZh, c.departmentEn) } : null,
      updated_at: c.updatedAt.toISOString()
    };
  }
  /**
   * Why the caller may not watch a chapter, or null: free courses and trial chapters are open to
   * anyone, the others to those entitled to the course.
   */
  lockOf(course, chapter, userId, entitled) {
    if (course.priceType === PriceType.FREE || chapter.isFree || entitled) return null;
    return userId === void 0 ? "login" : "purchase";
  }
  async entitled(userId, course) {
    return userId !== void 0 && course.priceType !== PriceType.FREE && isEntitled(this.db, userId, course.id);
  }
  async chapters(id, userId, lang) {
    const c = await this.course(id);
    const [rows, entitled] = await Promise.all([listChapters(this.db, id), this.entitled(userId, c)]);
    const locks = new Map(rows.map((r) => [r.id, this.lockOf(c, r, userId, entitled)]));
    const media = await this.media.mediaFor("chapter", rows.filter((r) => locks.get(r.id) === null).map((r) => r.id));
    return {
      items: rows.map((r) => ({ ...presentChapter(r, lang), media: media.get(r.id) ?? null, locked_reason: locks.get(r.id) ?? null }))
    };
  }
  async series(id, lang) {
    const c = await this.course(id);
    const seriesId = c.courseType === CourseType.SERIES ? c.id : c.seriesId;
    if (!seriesId) return { items: [] };
    const rows = await seriesMembers(this.db, seriesId);
    return { items: rows.map((r) => presentCourse(r, lang)) };
  }
  async guessLike(courseId, limit, lang) {
    const c = await this.course(courseId);
    const rows = await guessLike(this.db, { id: c.id, departmentId: c.departmentId }, limit);
    return { items: rows.map((r) => presentCourse(r, lang)) };
  }
  async tagMap(lang) {
    const tags2 = await listAppraiseTags(this.db);
    return new Map(tags2.map((t) => [t.id, presentAppraiseTag(t, lang)]));
  }
  async appraiseTags(lang) {
    return { items: [...(await this.tagMap(lang)).values()] };
  }
  async appraisals(id, p, size, lang) {
    await this.course(id);
    const [{ rows, total }, tags2] = await Promise.all([pageAppraisals(this.db, id, p, size), this.tagMap(lang)]);
    return pageOf(rows.map((r) => presentAppraisal(r, tags2)), { page: p, page_size: size }, total);
  }
  async appraise(userId, id, body, lang) {
    await this.course(id);
    const tags2 = await this.tagMap(lang);
    const tagIds = [...new Set(body.tag_ids)];
    if (tagIds.some((t) => !tags2.has(t))) throw fieldError(lang, "tag_ids", { zh: "\u5305\u542B\u4E0D\u5B58\u5728\u7684\u6807\u7B7E", en: "contains an unknown tag" });
    const row = await upsertAppraisal(this.db, { courseId: id, userId, rating: body.rating, content: body.content, tagIds });
    const [u] = await this.db.select({ nickname: users.nickname, avatarUrl: users.avatarUrl }).from(users).where(eq6(users.id, userId));
    if (!row || !u) throw new AppError(ErrorCode.INTERNAL);
    return presentAppraisal({ ...row, nickname: u.nickname, avatarUrl: u.avatarUrl }, tags2);
  }
  async learnLog(userId, id, body, lang) {
    const r = await recordHeartbeat(this.db, {
      userId,
      courseId: id,
      chapterId: body.chapter_id,
      positionS: Math.floor(body.position_s),
      playedS: Math.floor(body.played_s),
      sessionId: body.session_id,
      now: this.now()
    });
    if (r.kind === "missing") {
      await this.course(id);
      throw fieldError(lang, "chapter_id", { zh: "\u7AE0\u8282\u4E0D\u5C5E\u4E8E\u8BE5\u8BFE\u7A0B", en: "is not a chapter of this course" });
    }
    if (r.kind === "locked") throw new AppError(ErrorCode.PURCHASE_TO_WATCH);
    return { ...presentProgress(body.chapter_id, r.durationS, r.row), credited_s: r.credited, learn_count: r.learnCount };
  }
  async learnProgress(userId, id) {
    await this.course(id);
    const [totals, learner] = await Promise.all([courseTotals(this.db, userId, [id]), findLearner(this.db, userId, id)]);
    return {
      ...presentTotals(totals.get(id)),
      last_chapter_id: learner?.lastChapterId ?? null,
      last_position_s: learner?.positionS ?? 0
    };
  }
  async chapterProgress(userId, id) {
    await this.course(id);
    const [chapters, rows] = await Promise.all([listChapters(this.db, id), progressOfCourse(this.db, userId, id)]);
    const byChapter = new Map(rows.map((r) => [r.chapterId, r]));
    return { items: chapters.map((ch) => presentProgress(ch.id, ch.durationS, byChapter.get(ch.id))) };
  }
  async learnRecords(userId, page, pageSize, lang) {
    const { rows, total } = await pageLearned(this.db, userId, page, pageSize);
    const totals = await courseTotals(this.db, userId, rows.map((r) => r.id));
    return pageOf(
      rows.map((r) => ({
        course: presentCourse(r, lang),
        ...presentTotals(totals.get(r.id)),
        last_chapter_id: r.lastChapterId,
        last_chapter_title: r.chapterTitleZh === null ? null : pick(lang, r.chapterTitleZh, r.chapterTitleEn),
        last_position_s: r.positionS ?? 0,
        learned_at: r.learnedAt.toISOString()
      })),
      { page, page_size: pageSize },
      total
    );
  }
};

// src/modules/courses/courses.routes.ts
var optionalAuth = { auth: "optional" };
var coursesRoutes = async (instance, { now }) => {
  const app = instance.withTypeProvider();
  const svc = new CoursesService(app.db, app.media, now);
  app.route({ ...endpointRoute("courseList"), handler: async (req) => ok(await svc.list(req.query, req.ctx.lang)) });
  app.route({ ...endpointRoute("moreCourse"), handler: async (req) => ok(await svc.more(req.query, req.ctx.lang)) });
  app.route({ ...endpointRoute("appraiseTags"), handler: async (req) => ok(await svc.appraiseTags(req.ctx.lang)) });
  app.route({
    ...endpointRoute("courseDetail"),
    config: optionalAuth,
    handler: async (req) => ok(await svc.detail(req.params.id, req.ctx.user?.id, req.ctx.lang))
  });
  app.route({
    ...endpointRoute("courseChapters"),
    config: optionalAuth,
    handler: async (req) => ok(await svc.chapters(req.params.id, req.ctx.user?.id, req.ctx.lang))
  });
  app.route({ ...endpointRoute("seriesCourses"), handler: async (req) => ok(await svc.series(req.params.id, req.ctx.lang)) });
  app.route({
    ...endpointRoute("guessLikeCourse"),
    handler: async (req) => ok(await svc.guessLike(req.query.course_id, req.query.limit, req.ctx.lang))
  });
  app.route({
    ...endpointRoute("courseAppraisals"),
    handler: async (req) => ok(await svc.appraisals(req.params.id, req.query.page, req.query.page_size, req.ctx.lang))
  });
  app.route({
    ...endpointRoute("appraiseCourse"),
    handler: async (req) => ok(await svc.appraise(currentUser(req).id, req.params.id, req.body, req.ctx.lang))
  });
  app.route({
    ...endpointRoute("courseLearnProgress"),
    handler: async (req) => ok(await svc.learnProgress(currentUser(req).id, req.params.id))
  });
  app.route({
    ...endpointRoute("chapterLearnProgress"),
    handler: async (req) => ok(await svc.chapterProgress(currentUser(req).id, req.params.id))
  });
  app.route({
    ...endpointRoute("courseLearnRecord"),
    handler: async (req) => ok(await svc.learnRecords(currentUser(req).id, req.query.page, req.query.page_size, req.ctx.lang))
  });
  await app.register(async (beacons) => {
    acceptBeaconBodies(beacons);
    beacons.withTypeProvider().route({
      ...endpointRoute("courseLearnLog"),
      handler: async (req) => ok(await svc.learnLog(currentUser(req).id, req.params.id, req.body, req.ctx.lang))
    });
  });
};
var courses_routes_default = coursesRoutes;

// src/modules/media/media.routes.ts
import { readFile } from "node:fs/promises";
import { join } from "node:path";

// src/modules/media/media.live.ts
var LIVE_WINDOW = 6;
function livePlaylist(p) {
  const segMs = p.segmentS * 1e3;
  const ended = p.nowMs >= p.endMs;
  const at = Math.min(p.nowMs, p.endMs);
  const last = Math.floor((at - p.startMs) / segMs) + LIVE_WINDOW - 1;
  const first = Math.max(0, last - LIVE_WINDOW + 1);
  const lines = [
    "#EXTM3U",
    "#EXT-X-VERSION:3",
    `#EXT-X-TARGETDURATION:${p.segmentS}`,
    `#EXT-X-MEDIA-SEQUENCE:${first}`,
    // Discontinuity number of the first segment: the loop restarts counted up to it.
    `#EXT-X-DISCONTINUITY-SEQUENCE:${Math.floor(first / p.loopLength)}`
  ];
  for (let i = first; i <= last; i++) {
    if (i > first && i % p.loopLength === 0) lines.push("#EXT-X-DISCONTINUITY");
    lines.push(`#EXTINF:${p.segmentS.toFixed(3)},`, p.segmentUri(i % p.loopLength));
  }
  if (ended) lines.push("#EXT-X-ENDLIST");
  return `${lines.join("\n")}
`;
}
function rewritePlaylist(text, sign) {
  return text.split("\n").map((line) => {
    const l = line.trim();
    if (!l) return line;
    if (!l.startsWith("#")) return sign(l);
    return line.replace(/URI="([^"]+)"/g, (_, uri) => `URI="${sign(uri)}"`);
  }).join("\n");
}

// src/modules/media/media.repository.ts
import { and as and4, eq as eq7, inArray as inArray4 } from "drizzle-orm";
async function assetsFor(db, type, ids) {
  if (!ids.length) return /* @__PURE__ */ new Map();
  const rows = await db.select({ targetId: mediaBindings.targetId, asset: mediaAssets }).from(mediaBindings).innerJoin(mediaAssets, eq7(mediaAssets.id, mediaBindings.assetId)).where(and4(eq7(mediaBindings.targetType, type), inArray4(mediaBindings.targetId, [...ids])));
  return new Map(rows.map((r) => [r.targetId, r.asset]));
}
async function findPublishedLive(db, id) {
  const [row] = await db.select({ id: lives.id, startAt: lives.startAt, endAt: lives.endAt, hasReplay: lives.hasReplay }).from(lives).where(and4(eq7(lives.id, id), eq7(lives.status, "published")));
  return row ?? null;
}
async function ensureStream(db, liveId, fresh) {
  const [existing] = await db.select().from(liveStreams).where(eq7(liveStreams.liveId, liveId));
  if (existing) return existing;
  await db.insert(liveStreams).values({ liveId, ...fresh() }).onConflictDoNothing();
  const [row] = await db.select().from(liveStreams).where(eq7(liveStreams.liveId, liveId));
  if (!row) throw new Error(`live stream ${liveId} missing after insert`);
  return row;
}

// src/modules/media/media.watch.ts
import { and as and5, count as count2, desc as desc3, eq as eq8 } from "drizzle-orm";
async function recordWatch(db, userId, body, now) {
  const key = and5(eq8(watchLogs.userId, userId), eq8(watchLogs.moduleName, body.module_name), eq8(watchLogs.liveId, body.id));
  const playedS = Math.floor(body.played_s);
  for (let attempt = 0; attempt < CAS_ATTEMPTS; attempt++) {
    const [row2] = await db.select().from(watchLogs).where(key);
    if (!row2) {
      const inserted = await db.insert(watchLogs).values({ userId, moduleName: body.module_name, liveId: body.id, sessionId: body.session_id, sessionPlayedS: playedS, lastBeatAt: now }).onConflictDoNothing().returning({ watchedS: watchLogs.watchedS });
      if (inserted[0]) return { watched_s: inserted[0].watchedS, credited_s: 0 };
      continue;
    }
    const { accept, credit } = creditFor(row2, { sessionId: body.session_id, playedS }, now);
    if (!accept) return { watched_s: row2.watchedS, credited_s: 0 };
    const updated = await db.update(watchLogs).set({ watchedS: row2.watchedS + credit, sessionId: body.session_id, sessionPlayedS: playedS, lastBeatAt: now, updatedAt: now }).where(and5(key, eq8(watchLogs.sessionId, row2.sessionId), eq8(watchLogs.sessionPlayedS, row2.sessionPlayedS), eq8(watchLogs.watchedS, row2.watchedS))).returning({ watchedS: watchLogs.watchedS });
    if (updated[0]) return { watched_s: updated[0].watchedS, credited_s: credit };
  }
  const [row] = await db.select({ watchedS: watchLogs.watchedS }).from(watchLogs).where(key);
  return { watched_s: row?.watchedS ?? 0, credited_s: 0 };
}
async function watchRecords(db, userId, q, lang) {
  const where = and5(eq8(watchLogs.userId, userId), eq8(lives.status, "published"), q.module_name ? eq8(watchLogs.moduleName, q.module_name) : void 0);
  const { rows, total } = await paginate(
    db.select({
      moduleName: watchLogs.moduleName,
      id: lives.id,
      titleZh: lives.titleZh,
      titleEn: lives.titleEn,
      banner: lives.banner,
      startAt: lives.startAt,
      endAt: lives.endAt,
      watchedS: watchLogs.watchedS,
      updatedAt: watchLogs.updatedAt
    }).from(watchLogs).innerJoin(lives, eq8(lives.id, watchLogs.liveId)).where(where).orderBy(desc3(watchLogs.updatedAt), desc3(watchLogs.liveId)).limit(q.page_size).offset((q.page - 1) * q.page_size),
    db.select({ n: count2() }).from(watchLogs).innerJoin(lives, eq8(lives.id, watchLogs.liveId)).where(where)
  );
  return pageOf(
    rows.map((r) => ({
      module_name: r.moduleName,
      id: r.id,
      title: pick(lang, r.titleZh, r.titleEn),
      banner: r.banner,
      start_at: r.startAt.toISOString(),
      end_at: r.endAt.toISOString(),
      watched_s: r.watchedS,
      watched_at: r.updatedAt.toISOString()
    })),
    q,
    total
  );
}

// src/modules/media/media.routes.ts
var SEED = /^[A-Za-z0-9_-]{1,64}$/;
var notFound2 = () => new AppError(ErrorCode.NOT_FOUND, { httpStatus: 404 });
var MEDIA_FILE = /^(?:[a-z0-9][a-z0-9_-]*\/){1,4}[a-z0-9][a-z0-9_-]*\.(m3u8|ts|vtt|jpg)$/;
var RENDITION = /^[a-z0-9]{1,16}$/;
var CONTENT_TYPES = {
  m3u8: "application/vnd.apple.mpegurl",
  ts: "video/mp2t",
  vtt: "text/vtt; charset=utf-8",
  jpg: "image/jpeg"
};
var mediaRoutes = async (instance, { now, mediaRoot = join(serverRoot(), "media") }) => {
  const app = instance.withTypeProvider();
  const signer = app.mediaSigner;
  const nowS = () => Math.floor(now().getTime() / 1e3);
  app.get(
    "/media/cover/:kind/:seed.svg",
    { schema: { hide: true } },
    async (req, reply) => {
      const { kind, seed } = req.params;
      if (!isCoverKind(kind) || !SEED.test(seed)) throw notFound2();
      const label = typeof req.query.label === "string" ? req.query.label : void 0;
      return reply.type("image/svg+xml; charset=utf-8").header("cache-control", "public, max-age=31536000, immutable").send(coverSvg(kind, seed, label));
    }
  );
  function checkSigned(req, path) {
    const q = req.query;
    const result = signer.verify(path, q.t, q.sign, nowS());
    if (result === "invalid") throw new AppError(ErrorCode.MEDIA_LINK_INVALID, { httpStatus: 403 });
    if (result === "expired") throw new AppError(ErrorCode.MEDIA_LINK_EXPIRED, { httpStatus: 403 });
    return Number(q.t);
  }
  const signUris = (text, base, exp) => rewritePlaylist(text, (uri) => {
    if (/^[a-z]+:/i.test(uri)) return uri;
    const path = new URL(uri, `http://local${base}`).pathname;
    return `${uri}${uri.includes("?") ? "&" : "?"}${signer.query(path, exp)}`;
  });
  const cacheFor = (reply, exp, maxS) => reply.header("cache-control", `private, max-age=${Math.max(0, Math.min(maxS, exp - nowS()))}`);
  app.get("/media/hls/*", { schema: { hide: true } }, async (req, reply) => {
    const rel = req.params["*"];
    const m = MEDIA_FILE.exec(rel);
    if (!m) throw notFound2();
    const path = `/media/hls/${rel}`;
    const exp = checkSigned(req, path);
    const ext = m[1];
    let body;
    try {
      body = await readFile(join(mediaRoot, rel));
    } catch {
      throw notFound2();
    }
    reply.type(CONTENT_TYPES[ext]);
    if (ext === "m3u8") return cacheFor(reply, exp, 60).send(signUris(body.toString("utf8"), path, exp));
    return cacheFor(reply, exp, 86400).send(body);
  });
  app.get("/media/live/:id/:file", { schema: { hide: true } }, async (req, reply) => {
    const { id, file } = req.params;
    const m = /^([a-z0-9]{1,16})\.m3u8$/.exec(file);
    if (!/^\d{1,9}$/.test(id) || !m) throw notFound2();
    const path = `/media/live/${id}/${file}`;
    const exp = checkSigned(req, path);
    const source = await app.media.liveSource(Number(id));
    const t = now().getTime();
    if (!source || t < source.live.startAt.getTime()) throw new AppError(ErrorCode.MEDIA_NOT_AVAILABLE, { httpStatus: 404 });
    const { live, asset } = source;
    reply.type(CONTENT_TYPES.m3u8).header("cache-control", "no-cache");
    const name = m[1];
    if (name === "master") {
      const master = ["#EXTM3U", "#EXT-X-VERSION:3"];
      for (const r of asset.renditions) {
        master.push(`#EXT-X-STREAM-INF:BANDWIDTH=${r.bandwidth},RESOLUTION=${r.width}x${r.height},CODECS="avc1.4d401e,mp4a.40.2",NAME="${r.name}"`, `${r.name}.m3u8`);
      }
      return reply.send(signUris(`${master.join("\n")}
`, path, exp));
    }
    if (!RENDITION.test(name) || !asset.renditions.some((r) => r.name === name)) throw notFound2();
    const loopLength = Math.round(asset.durationS / asset.segmentS);
    const text = livePlaylist({
      startMs: live.startAt.getTime(),
      endMs: live.endAt.getTime(),
      nowMs: t,
      segmentS: asset.segmentS,
      loopLength,
      segmentUri: (n) => `/media/hls/${asset.path}/${name}/seg_${String(n).padStart(2, "0")}.ts`
    });
    return reply.send(signUris(text, path, exp));
  });
  app.route({
    ...endpointRoute("liveAuthUrl"),
    config: { auth: "optional" },
    handler: async (req) => ok(await app.media.authUrl(req.params.id, { userId: req.ctx.user?.id }))
  });
  app.route({
    ...endpointRoute("watchRecord"),
    handler: async (req) => ok(await watchRecords(app.db, currentUser(req).id, req.query, req.ctx.lang))
  });
  await app.register(async (beacons) => {
    acceptBeaconBodies(beacons);
    beacons.withTypeProvider().route({
      ...endpointRoute("watchLog"),
      handler: async (req) => {
        const me = currentUser(req);
        if (!await findPublishedLive(app.db, req.body.id)) throw new AppError(ErrorCode.NOT_FOUND);
        return ok(await recordWatch(app.db, me.id, req.body, now()));
      }
    });
  });
};
var media_routes_default = mediaRoutes;

// src/modules/media/media.plugin.ts
import fp4 from "fastify-plugin";

// src/modules/media/media.adapter.ts
var SandboxMediaProvider = class {
  constructor(signer) {
    this.signer = signer;
  }
  signer;
  name = "sandbox";
  fileUrl(path, expiresS) {
    return this.signer.sign(`/media/hls/${path}`, expiresS);
  }
  liveUrl(stream, expiresS) {
    return this.signer.sign(`/media/live/${stream.liveId}/master.m3u8`, expiresS);
  }
};
var CdnMediaProvider = class {
  constructor(signer, cdnBaseUrl, livePullBaseUrl) {
    this.signer = signer;
    this.cdnBaseUrl = cdnBaseUrl;
    this.livePullBaseUrl = livePullBaseUrl;
  }
  signer;
  cdnBaseUrl;
  livePullBaseUrl;
  name = "cdn";
  fileUrl(path, expiresS) {
    return this.signer.sign(`${this.cdnBaseUrl}/${path}`, expiresS);
  }
  liveUrl(stream, expiresS) {
    return this.signer.sign(`${this.livePullBaseUrl}/${encodeURIComponent(stream.streamName)}.m3u8`, expiresS);
  }
};
function createMediaProvider(settings, signer) {
  if (settings.provider === "cdn") {
    if (!settings.cdnBaseUrl || !settings.livePullBaseUrl) throw new Error("MEDIA_PROVIDER=cdn needs MEDIA_CDN_BASE_URL and MEDIA_LIVE_PULL_BASE_URL");
    return new CdnMediaProvider(signer, settings.cdnBaseUrl, settings.livePullBaseUrl);
  }
  return new SandboxMediaProvider(signer);
}

// src/modules/media/media.service.ts
var SUBTITLE_LABELS = { zh: "\u4E2D\u6587", en: "English" };
var MediaService = class {
  constructor(db, provider, settings, now) {
    this.db = db;
    this.provider = provider;
    this.settings = settings;
    this.now = now;
  }
  db;
  provider;
  settings;
  now;
  /** Expiry (Unix seconds) of URLs signed now. */
  expiry() {
    return Math.floor(this.now().getTime() / 1e3) + this.settings.urlTtlS;
  }
  present(asset, expiresS, hlsUrl, live = false) {
    const file = (name) => this.provider.fileUrl(`${asset.path}/${name}`, expiresS);
    return {
      hls_url: hlsUrl ?? file("master.m3u8"),
      duration_s: live ? 0 : asset.durationS,
      poster: file(asset.poster),
      subtitles: asset.subtitles.map((s) => ({ lang: s.lang, label: SUBTITLE_LABELS[s.lang], url: file(s.path) })),
      renditions: asset.renditions.map((r) => ({ ...r })),
      live,
      expires_at: new Date(expiresS * 1e3).toISOString()
    };
  }
  /** Media of many targets of one kind at once (targets without media are absent). */
  async mediaFor(type, ids) {
    const assets = await assetsFor(this.db, type, ids);
    const exp = this.expiry();
    return new Map([...assets].map(([id, asset]) => [id, this.present(asset, exp)]));
  }
  stream(liveId) {
    return ensureStream(this.db, liveId, () => ({ streamName: `live-${liveId}-${randomToken(6)}`, streamKey: randomToken(18) }));
  }
  /**
   * A live's media now: the stream while it is on air, the recording once it has one, else null.
   * The caller decides who may see it (`liveAccess`).
   */
  async liveStream(liveId) {
    const live = await findPublishedLive(this.db, liveId);
    if (!live) return null;
    const status = liveStatus(live.startAt, live.endAt, live.hasReplay, this.now());
    const exp = this.expiry();
    if (status === LiveStatus.LIVE) {
      const asset = (await assetsFor(this.db, "live", [liveId])).get(liveId);
      if (!asset) return null;
      const stream = await this.stream(liveId);
      return { kind: "live", media: this.present(asset, exp, this.provider.liveUrl({ liveId, streamName: stream.streamName }, exp), true) };
    }
    if (status === LiveStatus.REPLAY) {
      const asset = (await assetsFor(this.db, "replay", [liveId])).get(liveId);
      return asset ? { kind: "replay", media: this.present(asset, exp) } : null;
    }
    return null;
  }
  /**
   * A recording's media: a live's replay, else the footage its stream played (a live the
   * moderator ended early has no separate replay file); a standalone talk's own asset.
   */
  async recordingMedia(rec) {
    const exp = this.expiry();
    if (rec.liveId === null) {
      const asset2 = (await assetsFor(this.db, "recording", [rec.id])).get(rec.id);
      return asset2 ? this.present(asset2, exp) : null;
    }
    const asset = (await assetsFor(this.db, "replay", [rec.liveId])).get(rec.liveId) ?? (await assetsFor(this.db, "live", [rec.liveId])).get(rec.liveId);
    return asset ? this.present(asset, exp) : null;
  }
  /** Why a viewer may not watch a live's media, or null when they may. */
  async liveAccess(liveId, viewer) {
    const stream = await this.stream(liveId);
    return stream.loginRequired && viewer.userId === void 0 ? "login" : null;
  }
  /** `GET /v1/live/{id}/auth_url`: a fresh signed URL for someone the live admits. */
  async authUrl(liveId, viewer) {
    const live = await findPublishedLive(this.db, liveId);
    if (!live) throw new AppError(ErrorCode.NOT_FOUND);
    if (await this.liveAccess(liveId, viewer) === "login") throw new AppError(ErrorCode.LOGIN_TO_WATCH);
    const current = await this.liveStream(liveId);
    if (!current) throw new AppError(ErrorCode.MEDIA_NOT_AVAILABLE);
    return { url: current.media.hls_url, expires_at: current.media.expires_at, kind: current.kind };
  }
  /** The organiser's push address of a live (show it only to its organisers and moderators). */
  async pushAddress(liveId) {
    const s = await this.stream(liveId);
    const key = `${s.streamName}?key=${s.streamKey}`;
    return { server: this.settings.rtmpPushUrl, stream_key: key, url: `${this.settings.rtmpPushUrl}/${key}` };
  }
  /** The sandbox live source's segment clock: the loop asset and the live's times. */
  async liveSource(liveId) {
    const live = await findPublishedLive(this.db, liveId);
    if (!live) return null;
    const asset = (await assetsFor(this.db, "live", [liveId])).get(liveId);
    return asset ? { live, asset } : null;
  }
};

// src/modules/media/media.signing.ts
import { createHmac, timingSafeEqual } from "node:crypto";
var SIGN_HEX = 32;
var UrlSigner = class {
  constructor(key) {
    this.key = key;
  }
  key;
  mac(path, t) {
    return createHmac("sha256", this.key).update(`${path}:${t}`).digest("hex").slice(0, SIGN_HEX);
  }
  /** The query string (`t=…&sign=…`) that makes `path` playable until `expiresS`. */
  query(path, expiresS) {
    return `t=${expiresS}&sign=${this.mac(path, expiresS)}`;
  }
  /** `url` (absolute or a path) with its signature appended. */
  sign(url, expiresS) {
    const parsed = new URL(url, "http://local");
    const q = this.query(decodeURIComponent(parsed.pathname), expiresS);
    return `${url}${url.includes("?") ? "&" : "?"}${q}`;
  }
  /** Checks a request's `t` and `sign` for its path: tampered first, then expired. */
  verify(path, t, sign, nowS) {
    if (typeof t !== "string" || typeof sign !== "string" || !/^\d{1,12}$/.test(t) || !/^[0-9a-f]+$/.test(sign)) return "invalid";
    const expected = Buffer.from(this.mac(path, Number(t)));
    const given = Buffer.from(sign);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return "invalid";
    return Number(t) < nowS ? "expired" : "ok";
  }
};

// src/modules/media/media.plugin.ts
var media_plugin_default = fp4(
  async (app, { settings, appSecret, now }) => {
    const key = settings.signKey ?? hmac(await loadAppSecret(app.db, appSecret), "media-url-signing");
    const signer = new UrlSigner(key);
    app.decorate("mediaSigner", signer);
    app.decorate("media", new MediaService(app.db, createMediaProvider(settings, signer), settings, now));
  },
  { name: "media" }
);

// src/modules/news/news.service.ts
import { eq as eq10 } from "drizzle-orm";

// src/lib/sanitize-html.ts
import xss from "xss";
var { escapeAttrValue, FilterXSS, friendlyAttrValue } = xss;
var ALLOWED = {
  p: [],
  br: [],
  h2: [],
  h3: [],
  h4: [],
  ul: [],
  ol: [],
  li: [],
  strong: [],
  em: [],
  blockquote: [],
  a: ["href"],
  img: ["src", "alt", "width", "height"],
  table: [],
  caption: [],
  thead: [],
  tbody: [],
  tr: [],
  th: ["colspan", "rowspan"],
  td: ["colspan", "rowspan"]
};
var DROP_WITH_CONTENT = ["script", "style", "xmp", "noembed", "noframes", "iframe", "textarea", "title"];
var LEFTOVER_MARKERS = /\[\/?removed\]/g;
function normalise(raw) {
  return friendlyAttrValue(raw).replace(/[\u0000-\u0020\u007f-\u009f]/g, "");
}
function isSafeLinkHref(raw) {
  const v = normalise(raw);
  return /^https?:\/\/[^/\\]/i.test(v) && !v.includes("\\");
}
function isSafeImageSrc(raw) {
  const v = normalise(raw);
  if (v === "" || v.includes("\\")) return false;
  if (/^https:\/\/[^/]/i.test(v)) return true;
  return !v.startsWith("//") && !/^[a-z][a-z0-9+.-]*:/i.test(v);
}
function isSitePath(raw) {
  const v = normalise(raw);
  return /^\/(?![/\\])/.test(v) && !v.includes("\\");
}
function makeFilter(sitePaths) {
  return new FilterXSS({
    whiteList: ALLOWED,
    stripIgnoreTag: true,
    stripIgnoreTagBody: DROP_WITH_CONTENT,
    allowCommentTag: false,
    css: false,
    onTagAttr(tag, name, value) {
      if (tag === "a" && name === "href") {
        if (sitePaths && isSitePath(value)) return `href="${escapeAttrValue(friendlyAttrValue(value).trim())}"`;
        if (!isSafeLinkHref(value)) return "";
        return `href="${escapeAttrValue(friendlyAttrValue(value).trim())}" rel="noopener noreferrer" target="_blank"`;
      }
      if (tag === "img" && name === "src") {
        if (!isSafeImageSrc(value)) return "";
        return `src="${escapeAttrValue(friendlyAttrValue(value).trim())}"`;
      }
      if ((name === "width" || name === "height" || name === "colspan" || name === "rowspan") && ALLOWED[tag]?.includes(name)) {
        return /^\d{1,4}$/.test(value.trim()) ? `${name}="${value.trim()}"` : "";
      }
      return void 0;
    }
  });
}
var filters = { external: makeFilter(false), site: makeFilter(true) };
function sanitizeHtml(html, opts = {}) {
  return (opts.sitePaths ? filters.site : filters.external).process(html).replace(LEFTOVER_MARKERS, "");
}

// src/modules/news/news.repository.ts
import { and as and6, asc as asc5, count as count3, desc as desc4, eq as eq9, ne as ne2, sql as sql2 } from "drizzle-orm";
var published3 = "published";
var visible = () => and6(eq9(news.status, published3), eq9(newsCategories.status, published3));
function listCategories(db) {
  return db.select().from(newsCategories).where(eq9(newsCategories.status, published3)).orderBy(asc5(newsCategories.sort), asc5(newsCategories.id));
}
async function listPage(db, opts) {
  const where = [visible()];
  if (opts.categoryId) where.push(eq9(news.categoryId, opts.categoryId));
  return paginate(
    db.select(newsCardColumns).from(news).innerJoin(newsCategories, eq9(newsCategories.id, news.categoryId)).where(and6(...where)).orderBy(sql2`${news.publishedAt} desc nulls last`, desc4(news.id)).limit(opts.limit).offset(opts.offset),
    db.select({ n: count3() }).from(news).innerJoin(newsCategories, eq9(newsCategories.id, news.categoryId)).where(and6(...where))
  );
}
async function findVisible(db, id) {
  const [row] = await db.select({
    ...newsCardColumns,
    bodyZh: news.bodyZh,
    bodyEn: news.bodyEn,
    sourceZh: news.sourceZh,
    sourceEn: news.sourceEn,
    authorZh: news.authorZh,
    authorEn: news.authorEn,
    viewCount: news.viewCount
  }).from(news).innerJoin(newsCategories, eq9(newsCategories.id, news.categoryId)).where(and6(eq9(news.id, id), visible())).limit(1);
  return row ?? null;
}
async function isVisible(db, id) {
  const [row] = await db.select({ id: news.id }).from(news).innerJoin(newsCategories, eq9(newsCategories.id, news.categoryId)).where(and6(eq9(news.id, id), visible())).limit(1);
  return Boolean(row);
}
function listTags(db, newsId) {
  return db.select({ id: tags.id, titleZh: tags.titleZh, titleEn: tags.titleEn, cover: tags.cover }).from(newsTags).innerJoin(tags, eq9(tags.id, newsTags.tagId)).where(eq9(newsTags.newsId, newsId)).orderBy(asc5(newsTags.sort), asc5(tags.id));
}
function listRelated(db, id, categoryId, limit) {
  return db.select(newsCardColumns).from(news).innerJoin(newsCategories, eq9(newsCategories.id, news.categoryId)).where(and6(visible(), ne2(news.id, id))).orderBy(sql2`case when ${news.categoryId} = ${categoryId} then 0 else 1 end`, sql2`${news.publishedAt} desc nulls last`, desc4(news.id)).limit(limit);
}
async function incrementViews(db, id) {
  const [row] = await db.update(news).set({ viewCount: sql2`${news.viewCount} + 1` }).where(
    and6(
      eq9(news.id, id),
      eq9(news.status, published3),
      sql2`exists (select 1 from ${newsCategories} where ${newsCategories.id} = ${news.categoryId} and ${newsCategories.status} = 'published')`
    )
  ).returning({ views: news.viewCount });
  return row?.views ?? null;
}
async function countLikes(db, newsId) {
  const [row] = await db.select({ n: count3() }).from(newsLikes).where(eq9(newsLikes.newsId, newsId));
  return row?.n ?? 0;
}
async function isLiked(db, newsId, userId) {
  const [row] = await db.select({ n: newsLikes.newsId }).from(newsLikes).where(and6(eq9(newsLikes.newsId, newsId), eq9(newsLikes.userId, userId))).limit(1);
  return Boolean(row);
}
async function isFavorite2(db, newsId, userId) {
  const [row] = await db.select({ n: userFavorites.moduleId }).from(userFavorites).where(and6(eq9(userFavorites.userId, userId), eq9(userFavorites.moduleName, "news"), eq9(userFavorites.moduleId, newsId))).limit(1);
  return Boolean(row);
}
async function setLike(db, newsId, userId, liked) {
  if (liked) await db.insert(newsLikes).values({ newsId, userId }).onConflictDoNothing();
  else await db.delete(newsLikes).where(and6(eq9(newsLikes.newsId, newsId), eq9(newsLikes.userId, userId)));
}
async function recordRead(db, newsId, userId, now) {
  await db.insert(newsReads).values({ newsId, userId, firstReadAt: now, lastReadAt: now }).onConflictDoUpdate({
    target: [newsReads.newsId, newsReads.userId],
    set: { readCount: sql2`${newsReads.readCount} + 1`, lastReadAt: now }
  });
}
async function countComments(db, newsId) {
  const [row] = await db.select({ n: count3() }).from(newsComments).where(eq9(newsComments.newsId, newsId));
  return row?.n ?? 0;
}
var commentColumns = {
  id: newsComments.id,
  newsId: newsComments.newsId,
  userId: newsComments.userId,
  content: newsComments.content,
  createdAt: newsComments.createdAt,
  nickname: users.nickname,
  avatarUrl: users.avatarUrl
};
function listComments(db, newsId, limit, offset3) {
  return db.select(commentColumns).from(newsComments).innerJoin(users, eq9(users.id, newsComments.userId)).where(eq9(newsComments.newsId, newsId)).orderBy(desc4(newsComments.createdAt), desc4(newsComments.id)).limit(limit).offset(offset3);
}
async function listUserComments(db, userId, limit, offset3) {
  return paginate(
    db.select({ ...commentColumns, newsTitleZh: news.titleZh, newsTitleEn: news.titleEn }).from(newsComments).innerJoin(users, eq9(users.id, newsComments.userId)).innerJoin(news, eq9(news.id, newsComments.newsId)).where(eq9(newsComments.userId, userId)).orderBy(desc4(newsComments.createdAt), desc4(newsComments.id)).limit(limit).offset(offset3),
    db.select({ n: count3() }).from(newsComments).where(eq9(newsComments.userId, userId))
  );
}
async function latestCommentAt(db, userId) {
  const [row] = await db.select({ at: newsComments.createdAt }).from(newsComments).where(eq9(newsComments.userId, userId)).orderBy(desc4(newsComments.createdAt)).limit(1);
  return row?.at ?? null;
}
async function insertComment(db, newsId, userId, content, now) {
  const [row] = await db.insert(newsComments).values({ newsId, userId, content, createdAt: now }).returning({ id: newsComments.id });
  if (!row) throw new Error("comment insert returned nothing");
  return row.id;
}
async function findComment(db, id) {
  const [row] = await db.select(commentColumns).from(newsComments).innerJoin(users, eq9(users.id, newsComments.userId)).where(eq9(newsComments.id, id)).limit(1);
  return row ?? null;
}
async function deleteOwnComment(db, id, userId) {
  const gone = await db.delete(newsComments).where(and6(eq9(newsComments.id, id), eq9(newsComments.userId, userId))).returning({ id: newsComments.id });
  return gone.length === 1;
}

// src/modules/news/news.present.ts
function presentCategory(r, lang) {
  return { id: r.id, title: pick(lang, r.titleZh, r.titleEn), action: newsCategoryAction(r.id) };
}
function presentDetail(r, extra, lang) {
  return {
    ...presentNews(r, lang),
    body_html: extra.bodyHtml,
    source: pick(lang, r.sourceZh, r.sourceEn),
    author: pick(lang, r.authorZh, r.authorEn),
    views: r.viewCount,
    likes: extra.likes,
    is_liked: extra.isLiked,
    is_favorite: extra.isFavorite,
    comment_count: extra.commentCount,
    tags: extra.tags.map((t) => ({ id: t.id, title: pick(lang, t.titleZh, t.titleEn), cover: t.cover }))
  };
}
function presentComment(r, viewerId) {
  return {
    id: r.id,
    content: r.content,
    nickname: r.nickname,
    avatar_url: r.avatarUrl,
    created_at: r.createdAt.toISOString(),
    is_mine: viewerId !== void 0 && r.userId === viewerId
  };
}
function presentMyComment(r, lang) {
  return {
    ...presentComment(r, r.userId),
    news: { id: r.newsId, title: pick(lang, r.newsTitleZh, r.newsTitleEn), action: newsDetailAction(r.newsId) }
  };
}

// src/modules/news/news.service.ts
var COMMENT_INTERVAL_S = 5;
var RECOMMEND_LIMIT = 6;
var notFound3 = () => new AppError(ErrorCode.NOT_FOUND);
var NewsService = class {
  constructor(db, now) {
    this.db = db;
    this.now = now;
  }
  db;
  now;
  async categories(lang) {
    return { items: (await listCategories(this.db)).map((c) => presentCategory(c, lang)) };
  }
  async list(q, lang) {
    const { rows, total } = await listPage(this.db, { categoryId: q.category_id, limit: q.page_size, offset: (q.page - 1) * q.page_size });
    return pageOf(
      rows.map((r) => presentNews(r, lang)),
      q,
      total
    );
  }
  async detail(id, userId, lang) {
    const row = await findVisible(this.db, id);
    if (!row) throw notFound3();
    const [likes, isLiked2, isFavorite4, commentCount, tags2] = await Promise.all([
      countLikes(this.db, id),
      userId === void 0 ? false : isLiked(this.db, id, userId),
      userId === void 0 ? false : isFavorite2(this.db, id, userId),
      countComments(this.db, id),
      listTags(this.db, id)
    ]);
    const bodyHtml = sanitizeHtml(pick(lang, row.bodyZh, row.bodyEn));
    return presentDetail(row, { bodyHtml, likes, isLiked: isLiked2, isFavorite: isFavorite4, commentCount, tags: tags2 }, lang);
  }
  async recommend(id, lang) {
    const row = await findVisible(this.db, id);
    if (!row) throw notFound3();
    return { items: (await listRelated(this.db, id, row.categoryId, RECOMMEND_LIMIT)).map((r) => presentNews(r, lang)) };
  }
  async view(id) {
    const views = await incrementViews(this.db, id);
    if (views === null) throw notFound3();
    return { views };
  }
  /** Like or unlike; the answer's count is the number of like rows, read in the same transaction. */
  async like(id, userId, liked) {
    return this.db.transaction(async (tx) => {
      if (!await isVisible(tx, id)) throw notFound3();
      await setLike(tx, id, userId, liked);
      return { is_liked: liked, likes: await countLikes(tx, id) };
    });
  }
  async readLog(id, userId) {
    if (!await isVisible(this.db, id)) throw notFound3();
    await recordRead(this.db, id, userId, this.now());
    return null;
  }
  async comments(id, q, viewerId) {
    if (!await isVisible(this.db, id)) throw notFound3();
    const [rows, total] = await Promise.all([
      listComments(this.db, id, q.page_size, (q.page - 1) * q.page_size),
      countComments(this.db, id)
    ]);
    return pageOf(
      rows.map((r) => presentComment(r, viewerId)),
      q,
      total
    );
  }
  /**
   * Stores the text as given (the web renders it as text). The user row is locked so two posts at
   * once cannot both pass the interval check.
   */
  async postComment(id, userId, content) {
    const now = this.now();
    const commentId = await this.db.transaction(async (tx) => {
      if (!await isVisible(tx, id)) throw notFound3();
      await tx.select({ id: users.id }).from(users).where(eq10(users.id, userId)).for("update");
      const last = await latestCommentAt(tx, userId);
      if (last && now.getTime() - last.getTime() < COMMENT_INTERVAL_S * 1e3) throw new AppError(ErrorCode.RATE_LIMITED);
      return insertComment(tx, id, userId, content, now);
    });
    const row = await findComment(this.db, commentId);
    if (!row) throw notFound3();
    return presentComment(row, userId);
  }
  /** Own comments only: NOT_FOUND when there is no such comment (any more), FORBIDDEN when it is someone else's. */
  async deleteComment(commentId, userId) {
    const row = await findComment(this.db, commentId);
    if (!row) throw notFound3();
    if (row.userId !== userId) throw new AppError(ErrorCode.FORBIDDEN);
    if (!await deleteOwnComment(this.db, commentId, userId)) throw notFound3();
    return null;
  }
  async myComments(userId, q, lang) {
    const { rows, total } = await listUserComments(this.db, userId, q.page_size, (q.page - 1) * q.page_size);
    return pageOf(
      rows.map((r) => presentMyComment(r, lang)),
      q,
      total
    );
  }
};

// src/modules/news/news.routes.ts
var optionalAuth2 = { config: { auth: "optional" } };
var newsRoutes = async (instance, { now }) => {
  const app = instance.withTypeProvider();
  const svc = new NewsService(app.db, now);
  app.route({ ...endpointRoute("newsCategories"), handler: async (req) => ok(await svc.categories(req.ctx.lang)) });
  app.route({ ...endpointRoute("newsList"), handler: async (req) => ok(await svc.list(req.query, req.ctx.lang)) });
  app.route({
    ...endpointRoute("newsDetail"),
    ...optionalAuth2,
    handler: async (req) => ok(await svc.detail(req.params.id, req.ctx.user?.id, req.ctx.lang))
  });
  app.route({ ...endpointRoute("newsRecommend"), handler: async (req) => ok(await svc.recommend(req.params.id, req.ctx.lang)) });
  app.route({ ...endpointRoute("newsView"), handler: async (req) => ok(await svc.view(req.params.id)) });
  app.route({
    ...endpointRoute("newsLike"),
    handler: async (req) => ok(await svc.like(req.params.id, currentUser(req).id, req.body.status === 1))
  });
  app.route({ ...endpointRoute("newsReadLog"), handler: async (req) => ok(await svc.readLog(req.params.id, currentUser(req).id)) });
  app.route({
    ...endpointRoute("newsComments"),
    ...optionalAuth2,
    handler: async (req) => ok(await svc.comments(req.params.id, req.query, req.ctx.user?.id))
  });
  app.route({
    ...endpointRoute("postNewsComment"),
    handler: async (req) => ok(await svc.postComment(req.params.id, currentUser(req).id, req.body.content))
  });
  app.route({ ...endpointRoute("deleteNewsComment"), handler: async (req) => ok(await svc.deleteComment(req.params.id, currentUser(req).id)) });
  app.route({ ...endpointRoute("myNewsComments"), handler: async (req) => ok(await svc.myComments(currentUser(req).id, req.query, req.ctx.lang)) });
};
var news_routes_default = newsRoutes;

// src/modules/member/member.repository.ts
import { and as and7, asc as asc6, count as count4, desc as desc5, eq as eq11, inArray as inArray5, sql as sql3 } from "drizzle-orm";
var published4 = "published";
async function findModuleItems(db, module, ids) {
  if (ids.length === 0) return [];
  switch (module) {
    case "course":
      return db.select({ id: courses.id, titleZh: courses.titleZh, titleEn: courses.titleEn, cover: courses.cover }).from(courses).where(and7(inArray5(courses.id, ids), eq11(courses.status, published4)));
    case "news":
      return db.select({ id: news.id, titleZh: news.titleZh, titleEn: news.titleEn, cover: news.cover }).from(news).where(and7(inArray5(news.id, ids), eq11(news.status, published4)));
    case "live":
      return db.select({ id: lives.id, titleZh: lives.titleZh, titleEn: lives.titleEn, cover: lives.banner }).from(lives).where(and7(inArray5(lives.id, ids), eq11(lives.status, published4)));
    case "speaker":
      return db.select({ id: speakers.id, titleZh: speakers.nameZh, titleEn: speakers.nameEn, cover: speakers.avatar }).from(speakers).where(and7(inArray5(speakers.id, ids), eq11(speakers.status, published4)));
    case "column":
      return db.select({ id: columns.id, titleZh: columns.titleZh, titleEn: columns.titleEn, cover: columns.cover }).from(columns).where(and7(inArray5(columns.id, ids), eq11(columns.status, published4)));
    case "paper": {
      const rows = await db.select({ id: papers.id, titleZh: papers.titleZh, titleEn: papers.titleEn }).from(papers).where(and7(inArray5(papers.id, ids), eq11(papers.status, published4)));
      return rows.map((r) => ({ ...r, cover: coverUrl("paper", `p${r.id}`) }));
    }
    case "vod":
      return db.select({ id: recordings.id, titleZh: recordings.titleZh, titleEn: recordings.titleEn, cover: recordings.banner }).from(recordings).where(and7(inArray5(recordings.id, ids), eq11(recordings.status, published4)));
  }
}
async function setFavorite(db, userId, moduleName, moduleId, on, now) {
  if (on) await db.insert(userFavorites).values({ userId, moduleName, moduleId, createdAt: now }).onConflictDoNothing();
  else
    await db.delete(userFavorites).where(and7(eq11(userFavorites.userId, userId), eq11(userFavorites.moduleName, moduleName), eq11(userFavorites.moduleId, moduleId)));
}
async function listFavorites(db, userId, moduleName, limit, offset3) {
  const where = and7(eq11(userFavorites.userId, userId), moduleName ? eq11(userFavorites.moduleName, moduleName) : void 0);
  return paginate(
    db.select({ id: userFavorites.moduleId, moduleName: userFavorites.moduleName, moduleId: userFavorites.moduleId, at: userFavorites.createdAt }).from(userFavorites).where(where).orderBy(desc5(userFavorites.createdAt), desc5(userFavorites.moduleId)).limit(limit).offset(offset3),
    db.select({ n: count4() }).from(userFavorites).where(where)
  );
}
function countFavoritesByModule(db, userId) {
  return db.select({ moduleName: userFavorites.moduleName, n: count4() }).from(userFavorites).where(eq11(userFavorites.userId, userId)).groupBy(userFavorites.moduleName);
}
async function upsertHistory(db, userId, moduleName, moduleId, now) {
  await db.insert(userHistory).values({ userId, moduleName, moduleId, lastViewedAt: now }).onConflictDoUpdate({ target: [userHistory.userId, userHistory.moduleName, userHistory.moduleId], set: { lastViewedAt: now } });
}
async function listHistory(db, userId, moduleName, limit, offset3) {
  const where = and7(eq11(userHistory.userId, userId), moduleName ? eq11(userHistory.moduleName, moduleName) : void 0);
  return paginate(
    db.select({ id: userHistory.id, moduleName: userHistory.moduleName, moduleId: userHistory.moduleId, at: userHistory.lastViewedAt }).from(userHistory).where(where).orderBy(desc5(userHistory.lastViewedAt), desc5(userHistory.id)).limit(limit).offset(offset3),
    db.select({ n: count4() }).from(userHistory).where(where)
  );
}
function countHistoryByModule(db, userId) {
  return db.select({ moduleName: userHistory.moduleName, n: count4() }).from(userHistory).where(eq11(userHistory.userId, userId)).groupBy(userHistory.moduleName);
}
async function deleteHistory(db, userId, ids) {
  const where = ids ? and7(eq11(userHistory.userId, userId), inArray5(userHistory.id, ids)) : eq11(userHistory.userId, userId);
  const rows = await db.delete(userHistory).where(where).returning({ id: userHistory.id });
  return rows.length;
}
var subscribeTotal = sql3`(select count(*)::int from ${columnSubscriptions} where ${columnSubscriptions.columnId} = ${columns.id})`;
var isFollowed = (userId) => userId === void 0 ? sql3`false` : sql3`exists (select 1 from ${columnSubscriptions} where ${columnSubscriptions.columnId} = ${columns.id} and ${columnSubscriptions.userId} = ${userId})`;
var columnColumns = (userId) => ({
  id: columns.id,
  titleZh: columns.titleZh,
  titleEn: columns.titleEn,
  descZh: columns.descZh,
  descEn: columns.descEn,
  cover: columns.cover,
  issueCount: columns.issueCount,
  subscribeTotal,
  isFollow: isFollowed(userId)
});
async function listColumns2(db, userId, limit, offset3) {
  const where = eq11(columns.status, published4);
  return paginate(
    db.select(columnColumns(userId)).from(columns).where(where).orderBy(asc6(columns.sort), asc6(columns.id)).limit(limit).offset(offset3),
    db.select({ n: count4() }).from(columns).where(where)
  );
}
async function listMySubscriptions(db, userId, limit, offset3) {
  const where = and7(eq11(columnSubscriptions.userId, userId), eq11(columns.status, published4));
  return paginate(
    db.select(columnColumns(userId)).from(columnSubscriptions).innerJoin(columns, eq11(columns.id, columnSubscriptions.columnId)).where(where).orderBy(desc5(columnSubscriptions.createdAt), desc5(columns.id)).limit(limit).offset(offset3),
    db.select({ n: count4() }).from(columnSubscriptions).innerJoin(columns, eq11(columns.id, columnSubscriptions.columnId)).where(where)
  );
}
async function isColumnVisible(db, id) {
  const [row] = await db.select({ id: columns.id }).from(columns).where(and7(eq11(columns.id, id), eq11(columns.status, published4))).limit(1);
  return Boolean(row);
}
async function setSubscription(db, columnId, userId, on, now) {
  if (on) await db.insert(columnSubscriptions).values({ columnId, userId, createdAt: now }).onConflictDoNothing();
  else await db.delete(columnSubscriptions).where(and7(eq11(columnSubscriptions.columnId, columnId), eq11(columnSubscriptions.userId, userId)));
}
async function countSubscriptions(db, columnId) {
  const [row] = await db.select({ n: count4() }).from(columnSubscriptions).where(eq11(columnSubscriptions.columnId, columnId));
  return row?.n ?? 0;
}

// src/modules/member/member.present.ts
var MODULE_TITLES = {
  course: { zh: "\u8BFE\u7A0B", en: "Courses" },
  news: { zh: "\u8D44\u8BAF", en: "News" },
  live: { zh: "\u76F4\u64AD", en: "Lives" },
  speaker: { zh: "\u8BB2\u8005", en: "Speakers" },
  column: { zh: "\u680F\u76EE", en: "Columns" },
  paper: { zh: "\u6587\u732E", en: "Papers" },
  vod: { zh: "\u56DE\u653E", en: "Recordings" }
};
var COLUMN_URL = "/column/index";
function moduleAction(module, id) {
  switch (module) {
    case "course":
      return action(ActionType.COURSE_DETAIL, { id });
    case "news":
      return action(ActionType.NEWS_DETAIL, { id });
    case "live":
      return action(ActionType.LIVE_DETAIL, { id });
    case "speaker":
      return action(ActionType.SPEAKER_DETAIL, { id });
    case "column":
      return action(ActionType.ROUTE, { url: COLUMN_URL });
    case "paper":
      return action(ActionType.MODULE_DETAIL, { module: "paper", module_id: id });
    case "vod":
      return action(ActionType.VOD_DETAIL, { id });
  }
}
function presentSubscribeCard(r, lang) {
  return {
    id: r.id,
    title: pick(lang, r.titleZh, r.titleEn),
    subscribe_logo: r.cover,
    subscribe_total: Number(r.subscribeTotal),
    is_follow: Boolean(r.isFollow),
    url: COLUMN_URL,
    action: action(ActionType.ROUTE, { url: COLUMN_URL })
  };
}
function presentColumnCard(r, lang) {
  return {
    ...presentSubscribeCard(r, lang),
    cover: r.cover,
    desc: pick(lang, r.descZh, r.descEn),
    issue: r.issueCount
  };
}

// src/modules/member/member.service.ts
var notFound4 = () => new AppError(ErrorCode.NOT_FOUND);
var MemberService = class {
  constructor(db, now) {
    this.db = db;
    this.now = now;
  }
  db;
  now;
  async exists(module, id) {
    return (await findModuleItems(this.db, module, [id])).length > 0;
  }
  /** Rows whose item is no longer published are left out of the page. */
  async resolve(rows, lang) {
    const byModule = /* @__PURE__ */ new Map();
    for (const r of rows) {
      const m = r.moduleName;
      byModule.set(m, [...byModule.get(m) ?? [], r.moduleId]);
    }
    const found = /* @__PURE__ */ new Map();
    await Promise.all(
      [...byModule].map(async ([m, ids]) => {
        for (const item of await findModuleItems(this.db, m, ids)) found.set(`${m}:${item.id}`, item);
      })
    );
    const out = [];
    for (const r of rows) {
      const m = r.moduleName;
      const item = found.get(`${m}:${r.moduleId}`);
      if (!item) continue;
      out.push({
        id: r.id,
        module_name: m,
        module_id: r.moduleId,
        title: pick(lang, item.titleZh, item.titleEn),
        cover: item.cover,
        action: moduleAction(m, r.moduleId),
        at: r.at.toISOString()
      });
    }
    return out;
  }
  menu(counts, lang) {
    const byName = new Map(counts.map((c) => [c.moduleName, c.n]));
    return {
      items: MEMBER_MODULES.map((m) => ({
        module_name: m,
        title_zh: MODULE_TITLES[m].zh,
        title_en: MODULE_TITLES[m].en,
        title: pick(lang, MODULE_TITLES[m].zh, MODULE_TITLES[m].en),
        count: byName.get(m) ?? 0
      }))
    };
  }
  async setFavorite(userId, b) {
    const on = b.status === 1;
    if (on && !await this.exists(b.module_name, b.module_id)) throw notFound4();
    await setFavorite(this.db, userId, b.module_name, b.module_id, on, this.now());
    return { is_favorite: on };
  }
  async favorites(userId, q, lang) {
    const { rows, total } = await listFavorites(this.db, userId, q.module_name, q.page_size, (q.page - 1) * q.page_size);
    return pageOf(await this.resolve(rows, lang), q, total);
  }
  async favoriteModules(userId, lang) {
    return this.menu(await countFavoritesByModule(this.db, userId), lang);
  }
  async recordHistory(userId, b) {
    if (!await this.exists(b.module_name, b.module_id)) throw notFound4();
    await upsertHistory(this.db, userId, b.module_name, b.module_id, this.now());
    return null;
  }
  async historyMenu(userId, lang) {
    return this.menu(await countHistoryByModule(this.db, userId), lang);
  }
  async history(userId, q, lang) {
    const { rows, total } = await listHistory(this.db, userId, q.module_name, q.page_size, (q.page - 1) * q.page_size);
    return pageOf(await this.resolve(rows, lang), q, total);
  }
  async deleteHistory(userId, ids) {
    return { deleted: await deleteHistory(this.db, userId, ids) };
  }
  async columns(userId, q, lang) {
    const { rows, total } = await listColumns2(this.db, userId, q.page_size, (q.page - 1) * q.page_size);
    return pageOf(
      rows.map((r) => presentColumnCard(r, lang)),
      q,
      total
    );
  }
  async subscribable(userId, q, lang) {
    const { rows, total } = await listColumns2(this.db, userId, q.page_size, (q.page - 1) * q.page_size);
    return pageOf(
      rows.map((r) => presentSubscribeCard(r, lang)),
      q,
      total
    );
  }
  async mySubscriptions(userId, q, lang) {
    const { rows, total } = await listMySubscriptions(this.db, userId, q.page_size, (q.page - 1) * q.page_size);
    return pageOf(
      rows.map((r) => presentSubscribeCard(r, lang)),
      q,
      total
    );
  }
  /** Subscribe or unsubscribe; subscribe_total is the number of rows, read in the same transaction. */
  async subscribe(userId, columnId, on) {
    return this.db.transaction(async (tx) => {
      if (!await isColumnVisible(tx, columnId)) throw notFound4();
      await setSubscription(tx, columnId, userId, on, this.now());
      return { is_follow: on, subscribe_total: await countSubscriptions(tx, columnId) };
    });
  }
};

// src/modules/member/member.routes.ts
var optionalAuth3 = { config: { auth: "optional" } };
var memberRoutes = async (instance, { now }) => {
  const app = instance.withTypeProvider();
  const svc = new MemberService(app.db, now);
  app.route({ ...endpointRoute("favoriteSet"), handler: async (req) => ok(await svc.setFavorite(currentUser(req).id, req.body)) });
  app.route({ ...endpointRoute("favoriteList"), handler: async (req) => ok(await svc.favorites(currentUser(req).id, req.query, req.ctx.lang)) });
  app.route({ ...endpointRoute("favoriteModules"), handler: async (req) => ok(await svc.favoriteModules(currentUser(req).id, req.ctx.lang)) });
  app.route({ ...endpointRoute("historyRecord"), handler: async (req) => ok(await svc.recordHistory(currentUser(req).id, req.body)) });
  app.route({ ...endpointRoute("historyMenu"), handler: async (req) => ok(await svc.historyMenu(currentUser(req).id, req.ctx.lang)) });
  app.route({ ...endpointRoute("historyList"), handler: async (req) => ok(await svc.history(currentUser(req).id, req.query, req.ctx.lang)) });
  app.route({ ...endpointRoute("historyDelete"), handler: async (req) => ok(await svc.deleteHistory(currentUser(req).id, req.body.ids)) });
  app.route({ ...endpointRoute("historyClear"), handler: async (req) => ok(await svc.deleteHistory(currentUser(req).id, null)) });
  app.route({ ...endpointRoute("columnList"), ...optionalAuth3, handler: async (req) => ok(await svc.columns(req.ctx.user?.id, req.query, req.ctx.lang)) });
  app.route({
    ...endpointRoute("subscribeList"),
    ...optionalAuth3,
    handler: async (req) => ok(await svc.subscribable(req.ctx.user?.id, req.query, req.ctx.lang))
  });
  app.route({ ...endpointRoute("mySubscribe"), handler: async (req) => ok(await svc.mySubscriptions(currentUser(req).id, req.query, req.ctx.lang)) });
  app.route({ ...endpointRoute("subscribeAdd"), handler: async (req) => ok(await svc.subscribe(currentUser(req).id, req.body.sub_id, true)) });
  app.route({ ...endpointRoute("subscribeDel"), handler: async (req) => ok(await svc.subscribe(currentUser(req).id, req.body.sub_id, false)) });
};
var member_routes_default = memberRoutes;

// src/modules/shared/region.query.ts
import { eq as eq12, sql as sql4 } from "drizzle-orm";
async function regionExists(db, id) {
  const [row] = await db.select({ id: regions.id }).from(regions).where(eq12(regions.id, id)).limit(1);
  return Boolean(row);
}
function inRegion(column, id) {
  return sql4`${column} in (with recursive sub(id) as (select ${id}::int union select r.id from ${regions} r join sub on r.parent_id = sub.id) select id from sub)`;
}

// src/modules/speakers/speakers.repository.ts
import { and as and8, asc as asc7, count as count5, desc as desc6, eq as eq13, getTableColumns, inArray as inArray6, sql as sql5 } from "drizzle-orm";
var published5 = "published";
async function withDepartments(db, rows) {
  const deps = rows.length ? await db.select({ speakerId: speakerDepartments.speakerId, id: departments.id, nameZh: departments.nameZh, nameEn: departments.nameEn }).from(speakerDepartments).innerJoin(departments, eq13(departments.id, speakerDepartments.departmentId)).where(inArray6(speakerDepartments.speakerId, rows.map((r) => r.id))).orderBy(asc7(departments.sort), asc7(departments.id)) : [];
  return rows.map((r) => ({ ...r, departments: deps.filter((d) => d.speakerId === r.id) }));
}
async function findSpeaker(db, id) {
  const [row] = await db.select({ ...speakerCardColumns, introZh: speakers.introZh, introEn: speakers.introEn, hospitalId: hospitals.id, organizationId: organizers.id }).from(speakers).leftJoin(hospitals, eq13(hospitals.id, speakers.hospitalId)).leftJoin(organizers, eq13(organizers.id, speakers.organizationId)).where(and8(eq13(speakers.id, id), eq13(speakers.status, published5))).limit(1);
  if (!row) return null;
  const [withD] = await withDepartments(db, [row]);
  return withD ?? null;
}
async function isVisible2(db, id) {
  const [row] = await db.select({ id: speakers.id }).from(speakers).where(and8(eq13(speakers.id, id), eq13(speakers.status, published5))).limit(1);
  return Boolean(row);
}
async function lockVisible(tx, id) {
  const [row] = await tx.select({ id: speakers.id }).from(speakers).where(and8(eq13(speakers.id, id), eq13(speakers.status, published5))).for("update");
  return Boolean(row);
}
async function countFollowers(db, speakerId) {
  const [row] = await db.select({ n: count5() }).from(speakerFollows).where(eq13(speakerFollows.speakerId, speakerId));
  return row?.n ?? 0;
}
async function isFollowing(db, speakerId, userId) {
  const [row] = await db.select({ id: speakerFollows.speakerId }).from(speakerFollows).where(and8(eq13(speakerFollows.speakerId, speakerId), eq13(speakerFollows.userId, userId))).limit(1);
  return Boolean(row);
}
async function setFollow(db, speakerId, userId, follow, now) {
  if (follow) await db.insert(speakerFollows).values({ speakerId, userId, createdAt: now }).onConflictDoNothing();
  else await db.delete(speakerFollows).where(and8(eq13(speakerFollows.speakerId, speakerId), eq13(speakerFollows.userId, userId)));
}
async function syncFollowerCount(db, speakerId) {
  const [row] = await db.update(speakers).set({ followerCount: sql5`(select count(*)::int from ${speakerFollows} where ${speakerFollows.speakerId} = ${speakerId})` }).where(eq13(speakers.id, speakerId)).returning({ n: speakers.followerCount });
  return row?.n ?? 0;
}
async function pageFollowed(db, userId, limit, offset3) {
  const cond = and8(eq13(speakerFollows.userId, userId), eq13(speakers.status, published5));
  const { rows, total } = await paginate(
    db.select(speakerCardColumns).from(speakerFollows).innerJoin(speakers, eq13(speakers.id, speakerFollows.speakerId)).leftJoin(hospitals, eq13(hospitals.id, speakers.hospitalId)).leftJoin(organizers, eq13(organizers.id, speakers.organizationId)).where(cond).orderBy(desc6(speakerFollows.createdAt), desc6(speakers.id)).limit(limit).offset(offset3),
    db.select({ n: count5() }).from(speakerFollows).innerJoin(speakers, eq13(speakers.id, speakerFollows.speakerId)).where(cond)
  );
  return { rows: await withDepartments(db, rows), total };
}
async function pageCourses2(db, speakerId, limit, offset3) {
  const cond = and8(eq13(courses.speakerId, speakerId), eq13(courses.status, published5));
  const { rows, total } = await paginate(
    db.select(courseColumns).from(courses).where(cond).orderBy(sql5`${courses.publishedAt} desc nulls last`, desc6(courses.id)).limit(limit).offset(offset3),
    db.select({ n: count5() }).from(courses).where(cond)
  );
  return { rows: await withTags(db, rows), total };
}
var liveYear = sql5`extract(year from ${lives.startAt} at time zone 'UTC')::int`;
async function pageLives(db, speakerId, year, limit, offset3) {
  const where = [eq13(lives.speakerId, speakerId), eq13(lives.status, published5)];
  if (year !== void 0) where.push(sql5`${liveYear} = ${year}`);
  const cond = and8(...where);
  return paginate(
    db.select(liveCardColumns).from(lives).where(cond).orderBy(desc6(lives.startAt), desc6(lives.id)).limit(limit).offset(offset3),
    db.select({ n: count5() }).from(lives).where(cond)
  );
}
async function liveYears(db, speakerId) {
  const rows = await db.selectDistinct({ year: liveYear }).from(lives).where(and8(eq13(lives.speakerId, speakerId), eq13(lives.status, published5))).orderBy(desc6(liveYear));
  return rows.map((r) => Number(r.year));
}
async function pageNews(db, speakerId, limit, offset3) {
  const cond = and8(eq13(newsSpeakers.speakerId, speakerId), eq13(news.status, published5), eq13(newsCategories.status, published5));
  return paginate(
    db.select(newsCardColumns).from(newsSpeakers).innerJoin(news, eq13(news.id, newsSpeakers.newsId)).innerJoin(newsCategories, eq13(newsCategories.id, news.categoryId)).where(cond).orderBy(sql5`${news.publishedAt} desc nulls last`, desc6(news.id)).limit(limit).offset(offset3),
    db.select({ n: count5() }).from(newsSpeakers).innerJoin(news, eq13(news.id, newsSpeakers.newsId)).innerJoin(newsCategories, eq13(newsCategories.id, news.categoryId)).where(cond)
  );
}
async function pageColumns(db, speakerId, limit, offset3) {
  const cond = and8(eq13(columnSpeakers.speakerId, speakerId), eq13(columns.status, published5));
  return paginate(
    db.select(getTableColumns(columns)).from(columnSpeakers).innerJoin(columns, eq13(columns.id, columnSpeakers.columnId)).where(cond).orderBy(asc7(columns.sort), asc7(columns.id)).limit(limit).offset(offset3),
    db.select({ n: count5() }).from(columnSpeakers).innerJoin(columns, eq13(columns.id, columnSpeakers.columnId)).where(cond)
  );
}
async function pageDocs(db, speakerId, limit, offset3) {
  const cond = and8(eq13(paperSpeakers.speakerId, speakerId), eq13(papers.status, published5));
  return paginate(
    db.select(getTableColumns(papers)).from(paperSpeakers).innerJoin(papers, eq13(papers.id, paperSpeakers.paperId)).where(cond).orderBy(sql5`${papers.publishedAt} desc nulls last`, desc6(papers.id)).limit(limit).offset(offset3),
    db.select({ n: count5() }).from(paperSpeakers).innerJoin(papers, eq13(papers.id, paperSpeakers.paperId)).where(cond)
  );
}
async function hospitalExists(db, id) {
  const [row] = await db.select({ id: hospitals.id }).from(hospitals).where(eq13(hospitals.id, id)).limit(1);
  return Boolean(row);
}
async function pageSpeakers(db, filter, limit, offset3) {
  const where = [eq13(speakers.status, published5)];
  if (filter.hospitalId !== void 0) where.push(eq13(speakers.hospitalId, filter.hospitalId));
  if (filter.regionId !== void 0) where.push(inRegion(hospitals.regionId, filter.regionId));
  const cond = and8(...where);
  const { rows, total } = await paginate(
    db.select(speakerCardColumns).from(speakers).leftJoin(hospitals, eq13(hospitals.id, speakers.hospitalId)).leftJoin(organizers, eq13(organizers.id, speakers.organizationId)).where(cond).orderBy(asc7(speakers.sort), asc7(speakers.id)).limit(limit).offset(offset3),
    db.select({ n: count5() }).from(speakers).leftJoin(hospitals, eq13(hospitals.id, speakers.hospitalId)).where(cond)
  );
  return { rows: await withDepartments(db, rows), total };
}
async function followedAmong(db, userId, speakerIds2) {
  if (!speakerIds2.length) return /* @__PURE__ */ new Set();
  const rows = await db.select({ id: speakerFollows.speakerId }).from(speakerFollows).where(and8(eq13(speakerFollows.userId, userId), inArray6(speakerFollows.speakerId, speakerIds2)));
  return new Set(rows.map((r) => r.id));
}

// src/modules/speakers/speakers.present.ts
function presentSpeakerFor(r, isFollow, lang) {
  return { ...presentSpeaker(r, lang), is_follow: isFollow };
}
function presentSpeakerDetail(r, extra, lang) {
  return {
    ...presentSpeakerFor({ ...r, followerCount: extra.followers }, extra.isFollow, lang),
    intro: extra.intro,
    hospital_id: r.hospitalId,
    organization_id: r.organizationId
  };
}

// src/modules/speakers/speakers.service.ts
var notFound5 = () => new AppError(ErrorCode.NOT_FOUND);
var SpeakersService = class {
  constructor(db, now) {
    this.db = db;
    this.now = now;
  }
  db;
  now;
  async detail(id, userId, lang) {
    const row = await findSpeaker(this.db, id);
    if (!row) throw notFound5();
    const [followers, isFollow] = await Promise.all([
      countFollowers(this.db, id),
      userId === void 0 ? false : isFollowing(this.db, id, userId)
    ]);
    return presentSpeakerDetail(row, { intro: pick(lang, row.introZh, row.introEn), followers, isFollow }, lang);
  }
  async courses(id, q, lang) {
    if (!await isVisible2(this.db, id)) throw notFound5();
    const { rows, total } = await pageCourses2(this.db, id, q.page_size, (q.page - 1) * q.page_size);
    return pageOf(
      rows.map((r) => presentCourse(r, lang)),
      q,
      total
    );
  }
  async lives(id, q, lang) {
    if (!await isVisible2(this.db, id)) throw notFound5();
    const { rows, total } = await pageLives(this.db, id, q.year, q.page_size, (q.page - 1) * q.page_size);
    const now = this.now();
    return pageOf(
      rows.map((r) => presentLive(r, lang, now)),
      q,
      total
    );
  }
  async news(id, q, lang) {
    if (!await isVisible2(this.db, id)) throw notFound5();
    const { rows, total } = await pageNews(this.db, id, q.page_size, (q.page - 1) * q.page_size);
    return pageOf(
      rows.map((r) => presentNews(r, lang)),
      q,
      total
    );
  }
  async columns(id, q, lang) {
    if (!await isVisible2(this.db, id)) throw notFound5();
    const { rows, total } = await pageColumns(this.db, id, q.page_size, (q.page - 1) * q.page_size);
    return pageOf(
      rows.map((r) => presentColumn(r, lang)),
      q,
      total
    );
  }
  async docs(id, q, lang) {
    if (!await isVisible2(this.db, id)) throw notFound5();
    const { rows, total } = await pageDocs(this.db, id, q.page_size, (q.page - 1) * q.page_size);
    return pageOf(
      rows.map((r) => presentPaperCard(r, lang)),
      q,
      total
    );
  }
  /** The speaker browser; an unknown hospital or region is NOT_FOUND rather than an empty list. */
  async list(q, userId, lang) {
    const [hospitalOk, regionOk] = await Promise.all([
      q.hospital_id === void 0 || hospitalExists(this.db, q.hospital_id),
      q.region_id === void 0 || regionExists(this.db, q.region_id)
    ]);
    if (!hospitalOk || !regionOk) throw notFound5();
    const { rows, total } = await pageSpeakers(
      this.db,
      { hospitalId: q.hospital_id, regionId: q.region_id },
      q.page_size,
      (q.page - 1) * q.page_size
    );
    const followed = userId === void 0 ? /* @__PURE__ */ new Set() : await followedAmong(this.db, userId, rows.map((r) => r.id));
    return pageOf(
      rows.map((r) => presentSpeakerFor(r, followed.has(r.id), lang)),
      q,
      total
    );
  }
  async liveYears(id) {
    if (!await isVisible2(this.db, id)) throw notFound5();
    return { items: await liveYears(this.db, id) };
  }
  /**
   * Follow or unfollow. The speaker row is locked first, so concurrent clicks on one speaker take
   * turns; the primary key keeps one row per (user, speaker) and the count is read from the rows.
   */
  async follow(id, userId, follow) {
    return this.db.transaction(async (tx) => {
      if (!await lockVisible(tx, id)) throw notFound5();
      await setFollow(tx, id, userId, follow, this.now());
      return { is_follow: follow, follower_count: await syncFollowerCount(tx, id) };
    });
  }
  async followed(userId, q, lang) {
    const { rows, total } = await pageFollowed(this.db, userId, q.page_size, (q.page - 1) * q.page_size);
    return pageOf(
      rows.map((r) => presentSpeakerFor(r, true, lang)),
      q,
      total
    );
  }
};

// src/modules/speakers/speakers.routes.ts
var optionalAuth4 = { config: { auth: "optional" } };
var speakersRoutes = async (instance, { now }) => {
  const app = instance.withTypeProvider();
  const svc = new SpeakersService(app.db, now);
  app.route({
    ...endpointRoute("speakerDetail"),
    ...optionalAuth4,
    handler: async (req) => ok(await svc.detail(req.params.id, req.ctx.user?.id, req.ctx.lang))
  });
  app.route({ ...endpointRoute("speakerCourses"), handler: async (req) => ok(await svc.courses(req.params.id, req.query, req.ctx.lang)) });
  app.route({ ...endpointRoute("speakerLives"), handler: async (req) => ok(await svc.lives(req.params.id, req.query, req.ctx.lang)) });
  app.route({ ...endpointRoute("speakerNews"), handler: async (req) => ok(await svc.news(req.params.id, req.query, req.ctx.lang)) });
  app.route({ ...endpointRoute("speakerColumns"), handler: async (req) => ok(await svc.columns(req.params.id, req.query, req.ctx.lang)) });
  app.route({ ...endpointRoute("speakerDocs"), handler: async (req) => ok(await svc.docs(req.params.id, req.query, req.ctx.lang)) });
  app.route({
    ...endpointRoute("speakerList"),
    ...optionalAuth4,
    handler: async (req) => ok(await svc.list(req.query, req.ctx.user?.id, req.ctx.lang))
  });
  app.route({ ...endpointRoute("speakerLiveYears"), handler: async (req) => ok(await svc.liveYears(req.params.id)) });
  app.route({
    ...endpointRoute("speakerFollow"),
    handler: async (req) => ok(await svc.follow(req.params.id, currentUser(req).id, req.body.status === 1))
  });
  app.route({ ...endpointRoute("myFollows"), handler: async (req) => ok(await svc.followed(currentUser(req).id, req.query, req.ctx.lang)) });
};
var speakers_routes_default = speakersRoutes;

// src/modules/places/places.repository.ts
import { and as and9, asc as asc8, count as count6, desc as desc7, eq as eq14, exists as exists2, inArray as inArray7, sql as sql6 } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
var published6 = "published";
var never = sql6`false`;
async function findPlace(db, kind, id) {
  if (kind === "hospital") {
    const [r2] = await db.select().from(hospitals).where(eq14(hospitals.id, id)).limit(1);
    return r2 ? { nameZh: r2.nameZh, nameEn: r2.nameEn, logo: r2.logo, introZh: r2.cityZh, introEn: r2.cityEn, regionId: r2.regionId } : null;
  }
  if (kind === "organizer") {
    const [r2] = await db.select().from(organizers).where(eq14(organizers.id, id)).limit(1);
    return r2 ? { nameZh: r2.nameZh, nameEn: r2.nameEn, logo: r2.logo, introZh: "", introEn: null, regionId: null } : null;
  }
  const [r] = await db.select().from(tags).where(eq14(tags.id, id)).limit(1);
  return r ? { nameZh: r.titleZh, nameEn: r.titleEn, logo: r.cover ?? "", introZh: "", introEn: null, regionId: null } : null;
}
function speakerCond(db, kind, id) {
  const base = eq14(speakers.status, published6);
  if (kind === "hospital") return and9(base, eq14(speakers.hospitalId, id));
  if (kind === "organizer") return and9(base, eq14(speakers.organizationId, id));
  return and9(
    base,
    exists2(
      db.select({ one: sql6`1` }).from(courses).innerJoin(courseTags, eq14(courseTags.courseId, courses.id)).where(and9(eq14(courses.speakerId, speakers.id), eq14(courses.status, published6), eq14(courseTags.tagId, id)))
    )
  );
}
function speakerIds(db, kind, id) {
  return db.select({ id: speakers.id }).from(speakers).where(and9(eq14(speakers.status, published6), eq14(kind === "hospital" ? speakers.hospitalId : speakers.organizationId, id)));
}
function courseCond(db, kind, id) {
  const base = eq14(courses.status, published6);
  if (kind === "keyword") {
    return and9(base, exists2(db.select({ one: sql6`1` }).from(courseTags).where(and9(eq14(courseTags.courseId, courses.id), eq14(courseTags.tagId, id)))));
  }
  return and9(base, inArray7(courses.speakerId, speakerIds(db, kind, id)));
}
function liveCond(db, kind, id) {
  const base = eq14(lives.status, published6);
  if (kind === "hospital") return and9(base, inArray7(lives.speakerId, speakerIds(db, kind, id)));
  if (kind === "organizer") return and9(base, eq14(lives.organizerId, id));
  return and9(base, never);
}
function newsCond(db, kind, id) {
  const base = and9(eq14(news.status, published6), eq14(newsCategories.status, published6));
  if (kind !== "keyword") {
    return and9(
      base,
      exists2(db.select({ one: sql6`1` }).from(newsSpeakers).where(and9(eq14(newsSpeakers.newsId, news.id), inArray7(newsSpeakers.speakerId, speakerIds(db, kind, id)))))
    );
  }
  return and9(base, exists2(db.select({ one: sql6`1` }).from(newsTags).where(and9(eq14(newsTags.newsId, news.id), eq14(newsTags.tagId, id)))));
}
async function countAll(db, kind, id) {
  const [[c], [l], [n], [s]] = await Promise.all([
    db.select({ n: count6() }).from(courses).where(courseCond(db, kind, id)),
    db.select({ n: count6() }).from(lives).where(liveCond(db, kind, id)),
    db.select({ n: count6() }).from(news).innerJoin(newsCategories, eq14(newsCategories.id, news.categoryId)).where(newsCond(db, kind, id)),
    db.select({ n: count6() }).from(speakers).where(speakerCond(db, kind, id))
  ]);
  return { courses: c?.n ?? 0, lives: l?.n ?? 0, news: n?.n ?? 0, speakers: s?.n ?? 0 };
}
async function pageCourses3(db, kind, id, limit, offset3) {
  const cond = courseCond(db, kind, id);
  const { rows, total } = await paginate(
    db.select(courseColumns).from(courses).where(cond).orderBy(sql6`${courses.publishedAt} desc nulls last`, desc7(courses.id)).limit(limit).offset(offset3),
    db.select({ n: count6() }).from(courses).where(cond)
  );
  return { rows: await withTags(db, rows), total };
}
async function pageLives2(db, kind, id, limit, offset3) {
  const cond = liveCond(db, kind, id);
  return paginate(
    db.select(liveCardColumns).from(lives).where(cond).orderBy(desc7(lives.startAt), desc7(lives.id)).limit(limit).offset(offset3),
    db.select({ n: count6() }).from(lives).where(cond)
  );
}
async function pageNews2(db, kind, id, limit, offset3) {
  const cond = newsCond(db, kind, id);
  return paginate(
    db.select(newsCardColumns).from(news).innerJoin(newsCategories, eq14(newsCategories.id, news.categoryId)).where(cond).orderBy(sql6`${news.publishedAt} desc nulls last`, desc7(news.id)).limit(limit).offset(offset3),
    db.select({ n: count6() }).from(news).innerJoin(newsCategories, eq14(newsCategories.id, news.categoryId)).where(cond)
  );
}
async function pageSpeakers2(db, kind, id, limit, offset3) {
  const cond = speakerCond(db, kind, id);
  const { rows, total } = await paginate(
    selectSpeakerCards(db).where(cond).orderBy(asc8(speakers.sort), asc8(speakers.id)).limit(limit).offset(offset3),
    db.select({ n: count6() }).from(speakers).where(cond)
  );
  const deps = rows.length ? await db.select({ speakerId: speakerDepartments.speakerId, id: departments.id, nameZh: departments.nameZh, nameEn: departments.nameEn }).from(speakerDepartments).innerJoin(departments, eq14(departments.id, speakerDepartments.departmentId)).where(inArray7(speakerDepartments.speakerId, rows.map((r) => r.id))).orderBy(asc8(departments.sort), asc8(departments.id)) : [];
  return { rows: rows.map((r) => ({ ...r, departments: deps.filter((d) => d.speakerId === r.id) })), total };
}
function listRegions(db) {
  return db.select().from(regions).orderBy(asc8(regions.sort), asc8(regions.id));
}
async function hospitalsPerRegion(db) {
  const rows = await db.select({ regionId: hospitals.regionId, n: count6() }).from(hospitals).where(sql6`${hospitals.regionId} is not null`).groupBy(hospitals.regionId);
  return new Map(rows.map((r) => [r.regionId, r.n]));
}
var parentRegion = alias(regions, "parent_region");
async function findRegion(db, id) {
  const [r] = await db.select({ id: regions.id, nameZh: regions.nameZh, nameEn: regions.nameEn, parentId: parentRegion.id, parentZh: parentRegion.nameZh, parentEn: parentRegion.nameEn }).from(regions).leftJoin(parentRegion, eq14(parentRegion.id, regions.parentId)).where(eq14(regions.id, id)).limit(1);
  return r ?? null;
}
async function pageHospitals(db, regionId, limit, offset3) {
  const cond = regionId === void 0 ? void 0 : inRegion(hospitals.regionId, regionId);
  return paginate(
    db.select({
      id: hospitals.id,
      nameZh: hospitals.nameZh,
      nameEn: hospitals.nameEn,
      logo: hospitals.logo,
      regionId: regions.id,
      regionZh: regions.nameZh,
      regionEn: regions.nameEn,
      parentId: parentRegion.id,
      parentZh: parentRegion.nameZh,
      parentEn: parentRegion.nameEn,
      speakers: sql6`(select count(*)::int from ${speakers} where ${speakers.hospitalId} = ${hospitals.id} and ${speakers.status} = 'published')`,
      courses: sql6`(select count(*)::int from ${courses} inner join ${speakers} on ${speakers.id} = ${courses.speakerId} where ${speakers.hospitalId} = ${hospitals.id} and ${speakers.status} = 'published' and ${courses.status} = 'published')`
    }).from(hospitals).leftJoin(regions, eq14(regions.id, hospitals.regionId)).leftJoin(parentRegion, eq14(parentRegion.id, regions.parentId)).where(cond).orderBy(asc8(hospitals.id)).limit(limit).offset(offset3),
    db.select({ n: count6() }).from(hospitals).where(cond)
  );
}

// src/modules/places/places.service.ts
var notFound6 = () => new AppError(ErrorCode.NOT_FOUND);
var offset = (q) => (q.page - 1) * q.page_size;
function presentRegion(r, lang) {
  if (r.regionId === null || r.regionZh === null) return null;
  return {
    id: r.regionId,
    name: pick(lang, r.regionZh, r.regionEn),
    parent: r.parentId !== null && r.parentZh !== null ? { id: r.parentId, name: pick(lang, r.parentZh, r.parentEn) } : null
  };
}
function presentHospitalCard(r, lang) {
  return {
    id: r.id,
    name: pick(lang, r.nameZh, r.nameEn),
    logo: r.logo,
    region: presentRegion(r, lang),
    counts: { speakers: Number(r.speakers), courses: Number(r.courses) },
    action: action(ActionType.ROUTE, { url: `/hospital/${r.id}` })
  };
}
var PlacesService = class {
  constructor(db, now) {
    this.db = db;
    this.now = now;
  }
  db;
  now;
  async ensure(kind, id) {
    const row = await findPlace(this.db, kind, id);
    if (!row) throw notFound6();
    return row;
  }
  async header(kind, id, lang) {
    const row = await this.ensure(kind, id);
    const [counts, region] = await Promise.all([
      countAll(this.db, kind, id),
      row.regionId === null ? null : findRegion(this.db, row.regionId)
    ]);
    return {
      id,
      kind,
      name: pick(lang, row.nameZh, row.nameEn),
      logo: row.logo,
      intro: pick(lang, row.introZh, row.introEn),
      counts,
      region: region ? presentRegion({ ...region, regionId: region.id, regionZh: region.nameZh, regionEn: region.nameEn }, lang) : null
    };
  }
  async courses(kind, id, q, lang) {
    await this.ensure(kind, id);
    const { rows, total } = await pageCourses3(this.db, kind, id, q.page_size, offset(q));
    return pageOf(
      rows.map((r) => presentCourse(r, lang)),
      q,
      total
    );
  }
  async lives(kind, id, q, lang) {
    await this.ensure(kind, id);
    const { rows, total } = await pageLives2(this.db, kind, id, q.page_size, offset(q));
    const now = this.now();
    return pageOf(
      rows.map((r) => presentLive(r, lang, now)),
      q,
      total
    );
  }
  async news(kind, id, q, lang) {
    await this.ensure(kind, id);
    const { rows, total } = await pageNews2(this.db, kind, id, q.page_size, offset(q));
    return pageOf(
      rows.map((r) => presentNews(r, lang)),
      q,
      total
    );
  }
  async speakers(kind, id, q, lang) {
    await this.ensure(kind, id);
    const { rows, total } = await pageSpeakers2(this.db, kind, id, q.page_size, offset(q));
    return pageOf(
      rows.map((r) => presentSpeaker(r, lang)),
      q,
      total
    );
  }
  /** Every region, each parent followed by its cities; counts include the cities' hospitals. */
  async regions(lang) {
    const [rows, direct] = await Promise.all([listRegions(this.db), hospitalsPerRegion(this.db)]);
    const known = new Set(rows.map((r) => r.id));
    const parentOf = (r) => r.parentId !== null && known.has(r.parentId) ? r.parentId : null;
    const byId = new Map(rows.map((r) => [r.id, r]));
    const totals = /* @__PURE__ */ new Map();
    for (const [regionId, n] of direct) {
      const seen = /* @__PURE__ */ new Set();
      for (let id = regionId; id !== null && !seen.has(id); id = byId.has(id) ? parentOf(byId.get(id)) : null) {
        seen.add(id);
        totals.set(id, (totals.get(id) ?? 0) + n);
      }
    }
    const children = /* @__PURE__ */ new Map();
    for (const r of rows) children.set(parentOf(r), [...children.get(parentOf(r)) ?? [], r]);
    const items = [];
    const placed = /* @__PURE__ */ new Set();
    const visit = (parent) => {
      for (const r of children.get(parent) ?? []) {
        if (placed.has(r.id)) continue;
        placed.add(r.id);
        items.push({ id: r.id, name: pick(lang, r.nameZh, r.nameEn), parent_id: parentOf(r), hospital_count: totals.get(r.id) ?? 0 });
        visit(r.id);
      }
    };
    visit(null);
    return { items };
  }
  async hospitals(q, lang) {
    if (q.region_id !== void 0 && !await regionExists(this.db, q.region_id)) throw notFound6();
    const { rows, total } = await pageHospitals(this.db, q.region_id, q.page_size, offset(q));
    return pageOf(
      rows.map((r) => presentHospitalCard(r, lang)),
      q,
      total
    );
  }
};

// src/modules/places/places.routes.ts
var placesRoutes = async (instance, { now }) => {
  const app = instance.withTypeProvider();
  const svc = new PlacesService(app.db, now);
  app.route({ ...endpointRoute("regionList"), handler: async (req) => ok(await svc.regions(req.ctx.lang)) });
  app.route({ ...endpointRoute("hospitalList"), handler: async (req) => ok(await svc.hospitals(req.query, req.ctx.lang)) });
  for (const kind of ["hospital", "organizer", "keyword"]) {
    app.route({ ...endpointRoute(`${kind}Detail`), handler: async (req) => ok(await svc.header(kind, req.params.id, req.ctx.lang)) });
    app.route({
      ...endpointRoute(`${kind}Courses`),
      handler: async (req) => ok(await svc.courses(kind, req.params.id, req.query, req.ctx.lang))
    });
    app.route({ ...endpointRoute(`${kind}Lives`), handler: async (req) => ok(await svc.lives(kind, req.params.id, req.query, req.ctx.lang)) });
    app.route({ ...endpointRoute(`${kind}News`), handler: async (req) => ok(await svc.news(kind, req.params.id, req.query, req.ctx.lang)) });
    app.route({
      ...endpointRoute(`${kind}Speakers`),
      handler: async (req) => ok(await svc.speakers(kind, req.params.id, req.query, req.ctx.lang))
    });
  }
};
var places_routes_default = placesRoutes;

// src/modules/lives/lives.repository.ts
import { and as and10, asc as asc9, count as count7, desc as desc8, eq as eq15, gte, inArray as inArray8, lt as lt2, lte as lte2, or as or3, sql as sql7 } from "drizzle-orm";
var published7 = eq15(lives.status, "published");
var cardColumns = { ...liveCardColumns, meetingNo: lives.meetingNo };
async function paged(db, where, order, limit, offset3) {
  return paginate(
    db.select(cardColumns).from(lives).where(where).orderBy(...order).limit(limit).offset(offset3),
    db.select({ n: count7() }).from(lives).where(where)
  );
}
function startsBetween(db, from, to) {
  return db.select({ startAt: lives.startAt, endAt: lives.endAt }).from(lives).where(and10(published7, gte(lives.startAt, from), lt2(lives.startAt, to))).orderBy(asc9(lives.startAt));
}
function pageStartingBetween(db, from, to, limit, offset3) {
  return paged(db, and10(published7, gte(lives.startAt, from), lt2(lives.startAt, to)), [asc9(lives.startAt), asc9(lives.id)], limit, offset3);
}
function lookBack(db, now, limit) {
  return db.select(cardColumns).from(lives).where(and10(published7, lte2(lives.endAt, now), eq15(lives.hasReplay, true))).orderBy(desc8(lives.startAt), desc8(lives.id)).limit(limit);
}
function pageHistory(db, now, f, limit, offset3) {
  const where = and10(
    published7,
    lte2(lives.endAt, now),
    f.from ? gte(lives.startAt, f.from) : void 0,
    f.to ? lt2(lives.startAt, f.to) : void 0,
    f.departmentId ? eq15(lives.departmentId, f.departmentId) : void 0
  );
  return paged(db, where, [desc8(lives.startAt), desc8(lives.id)], limit, offset3);
}
async function historyYears(db, now, offsetMin) {
  const year = sql7`cast(extract(year from (${lives.startAt} at time zone 'UTC') + make_interval(mins => ${sql7.raw(String(Math.trunc(offsetMin)))})) as int)`;
  const rows = await db.selectDistinct({ year }).from(lives).where(and10(published7, lte2(lives.endAt, now))).orderBy(desc8(year));
  return rows.map((r) => Number(r.year));
}
function historyDepartments(db, now) {
  return db.selectDistinct({ id: departments.id, nameZh: departments.nameZh, nameEn: departments.nameEn, sort: departments.sort }).from(lives).innerJoin(departments, eq15(departments.id, lives.departmentId)).where(and10(published7, lte2(lives.endAt, now))).orderBy(asc9(departments.sort), asc9(departments.id));
}
function myLivesBetween(db, userId, from, to) {
  const mine = or3(
    sql7`exists (select 1 from ${liveReminders} where ${liveReminders.liveId} = ${lives.id} and ${liveReminders.userId} = ${userId})`,
    sql7`exists (select 1 from ${userFavorites} where ${userFavorites.moduleName} = 'live' and ${userFavorites.moduleId} = ${lives.id} and ${userFavorites.userId} = ${userId})`
  );
  return db.select(cardColumns).from(lives).where(and10(published7, gte(lives.startAt, from), lt2(lives.startAt, to), mine)).orderBy(asc9(lives.startAt), asc9(lives.id)).limit(500);
}
async function remindCounts(db, liveIds) {
  if (liveIds.length === 0) return /* @__PURE__ */ new Map();
  const rows = await db.select({ liveId: liveReminders.liveId, n: count7() }).from(liveReminders).where(inArray8(liveReminders.liveId, liveIds)).groupBy(liveReminders.liveId);
  return new Map(rows.map((r) => [r.liveId, r.n]));
}
async function remindedIds(db, userId, liveIds) {
  if (liveIds.length === 0) return /* @__PURE__ */ new Set();
  const rows = await db.select({ id: liveReminders.liveId }).from(liveReminders).where(and10(eq15(liveReminders.userId, userId), inArray8(liveReminders.liveId, liveIds)));
  return new Set(rows.map((r) => r.id));
}
async function favoriteIds(db, userId, liveIds) {
  if (liveIds.length === 0) return /* @__PURE__ */ new Set();
  const rows = await db.select({ id: userFavorites.moduleId }).from(userFavorites).where(and10(eq15(userFavorites.userId, userId), eq15(userFavorites.moduleName, "live"), inArray8(userFavorites.moduleId, liveIds)));
  return new Set(rows.map((r) => r.id));
}
async function lockLive(tx, id) {
  const [row] = await tx.select({ id: lives.id, endAt: lives.endAt }).from(lives).where(and10(eq15(lives.id, id), published7)).for("update");
  return row;
}
async function setReminder(tx, userId, liveId, on, at) {
  if (on) {
    await tx.insert(liveReminders).values({ userId, liveId, createdAt: at.now, lang: at.lang, timezone: at.tz }).onConflictDoNothing();
  } else {
    await tx.delete(liveReminders).where(and10(eq15(liveReminders.userId, userId), eq15(liveReminders.liveId, liveId)));
  }
}
async function countReminders(db, liveId) {
  const [row] = await db.select({ n: count7() }).from(liveReminders).where(eq15(liveReminders.liveId, liveId));
  return row?.n ?? 0;
}
async function remindSettings(db, userId) {
  const [row] = await db.select().from(userRemindSettings).where(eq15(userRemindSettings.userId, userId));
  return row;
}
async function saveRemindSettings(db, userId, channel, minutesBefore, now) {
  await db.insert(userRemindSettings).values({ userId, channel, minutesBefore, updatedAt: now }).onConflictDoUpdate({ target: userRemindSettings.userId, set: { channel, minutesBefore, updatedAt: now } });
}
async function contactsOf(db, userId) {
  const rows = await db.select({ kind: userIdentities.kind, value: userIdentities.value }).from(userIdentities).where(and10(eq15(userIdentities.userId, userId), inArray8(userIdentities.kind, ["mobile", "email"])));
  const out = {};
  for (const r of rows) {
    if (r.kind === "mobile") out.mobile = r.value;
    if (r.kind === "email") out.email = r.value;
  }
  return out;
}
async function claimDueReminders(db, now, defaultMinutes, limit) {
  const at = now.toISOString();
  return queryRows(
    db,
    sql7`
    update ${liveReminders} set sent_at = ${at}::timestamptz
    where id in (
      select r.id from ${liveReminders} r
      join ${lives} l on l.id = r.live_id
      left join ${userRemindSettings} s on s.user_id = r.user_id
      where r.sent_at is null and l.status = 'published' and l.end_at > ${at}::timestamptz
        and l.start_at - make_interval(mins => coalesce(s.minutes_before, ${defaultMinutes}::int)) <= ${at}::timestamptz
      order by r.id
      limit ${limit}
      for update of r skip locked
    ) and sent_at is null
    returning id, user_id, live_id, lang, timezone`
  );
}
async function markChannel(db, id, channel) {
  await db.update(liveReminders).set({ channel }).where(eq15(liveReminders.id, id));
}
function liveForMessage(db, id) {
  return db.select({ titleZh: lives.titleZh, titleEn: lives.titleEn, startAt: lives.startAt, endAt: lives.endAt, meetingNo: lives.meetingNo }).from(lives).where(eq15(lives.id, id)).then((r) => r[0]);
}

// src/lib/local-time.ts
var DAY_MS = 864e5;
var OFFSET2 = /^([+-])(\d{2}):(\d{2})$/;
var GMT_OFFSET = /GMT(?:([+-])(\d{1,2})(?::?(\d{2}))?)?$/;
function offsetMinutes(tz, at) {
  const m = OFFSET2.exec(tz);
  if (m) return (m[1] === "-" ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3]));
  const name = new Intl.DateTimeFormat("en-US", { timeZone: tz, timeZoneName: "longOffset" }).formatToParts(at).find((p) => p.type === "timeZoneName")?.value;
  const g = name ? GMT_OFFSET.exec(name) : null;
  if (!g?.[1]) return 0;
  return (g[1] === "-" ? -1 : 1) * (Number(g[2]) * 60 + Number(g[3] ?? 0));
}
function localDate(at, tz) {
  return new Date(at.getTime() + offsetMinutes(tz, at) * 6e4).toISOString().slice(0, 10);
}
function dayStart(date, tz) {
  const utcMidnight = Date.parse(`${date}T00:00:00Z`);
  let at = utcMidnight - offsetMinutes(tz, new Date(utcMidnight)) * 6e4;
  at = utcMidnight - offsetMinutes(tz, new Date(at)) * 6e4;
  return new Date(at);
}
function addDays(date, days) {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}
function isRealDate(date) {
  const t = Date.parse(`${date}T00:00:00Z`);
  return !Number.isNaN(t) && new Date(t).toISOString().slice(0, 10) === date;
}
function localTime(at, tz) {
  return new Date(at.getTime() + offsetMinutes(tz, at) * 6e4).toISOString().slice(11, 16);
}

// src/modules/lives/lives.reminders.ts
var BATCH = 100;
function groups(meetingNo) {
  return (meetingNo.replace(/\D/g, "").match(/.{1,4}/g) ?? []).join("-");
}
function reminderText(lang, live, tz) {
  const when = `${localDate(live.startAt, tz)} ${localTime(live.startAt, tz)}`;
  const title = pick(lang, live.titleZh, live.titleEn);
  return lang === "en" ? `[MedPortal] Reminder: "${title}" starts at ${when} (UTC${tz.startsWith("+") || tz.startsWith("-") ? tz : ` ${tz}`}). Meeting no. ${groups(live.meetingNo)}.` : `\u3010\u533B\u5B66\u95E8\u6237\u3011\u60A8\u9884\u7EA6\u7684\u76F4\u64AD\u300C${title}\u300D\u5C06\u4E8E ${when} \u5F00\u59CB\uFF0C\u4F1A\u8BAE\u53F7 ${groups(live.meetingNo)}\u3002`;
}
var LiveReminderSweep = class {
  constructor(db, outbox, now, log) {
    this.db = db;
    this.outbox = outbox;
    this.now = now;
    this.log = log;
  }
  db;
  outbox;
  now;
  log;
  /** One pass; answers how many reminders were claimed. */
  async run() {
    let claimed = 0;
    for (; ; ) {
      const n = await this.db.transaction(async (tx) => {
        const due = await claimDueReminders(tx, this.now(), DEFAULT_REMIND_MINUTES, BATCH);
        for (const r of due) await this.queue(tx, r);
        return due.length;
      });
      claimed += n;
      if (n > 0) this.outbox.kick();
      if (n < BATCH) return claimed;
    }
  }
  async queue(tx, r) {
    const [live, settings, contacts] = [await liveForMessage(tx, r.live_id), await remindSettings(tx, r.user_id), await contactsOf(tx, r.user_id)];
    if (!live) return;
    const lang = r.lang === "en" ? "en" : "zh_CN";
    const text = reminderText(lang, live, r.timezone);
    const preferEmail = settings?.channel === "email";
    const mobile = contacts.mobile ? parseE164(contacts.mobile) : null;
    let message = null;
    if (contacts.email && (preferEmail || !mobile)) message = { channel: "email", to: contacts.email, text, scene: "live_remind" };
    else if (mobile) message = { channel: "sms", to: mobile.e164, countryCode: mobile.countryCode, text, scene: "live_remind" };
    if (!message) {
      this.log.warn({ reminder: r.id }, "live reminder has no address to go to");
      return;
    }
    await this.outbox.enqueue(tx, { ...message, deliverBefore: live.endAt });
    await markChannel(tx, r.id, message.channel);
  }
};

// src/modules/lives/lives.service.ts
var notFound7 = () => new AppError(ErrorCode.NOT_FOUND);
var CHANNEL_TITLES = {
  sms: { zh: "\u77ED\u4FE1", en: "Text message" },
  email: { zh: "\u90AE\u4EF6", en: "Email" }
};
var LivesService = class {
  constructor(db, now, members) {
    this.db = db;
    this.now = now;
    this.members = members;
  }
  db;
  now;
  members;
  /** Rows → cards, with reminder counts and the caller's own flags in two queries each. */
  async cards(rows, c, now = this.now()) {
    const ids = rows.map((r) => r.id);
    const [counts, reminded, favorites] = await Promise.all([
      remindCounts(this.db, ids),
      c.userId === void 0 ? /* @__PURE__ */ new Set() : remindedIds(this.db, c.userId, ids),
      c.userId === void 0 ? /* @__PURE__ */ new Set() : favoriteIds(this.db, c.userId, ids)
    ]);
    return rows.map((r) => ({
      ...presentLive(r, c.lang, now),
      end_at: r.endAt.toISOString(),
      meeting_no: r.meetingNo.replace(/\D/g, ""),
      has_replay: r.hasReplay,
      date: localDate(r.startAt, c.tz),
      remind_count: counts.get(r.id) ?? 0,
      is_remind: reminded.has(r.id),
      is_favorite: favorites.has(r.id)
    }));
  }
  checkDate(date, lang) {
    if (!isRealDate(date)) throw fieldError(lang, "date", { zh: "\u4E0D\u662F\u6709\u6548\u7684\u65E5\u671F", en: "is not a real date" });
  }
  async liveDate(c) {
    const now = this.now();
    const today = localDate(now, c.tz);
    const first = addDays(today, -LIVE_DATE_DAYS_BACK);
    const rows = await startsBetween(this.db, dayStart(first, c.tz), dayStart(addDays(today, LIVE_DATE_DAYS_AHEAD + 1), c.tz));
    const days = /* @__PURE__ */ new Map();
    for (const r of rows) {
      const d = localDate(r.startAt, c.tz);
      const day = days.get(d) ?? { count: 0, has_live: false };
      day.count += 1;
      if (r.startAt <= now && now < r.endAt) day.has_live = true;
      days.set(d, day);
    }
    return { today, timezone: c.tz, items: [...days].map(([date, d]) => ({ date, ...d })) };
  }
  async dateLives(q, c) {
    this.checkDate(q.date, c.lang);
    const from = dayStart(q.date, c.tz);
    const to = dayStart(addDays(q.date, 1), c.tz);
    const { rows, total } = await pageStartingBetween(this.db, from, to, q.page_size, (q.page - 1) * q.page_size);
    return pageOf(await this.cards(rows, c), q, total);
  }
  async lookBack(limit, c) {
    const now = this.now();
    return { items: await this.cards(await lookBack(this.db, now, limit), c, now) };
  }
  async history(q, c) {
    const now = this.now();
    const range = q.year === void 0 ? {} : { from: dayStart(`${q.year}-01-01`, c.tz), to: dayStart(`${q.year + 1}-01-01`, c.tz) };
    const { rows, total } = await pageHistory(this.db, now, { ...range, departmentId: q.department_id }, q.page_size, (q.page - 1) * q.page_size);
    return pageOf(await this.cards(rows, c, now), q, total);
  }
  async historyFilters(c) {
    const now = this.now();
    const [years, deps] = await Promise.all([
      historyYears(this.db, now, offsetMinutes(c.tz, now)),
      historyDepartments(this.db, now)
    ]);
    return { years, departments: deps.map((d) => ({ id: d.id, title: pick(c.lang, d.nameZh, d.nameEn) })) };
  }
  /**
   * Set or cancel a reminder. The live row is locked first, so concurrent clicks take turns; the
   * unique key keeps one row per (user, live) and remind_count is read from the rows.
   */
  async remind(liveId, on, userId, c) {
    const now = this.now();
    return this.db.transaction(async (tx) => {
      const live = await lockLive(tx, liveId);
      if (!live) throw notFound7();
      if (on && live.endAt <= now) throw new AppError(ErrorCode.LIVE_ENDED);
      await setReminder(tx, userId, liveId, on, { now, lang: c.lang, tz: c.tz });
      return { is_remind: on, remind_count: await countReminders(tx, liveId) };
    });
  }
  /** Favourites are the member module's rows (module `live`): one list for the user centre too. */
  async favorite(liveId, on, userId) {
    return this.members.setFavorite(userId, { module_name: "live", module_id: liveId, status: on ? 1 : 2 });
  }
  async calendar(month, userId, c) {
    const first = `${month}-01`;
    const [y, m] = month.split("-").map(Number);
    const next = m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, "0")}-01`;
    const rows = await myLivesBetween(this.db, userId, dayStart(first, c.tz), dayStart(next, c.tz));
    const cards = await this.cards(rows, { ...c, userId });
    const days = /* @__PURE__ */ new Map();
    for (const card of cards) days.set(card.date, [...days.get(card.date) ?? [], card]);
    return { month, days: [...days].map(([date, items]) => ({ date, items })) };
  }
  async remindType(userId, lang) {
    const [settings, contacts] = await Promise.all([remindSettings(this.db, userId), contactsOf(this.db, userId)]);
    const available = { sms: Boolean(contacts.mobile), email: Boolean(contacts.email) };
    const fallback = available.sms || !available.email ? "sms" : "email";
    return {
      channel: settings?.channel ?? fallback,
      minutes_before: settings?.minutesBefore ?? DEFAULT_REMIND_MINUTES,
      channels: REMIND_CHANNELS.map((v) => ({ value: v, title: pick(lang, CHANNEL_TITLES[v].zh, CHANNEL_TITLES[v].en), available: available[v] })),
      minutes_options: [...REMIND_MINUTES]
    };
  }
  getRemindType(userId, lang) {
    return this.remindType(userId, lang);
  }
  /** A channel needs an address: a bound mobile for SMS, a bound email for email. */
  async setRemindType(userId, b, lang) {
    const contacts = await contactsOf(this.db, userId);
    if (b.channel === "sms" && !contacts.mobile) throw fieldError(lang, "channel", { zh: "\u8BF7\u5148\u7ED1\u5B9A\u624B\u673A\u53F7", en: "bind a mobile number first" });
    if (b.channel === "email" && !contacts.email) throw fieldError(lang, "channel", { zh: "\u8BF7\u5148\u7ED1\u5B9A\u90AE\u7BB1", en: "bind an email address first" });
    await saveRemindSettings(this.db, userId, b.channel, b.minutes_before, this.now());
    return this.remindType(userId, lang);
  }
};

// src/modules/lives/lives.routes.ts
var optionalAuth5 = { config: { auth: "optional" } };
var livesRoutes = async (instance, { now, reminderIntervalMs = 3e4 }) => {
  const app = instance.withTypeProvider();
  const svc = new LivesService(app.db, now, new MemberService(app.db, now));
  const caller = (req) => ({ userId: req.ctx.user?.id, lang: req.ctx.lang, tz: req.ctx.tz });
  app.route({ ...endpointRoute("liveDate"), handler: async (req) => ok(await svc.liveDate(caller(req))) });
  app.route({ ...endpointRoute("dateLives"), ...optionalAuth5, handler: async (req) => ok(await svc.dateLives(req.query, caller(req))) });
  app.route({ ...endpointRoute("liveLookBack"), ...optionalAuth5, handler: async (req) => ok(await svc.lookBack(req.query.limit, caller(req))) });
  app.route({ ...endpointRoute("liveHistory"), ...optionalAuth5, handler: async (req) => ok(await svc.history(req.query, caller(req))) });
  app.route({ ...endpointRoute("liveHistoryFilters"), handler: async (req) => ok(await svc.historyFilters(caller(req))) });
  app.route({
    ...endpointRoute("liveRemind"),
    handler: async (req) => ok(await svc.remind(req.params.id, req.body.status === 1, currentUser(req).id, caller(req)))
  });
  app.route({
    ...endpointRoute("liveFavorite"),
    handler: async (req) => ok(await svc.favorite(req.params.id, req.body.status === 1, currentUser(req).id))
  });
  app.route({ ...endpointRoute("liveCalendar"), handler: async (req) => ok(await svc.calendar(req.query.month, currentUser(req).id, caller(req))) });
  app.route({ ...endpointRoute("remindTypeGet"), handler: async (req) => ok(await svc.getRemindType(currentUser(req).id, req.ctx.lang)) });
  app.route({ ...endpointRoute("remindTypeSet"), handler: async (req) => ok(await svc.setRemindType(currentUser(req).id, req.body, req.ctx.lang)) });
  const sweep = new LiveReminderSweep(app.db, app.accounts.outbox, now, app.log);
  if (reminderIntervalMs > 0) {
    let running = false;
    const timer = setInterval(() => {
      if (running) return;
      running = true;
      sweep.run().catch((err) => app.log.warn({ err }, "live reminder sweep failed")).finally(() => {
        running = false;
      });
    }, reminderIntervalMs);
    timer.unref();
    app.addHook("onClose", async () => clearInterval(timer));
  }
};
var lives_routes_default = livesRoutes;

// src/modules/topics/topics.present.ts
var NO_ITEMS = { course: 0, live: 0, news: 0, paper: 0 };
function presentTopic(r, counts, lang) {
  return { ...presentSpecial(r, lang), counts: counts ?? NO_ITEMS };
}

// src/modules/topics/topics.repository.ts
import { and as and11, asc as asc10, count as count8, eq as eq16, inArray as inArray9 } from "drizzle-orm";
var published8 = "published";
var isTopic = and11(eq16(specials.kind, "topic"), eq16(specials.status, published8));
async function pageTopics(db, limit, offset3) {
  return paginate(
    db.select().from(specials).where(isTopic).orderBy(asc10(specials.sort), asc10(specials.id)).limit(limit).offset(offset3),
    db.select({ n: count8() }).from(specials).where(isTopic)
  );
}
async function findTopic(db, id) {
  const [row] = await db.select().from(specials).where(and11(eq16(specials.id, id), isTopic)).limit(1);
  return row ?? null;
}
var moduleTables = {
  course: { table: courses, id: courses.id, visible: eq16(courses.status, published8) },
  live: { table: lives, id: lives.id, visible: eq16(lives.status, published8) },
  news: { table: news, id: news.id, visible: eq16(news.status, published8) },
  paper: { table: papers, id: papers.id, visible: eq16(papers.status, published8) }
};
async function countItems(db, topicIds) {
  const out = new Map(topicIds.map((id) => [id, { course: 0, live: 0, news: 0, paper: 0 }]));
  if (topicIds.length === 0) return out;
  await Promise.all(
    Object.keys(moduleTables).map(async (module) => {
      const m = moduleTables[module];
      let q = db.select({ specialId: specialItems.specialId, n: count8() }).from(specialItems).innerJoin(m.table, eq16(m.id, specialItems.itemId)).$dynamic();
      if (module === "news") q = q.innerJoin(newsCategories, eq16(newsCategories.id, news.categoryId));
      const rows = await q.where(
        and11(
          inArray9(specialItems.specialId, topicIds),
          eq16(specialItems.module, module),
          m.visible,
          module === "news" ? eq16(newsCategories.status, published8) : void 0
        )
      ).groupBy(specialItems.specialId);
      for (const r of rows) {
        const counts = out.get(r.specialId);
        if (counts) counts[module] = r.n;
      }
    })
  );
  return out;
}
var inTopic = (topicId, module) => and11(eq16(specialItems.specialId, topicId), eq16(specialItems.module, module));
var itemOrder = [asc10(specialItems.sort), asc10(specialItems.itemId)];
async function pageCourses4(db, topicId, limit, offset3) {
  const where = and11(inTopic(topicId, "course"), eq16(courses.status, published8));
  const { rows, total } = await paginate(
    db.select(courseColumns).from(specialItems).innerJoin(courses, eq16(courses.id, specialItems.itemId)).where(where).orderBy(...itemOrder).limit(limit).offset(offset3),
    db.select({ n: count8() }).from(specialItems).innerJoin(courses, eq16(courses.id, specialItems.itemId)).where(where)
  );
  return { rows: await withTags(db, rows), total };
}
async function pageLives3(db, topicId, limit, offset3) {
  const where = and11(inTopic(topicId, "live"), eq16(lives.status, published8));
  return paginate(
    db.select(liveCardColumns).from(specialItems).innerJoin(lives, eq16(lives.id, specialItems.itemId)).where(where).orderBy(...itemOrder).limit(limit).offset(offset3),
    db.select({ n: count8() }).from(specialItems).innerJoin(lives, eq16(lives.id, specialItems.itemId)).where(where)
  );
}
async function pageNews3(db, topicId, limit, offset3) {
  const where = and11(inTopic(topicId, "news"), eq16(news.status, published8), eq16(newsCategories.status, published8));
  return paginate(
    db.select(newsCardColumns).from(specialItems).innerJoin(news, eq16(news.id, specialItems.itemId)).innerJoin(newsCategories, eq16(newsCategories.id, news.categoryId)).where(where).orderBy(...itemOrder).limit(limit).offset(offset3),
    db.select({ n: count8() }).from(specialItems).innerJoin(news, eq16(news.id, specialItems.itemId)).innerJoin(newsCategories, eq16(newsCategories.id, news.categoryId)).where(where)
  );
}
async function pagePapers(db, topicId, limit, offset3) {
  const where = and11(inTopic(topicId, "paper"), eq16(papers.status, published8));
  const { rows, total } = await paginate(
    db.select({ paper: papers }).from(specialItems).innerJoin(papers, eq16(papers.id, specialItems.itemId)).where(where).orderBy(...itemOrder).limit(limit).offset(offset3),
    db.select({ n: count8() }).from(specialItems).innerJoin(papers, eq16(papers.id, specialItems.itemId)).where(where)
  );
  return { rows: rows.map((r) => r.paper), total };
}

// src/modules/topics/topics.service.ts
var offset2 = (q) => (q.page - 1) * q.page_size;
var TopicsService = class {
  constructor(db, now) {
    this.db = db;
    this.now = now;
  }
  db;
  now;
  async ensure(id) {
    const row = await findTopic(this.db, id);
    if (!row) throw new AppError(ErrorCode.NOT_FOUND);
    return row;
  }
  async list(q, lang) {
    const { rows, total } = await pageTopics(this.db, q.page_size, offset2(q));
    const counts = await countItems(
      this.db,
      rows.map((r) => r.id)
    );
    return pageOf(
      rows.map((r) => presentTopic(r, counts.get(r.id), lang)),
      q,
      total
    );
  }
  async detail(id, lang) {
    const row = await this.ensure(id);
    const counts = await countItems(this.db, [id]);
    return presentTopic(row, counts.get(id), lang);
  }
  async courses(id, q, lang) {
    await this.ensure(id);
    const { rows, total } = await pageCourses4(this.db, id, q.page_size, offset2(q));
    return pageOf(
      rows.map((r) => presentCourse(r, lang)),
      q,
      total
    );
  }
  async lives(id, q, lang) {
    await this.ensure(id);
    const { rows, total } = await pageLives3(this.db, id, q.page_size, offset2(q));
    const now = this.now();
    return pageOf(
      rows.map((r) => presentLive(r, lang, now)),
      q,
      total
    );
  }
  async news(id, q, lang) {
    await this.ensure(id);
    const { rows, total } = await pageNews3(this.db, id, q.page_size, offset2(q));
    return pageOf(
      rows.map((r) => presentNews(r, lang)),
      q,
      total
    );
  }
  async papers(id, q, lang) {
    await this.ensure(id);
    const { rows, total } = await pagePapers(this.db, id, q.page_size, offset2(q));
    return pageOf(
      rows.map((r) => presentPaperCard(r, lang)),
      q,
      total
    );
  }
};

// src/modules/topics/topics.routes.ts
var topicsRoutes = async (instance, { now }) => {
  const app = instance.withTypeProvider();
  const svc = new TopicsService(app.db, now);
  app.route({ ...endpointRoute("topicList"), handler: async (req) => ok(await svc.list(req.query, req.ctx.lang)) });
  app.route({ ...endpointRoute("topicDetail"), handler: async (req) => ok(await svc.detail(req.params.id, req.ctx.lang)) });
  app.route({ ...endpointRoute("topicCourses"), handler: async (req) => ok(await svc.courses(req.params.id, req.query, req.ctx.lang)) });
  app.route({ ...endpointRoute("topicLives"), handler: async (req) => ok(await svc.lives(req.params.id, req.query, req.ctx.lang)) });
  app.route({ ...endpointRoute("topicNews"), handler: async (req) => ok(await svc.news(req.params.id, req.query, req.ctx.lang)) });
  app.route({ ...endpointRoute("topicPapers"), handler: async (req) => ok(await svc.papers(req.params.id, req.query, req.ctx.lang)) });
};
var topics_routes_default = topicsRoutes;

// src/modules/papers/papers.repository.ts
import { and as and12, count as count9, desc as desc9, eq as eq17, sql as sql8 } from "drizzle-orm";
var published9 = "published";
async function pagePapers2(db, limit, offset3) {
  const where = eq17(papers.status, published9);
  return paginate(
    db.select().from(papers).where(where).orderBy(sql8`${papers.publishedAt} desc nulls last`, desc9(papers.id)).limit(limit).offset(offset3),
    db.select({ n: count9() }).from(papers).where(where)
  );
}
async function findPaper(db, key) {
  const match = typeof key === "number" ? eq17(papers.id, key) : eq17(papers.uuid, key.toLowerCase());
  const [row] = await db.select().from(papers).where(and12(match, eq17(papers.status, published9))).limit(1);
  return row ?? null;
}
async function isFavorite3(db, userId, paperId) {
  const [row] = await db.select({ one: sql8`1` }).from(userFavorites).where(and12(eq17(userFavorites.userId, userId), eq17(userFavorites.moduleName, "paper"), eq17(userFavorites.moduleId, paperId))).limit(1);
  return Boolean(row);
}

// src/modules/papers/papers.service.ts
var PapersService = class {
  constructor(db) {
    this.db = db;
  }
  db;
  async list(q, lang) {
    const { rows, total } = await pagePapers2(this.db, q.page_size, (q.page - 1) * q.page_size);
    return pageOf(rows.map((r) => presentPaperCard(r, lang)), q, total);
  }
  async detail(key, userId, lang) {
    const row = await findPaper(this.db, key);
    if (!row) throw new AppError(ErrorCode.NOT_FOUND);
    const isFavorite4 = userId === void 0 ? false : await isFavorite3(this.db, userId, row.id);
    return { ...presentPaperCard(row, lang), is_favorite: isFavorite4 };
  }
};

// src/modules/papers/papers.routes.ts
var papersRoutes = async (instance) => {
  const app = instance.withTypeProvider();
  const svc = new PapersService(app.db);
  app.route({ ...endpointRoute("paperList"), handler: async (req) => ok(await svc.list(req.query, req.ctx.lang)) });
  app.route({
    ...endpointRoute("paperDetail"),
    config: { auth: "optional" },
    handler: async (req) => ok(await svc.detail(req.params.id, req.ctx.user?.id, req.ctx.lang))
  });
};
var papers_routes_default = papersRoutes;

// src/modules/site/site.repository.ts
import { and as and13, asc as asc11, eq as eq18 } from "drizzle-orm";
function listRelateSites(db) {
  return db.select().from(relateSites).where(eq18(relateSites.status, "published")).orderBy(asc11(relateSites.sort), asc11(relateSites.id));
}
async function findRelateSite(db, key) {
  const [row] = await db.select().from(relateSites).where(and13(eq18(relateSites.key, key), eq18(relateSites.status, "published")));
  return row;
}

// src/modules/site/site.service.ts
var presentRelateSite = (r, lang) => ({
  id: r.id,
  key: r.key,
  title: pick(lang, r.titleZh, r.titleEn),
  desc: pick(lang, r.descZh, r.descEn),
  icon: r.icon,
  url: r.url
});
async function relateSitesFor(db, lang) {
  const rows = await listRelateSites(db);
  return rows.map((r) => presentRelateSite(r, lang));
}
async function productPageFor(db, key, lang) {
  const [row, all] = await Promise.all([findRelateSite(db, key), listRelateSites(db)]);
  if (!row) throw new AppError(ErrorCode.NOT_FOUND);
  return {
    ...presentRelateSite(row, lang),
    intro_html: sanitizeHtml(pick(lang, row.introZh, row.introEn), { sitePaths: true }).trim(),
    features: row.features.map((f) => ({ title: pick(lang, f.titleZh, f.titleEn), text: pick(lang, f.textZh, f.textEn) })),
    links: row.links.map((l) => ({ title: pick(lang, l.titleZh, l.titleEn), action: l.action })),
    others: all.filter((r) => r.id !== row.id).map((r) => presentRelateSite(r, lang))
  };
}
async function sideBanners(db, position, lang, now) {
  const rows = await listBanners(db, position, now, 10);
  return rows.map((r) => presentBanner(r, lang));
}
var qr = (key, zh, en, url, lang) => ({
  key,
  title: pick(lang, zh, en),
  url
});
function siteConfigFor(site, lang) {
  return {
    app_downloads: [
      qr("ios", "iPhone \u7248\u4E0B\u8F7D", "Download for iPhone", site.appIosUrl, lang),
      qr("android", "Android \u7248\u4E0B\u8F7D", "Download for Android", site.appAndroidUrl, lang)
    ],
    wechat_account: qr("wechat_mp", "\u5FAE\u4FE1\u516C\u4F17\u53F7", "WeChat Official Account", site.wechatMpUrl, lang),
    media_accounts: [
      qr("weibo", "\u5B98\u65B9\u5FAE\u535A", "Weibo", site.media.weibo, lang),
      qr("douyin", "\u6296\u97F3\u53F7", "Douyin", site.media.douyin, lang),
      qr("channels", "\u5FAE\u4FE1\u89C6\u9891\u53F7", "WeChat Channels", site.media.channels, lang)
    ],
    contact: {
      phone: site.contact.phone,
      email: site.contact.email,
      hours: pick(lang, "\u5468\u4E00\u81F3\u5468\u4E94 9:00\u201318:00", "Mon\u2013Fri 9:00\u201318:00 (UTC+8)"),
      address: site.contact.address[lang]
    },
    icp: site.icp
  };
}

// src/modules/site/site.routes.ts
var siteRoutes = async (instance, { site, now }) => {
  const app = instance.withTypeProvider();
  app.route({
    ...endpointRoute("relateSite"),
    handler: async (req) => ok({ items: await relateSitesFor(app.db, req.ctx.lang) })
  });
  app.route({
    ...endpointRoute("productPage"),
    handler: async (req) => ok(await productPageFor(app.db, req.params.key, req.ctx.lang))
  });
  app.route({
    ...endpointRoute("userBanner"),
    handler: async (req) => ok({ items: await sideBanners(app.db, req.query.position, req.ctx.lang, now()) })
  });
  app.route({
    ...endpointRoute("siteConfig"),
    handler: async (req) => ok(siteConfigFor(site, req.ctx.lang))
  });
};
var site_routes_default = siteRoutes;

// src/modules/pages/pages.service.ts
import { createHash } from "node:crypto";

// src/modules/pages/pages.repository.ts
import { and as and14, eq as eq19, lt as lt3 } from "drizzle-orm";
async function findPublishedPage(db, slug) {
  const [row] = await db.select().from(sitePages).where(and14(eq19(sitePages.slug, slug), eq19(sitePages.status, "published")));
  return row;
}
async function insertContactMessage(db, row) {
  const [saved] = await db.insert(contactMessages).values(row).returning({ id: contactMessages.id, createdAt: contactMessages.createdAt });
  if (!saved) throw new Error("contact message not stored");
  return saved;
}
async function deleteContactMessagesBefore(db, before) {
  const gone = await db.delete(contactMessages).where(lt3(contactMessages.createdAt, before)).returning({ id: contactMessages.id });
  return gone.length;
}

// src/modules/pages/pages.service.ts
var escapeHtml = (s) => s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c);
function placeholderValues(site, lang) {
  return {
    contact_phone: site.contact.phone,
    contact_email: site.contact.email,
    contact_address: site.contact.address[lang]
  };
}
function fillPlaceholders(html, values) {
  return html.replace(/\{\{\s*([a-z_]+)\s*\}\}/g, (whole, name) => {
    const v = values[name];
    return v === void 0 ? whole : escapeHtml(v);
  });
}
function presentSitePage(row, lang, site) {
  const body = fillPlaceholders(pick(lang, row.bodyZh, row.bodyEn), placeholderValues(site, lang));
  return {
    slug: row.slug,
    title: pick(lang, row.titleZh, row.titleEn),
    body_html: sanitizeHtml(body, { sitePaths: true }).trim(),
    version: row.version,
    effective_on: row.effectiveOn,
    updated_at: row.updatedAt.toISOString()
  };
}
async function sitePage(db, slug, lang, site) {
  const row = await findPublishedPage(db, slug);
  if (!row) throw new AppError(ErrorCode.NOT_FOUND);
  return presentSitePage(row, lang, site);
}
var CONTACT_LIMITS = {
  perIp: { max: 5, windowS: 15 * 60 },
  perContact: { max: 3, windowS: 60 * 60 }
};
var CONTACT_RETENTION_DAYS = 365;
function contactKey(contact) {
  const v = contact.trim();
  if (EMAIL_PATTERN.test(v)) return { kind: "email", key: v.toLowerCase() };
  let digits = v.replace(/\D/g, "").replace(/^00/, "");
  if (/^861[3-9]\d{9}$/.test(digits)) digits = digits.slice(2);
  return { kind: "phone", key: digits };
}
var digest = (s) => createHash("sha256").update(s).digest("hex").slice(0, 32);
function contactReference(id, at) {
  const day = new Date(at.getTime() + 8 * 36e5).toISOString().slice(0, 10).replaceAll("-", "");
  return `C${day}-${String(id).padStart(6, "0")}`;
}
async function submitContactForm(db, limiter, body, caller) {
  const { kind, key } = contactKey(body.contact);
  const limits = [
    [`contact_form:ip:${caller.ip}`, CONTACT_LIMITS.perIp],
    [`contact_form:contact:${digest(`${kind}:${key}`)}`, CONTACT_LIMITS.perContact]
  ];
  for (const [k, limit] of limits) {
    const count14 = await limiter.hit(db, k, limit.windowS);
    if (count14 > limit.max) {
      const { expiresAt } = await limiter.peek(db, k);
      throw new AppError(ErrorCode.RATE_LIMITED, { data: { retry_after: limiter.retryAfter(expiresAt) } });
    }
  }
  const saved = await insertContactMessage(db, {
    name: body.name,
    contact: body.contact,
    contactKind: kind,
    message: body.message,
    userId: caller.userId ?? null,
    ip: caller.ip,
    lang: caller.lang,
    createdAt: caller.now
  });
  return { reference: contactReference(saved.id, saved.createdAt), received_at: saved.createdAt.toISOString() };
}
function sweepContactMessages(db, now) {
  return deleteContactMessagesBefore(db, new Date(now.getTime() - CONTACT_RETENTION_DAYS * 864e5));
}

// src/modules/pages/pages.routes.ts
var SWEEP_INTERVAL_MS = 60 * 60 * 1e3;
var pagesRoutes = async (instance, { site, now }) => {
  const app = instance.withTypeProvider();
  app.route({
    ...endpointRoute("sitePage"),
    handler: async (req) => ok(await sitePage(app.db, req.params.slug, req.ctx.lang, site))
  });
  app.route({
    ...endpointRoute("contactForm"),
    // Anonymous or logged in: a token, when sent, ties the message to the account.
    config: { auth: "optional" },
    handler: async (req) => ok(
      await submitContactForm(app.db, app.accounts.limiter, req.body, {
        ip: req.ip,
        userId: req.ctx.user?.id,
        lang: req.ctx.lang,
        now: now()
      })
    )
  });
  let running = Promise.resolve();
  const sweep = () => {
    running = sweepContactMessages(app.db, now()).then((n) => {
      if (n > 0) app.log.info({ deleted: n }, "contact messages past retention deleted");
    }).catch((err) => app.log.warn({ err }, "contact message sweep failed"));
  };
  let timer;
  app.addHook("onReady", async () => {
    sweep();
    timer = setInterval(sweep, SWEEP_INTERVAL_MS);
    timer.unref();
  });
  app.addHook("onClose", async () => {
    clearInterval(timer);
    await running;
  });
};
var pages_routes_default = pagesRoutes;

// src/modules/search/search.repository.ts
import { and as and15, asc as asc12, desc as desc10, eq as eq20, sql as sql9 } from "drizzle-orm";
function documentsByIds(db, ids) {
  if (ids.length === 0) return Promise.resolve([]);
  return db.select({
    id: searchDocuments.id,
    module: searchDocuments.module,
    itemId: searchDocuments.itemId,
    titleZh: searchDocuments.titleZh,
    titleEn: searchDocuments.titleEn,
    bodyZh: searchDocuments.bodyZh,
    bodyEn: searchDocuments.bodyEn,
    cover: searchDocuments.cover,
    publishedAt: searchDocuments.publishedAt
  }).from(searchDocuments).where(sql9`${searchDocuments.id} = any(${sql9.param(ids)}::int[])`);
}
function publishedHotWords(db) {
  return db.select({ id: hotWords.id, wordZh: hotWords.wordZh, wordEn: hotWords.wordEn }).from(hotWords).where(eq20(hotWords.status, "published")).orderBy(asc12(hotWords.sort), asc12(hotWords.id));
}
async function hotCourses(db, limit) {
  const rows = await db.select(courseColumns).from(courses).where(and15(eq20(courses.status, "published"))).orderBy(desc10(courses.learnCount), desc10(courses.id)).limit(limit);
  return withTags(db, rows);
}
var operand = (lexeme) => `'${lexeme.replace(/\\/g, "\\\\").replace(/'/g, "''")}'`;
function tsqueryOf(q) {
  const parts = q.lexemes.map(operand);
  if (q.prefix !== null) parts.push(`${operand(q.prefix)}:*`);
  for (const group of q.either ?? []) parts.push(`(${group.map((lexemes) => `(${lexemes.map(operand).join(" & ")})`).join(" | ")})`);
  return parts.join(" & ");
}
var SCAN_CHUNK = 2e4;
async function scanDocuments(db, q, module, keep) {
  const query = tsqueryOf(q);
  const [range] = await queryRows(db, sql9`select min(id) as lo, max(id) as hi from search_documents`);
  const out = { titles: 0, bodies: 0, ids: [] };
  if (!range || range.lo === null || range.hi === null) return out;
  const top = [];
  for (let from = Number(range.lo); from <= Number(range.hi); from += SCAN_CHUNK) {
    const [r] = await queryRows(
      db,
      sql9`with q as (select ${query}::tsquery as q),
        m as (select d.id, d.boost, d.title_tsv @@ q.q as t from search_documents d, q
          where d.id >= ${from} and d.id < ${from + SCAN_CHUNK} and d.visible
            and (${module}::text is null or d.module = ${module}::text) and (d.title_tsv @@ q.q or d.body_tsv @@ q.q))
      select count(*) filter (where t) as titles, count(*) filter (where not t) as bodies,
        (select json_agg(x) from (select id, t, boost from m order by t desc, boost desc, id desc limit ${keep}) x) as top
      from m`
    );
    if (!r) continue;
    out.titles += Number(r.titles);
    out.bodies += Number(r.bodies);
    const rows = r.top === null ? [] : typeof r.top === "string" ? JSON.parse(r.top) : r.top;
    top.push(...rows);
  }
  top.sort((a, b) => Number(b.t) - Number(a.t) || b.boost - a.boost || b.id - a.id);
  out.ids = top.slice(0, keep).map((r) => r.id);
  return out;
}

// src/modules/search/search.present.ts
var SEARCH_TABS = [
  ["all", ["\u5168\u90E8", "All"]],
  ["course", ["\u8BFE\u7A0B", "Courses"]],
  ["live", ["\u4F1A\u8BAE", "Conferences"]],
  ["news", ["\u8D44\u8BAF", "News"]],
  ["speaker", ["\u8BB2\u8005", "Speakers"]],
  ["paper", ["\u6587\u732E", "Papers"]],
  ["column", ["\u4E13\u680F", "Columns"]]
];
var MODULE_TAGS = {
  course: { words: ["\u8BFE\u7A0B", "Course"], color: "#2f6fed" },
  live: { words: ["\u4F1A\u8BAE", "Conference"], color: "#e5484d" },
  news: { words: ["\u8D44\u8BAF", "News"], color: "#12a594" },
  speaker: { words: ["\u8BB2\u8005", "Speaker"], color: "#8e4ec6" },
  paper: { words: ["\u6587\u732E", "Paper"], color: "#f76b15" },
  column: { words: ["\u4E13\u680F", "Column"], color: "#0b8aa3" }
};
var say2 = (lang, w) => lang === "en" ? w[1] : w[0];
function presentTabs(lang) {
  return { items: SEARCH_TABS.map(([type, words]) => ({ type, title: say2(lang, words) })) };
}
function searchAction(module, id) {
  switch (module) {
    case "course":
      return action(ActionType.COURSE_DETAIL, { id });
    case "live":
      return action(ActionType.LIVE_DETAIL, { id });
    case "news":
      return newsDetailAction(id);
    case "speaker":
      return action(ActionType.SPEAKER_DETAIL, { id });
    case "paper":
      return action(ActionType.MODULE_DETAIL, { module: "paper", module_id: id });
    case "column":
      return action(ActionType.ROUTE, { url: "/column/index" });
  }
}
function presentResult(r, terms, lang) {
  const module = r.module;
  const tag = MODULE_TAGS[module];
  return {
    id: r.id,
    item_id: r.itemId,
    module,
    cover: r.cover,
    title: pick(lang, r.titleZh, r.titleEn),
    tag: say2(lang, tag.words),
    tag_bg_color: tag.color,
    summary: excerpt(pick(lang, r.bodyZh, r.bodyEn), terms),
    published_at: r.publishedAt ? r.publishedAt.toISOString() : null,
    action: searchAction(module, r.itemId)
  };
}

// src/modules/search/search.service.ts
var HOT_TTL_MS = 6e4;
var HAN_CHARACTER = new RegExp("\\p{Script=Han}", "u");
var SHORT_LAST_WORD = /(?:^|[^\p{L}\p{N}])[a-z0-9]{1,2}$/u;
var PREFIX_WINDOW = 50;
var ANSWER_TTL_MS = 3e4;
var ANSWER_CACHE_SIZE = 2e3;
var ROW_CACHE_SIZE = 2e4;
var MAX_SCANS = 2;
var MAX_WAITING = 16;
var RETRY_AFTER_S = 5;
var SearchUnavailable = class extends Error {
  constructor(retryAfterS) {
    super("search is loading");
    this.retryAfterS = retryAfterS;
  }
  retryAfterS;
  name = "SearchUnavailable";
};
var Limiter = class {
  constructor(limit, waiting) {
    this.limit = limit;
    this.waiting = waiting;
  }
  limit;
  waiting;
  running = 0;
  queue = [];
  async run(task) {
    if (this.running >= this.limit) {
      if (this.queue.length >= this.waiting) throw new SearchUnavailable(RETRY_AFTER_S);
      await new Promise((resolve) => this.queue.push(resolve));
    } else {
      this.running += 1;
    }
    try {
      return await task();
    } finally {
      const next = this.queue.shift();
      if (next) next();
      else this.running -= 1;
    }
  }
};
var Batcher = class {
  constructor(read) {
    this.read = read;
  }
  read;
  pending = null;
  load(ids) {
    if (!this.pending) {
      const batch = /* @__PURE__ */ new Set();
      const rows = new Promise((resolve) => setImmediate(resolve)).then(async () => {
        this.pending = null;
        return new Map((await this.read([...batch])).map((r) => [r.id, r]));
      });
      this.pending = { ids: batch, rows };
    }
    for (const id of ids) this.pending.ids.add(id);
    return this.pending.rows;
  }
};
var SearchService = class {
  constructor(db, indexes) {
    this.db = db;
    this.indexes = indexes;
    this.rowReads = new Batcher((ids) => documentsByIds(this.db, ids));
  }
  db;
  indexes;
  hotWords = new TtlCache(HOT_TTL_MS);
  hotCourseRows = new TtlCache(HOT_TTL_MS);
  searches = new TtlCache(ANSWER_TTL_MS, Date.now, ANSWER_CACHE_SIZE);
  suggestions = new TtlCache(ANSWER_TTL_MS, Date.now, ANSWER_CACHE_SIZE);
  rows = { generation: -1, byId: /* @__PURE__ */ new Map() };
  rowReads;
  counts = new TtlCache(ANSWER_TTL_MS, Date.now, ANSWER_CACHE_SIZE);
  scans = new Limiter(MAX_SCANS, MAX_WAITING);
  /** Whether searches are answered from the in-memory index yet. */
  get readiness() {
    return this.indexes.readiness;
  }
  search(q, lang) {
    const index = this.indexes.current;
    if (!index) return this.searchUncached(q, lang);
    const key = JSON.stringify([index.generation, lang, q.type, q.page, q.page_size, q.keyword]);
    return this.searches.get(key, () => this.searchUncached(q, lang));
  }
  /**
   * Title matches first, then body-only matches, each in boost order (recent and popular first).
   * Matching and ranking read the in-memory index (while it loads, a scan of search_documents);
   * only the page's rows come from the database.
   */
  async searchUncached(q, lang) {
    const parsed = withTranslations(parseQuery(q.keyword), await this.glossary());
    const base = { keyword: q.keyword, terms: parsed.terms, page: q.page, page_size: q.page_size };
    if (isEmptyQuery(parsed)) return { ...base, items: [], total: 0, total_exact: true, has_more: false };
    const module = q.type === "all" ? null : q.type;
    const offset3 = (q.page - 1) * q.page_size;
    const end = Math.min(offset3 + q.page_size, SEARCH_RESULT_CAP);
    const index = this.indexes.current;
    let counts;
    let ids;
    if (!index) {
      const scan = await this.scans.run(() => scanDocuments(this.db, parsed, module, Math.max(0, end)));
      counts = scan;
      ids = scan.ids.slice(offset3, end);
    } else {
      const snapshot = index.current;
      const query = snapshot.query(parsed, parsed.prefix === null ? [] : snapshot.completions(parsed.prefix));
      const countKey = JSON.stringify([index.generation, q.type, parsed.lexemes, parsed.prefix, parsed.either]);
      const known = this.counts.peek(countKey);
      counts = known ?? { titles: snapshot.count(query, "title", module), bodies: snapshot.count(query, "body", module) };
      if (!known) this.counts.set(countKey, counts);
      const slots = [];
      if (offset3 < end) {
        if (offset3 < counts.titles) slots.push(...snapshot.top(query, "title", module, end).slice(offset3));
        if (end > counts.titles) slots.push(...snapshot.top(query, "body", module, end - counts.titles).slice(Math.max(0, offset3 - counts.titles)));
      }
      ids = slots.map((s) => snapshot.documentId(s));
    }
    const total = counts.titles + counts.bodies;
    const docs = await this.documents(ids, index?.generation ?? -1);
    const items = ids.flatMap((id) => {
      const d = docs.get(id);
      return d ? [presentResult(d, parsed.terms, lang)] : [];
    });
    return { ...base, items, total, total_exact: true, has_more: offset3 < end && end < Math.min(total, SEARCH_RESULT_CAP) };
  }
  /**
   * Result rows by id. The first results of common keywords come back in many searches, so rows
   * read for one index generation are kept (the most recently used ROW_CACHE_SIZE of them); none
   * while the index loads (generation -1).
   */
  async documents(ids, generation) {
    if (generation < 0) return this.rowReads.load(ids);
    if (this.rows.generation !== generation) this.rows = { generation, byId: /* @__PURE__ */ new Map() };
    const cache = this.rows.byId;
    const out = /* @__PURE__ */ new Map();
    const missing = [];
    for (const id of ids) {
      const row = cache.get(id);
      if (!row) {
        missing.push(id);
        continue;
      }
      out.set(id, row);
      cache.delete(id);
      cache.set(id, row);
    }
    if (missing.length === 0) return out;
    const read = await this.rowReads.load(missing);
    for (const id of missing) {
      const row = read.get(id);
      if (!row) continue;
      out.set(id, row);
      if (this.rows.byId !== cache) continue;
      cache.set(id, row);
      if (cache.size > ROW_CACHE_SIZE) cache.delete(cache.keys().next().value);
    }
    return out;
  }
  searchTypes(lang) {
    return presentTabs(lang);
  }
  /**
   * Terms with a translation, searched in both languages: every item has Chinese text and not
   * every one English, so without them an English word misses what is written in Chinese only
   * (lymphoma and the 弥漫大B细胞淋巴瘤 course titled "DLBCL" in English). The hot words are
   * such pairs, kept by the editors in both languages.
   */
  async glossary() {
    const rows = await this.hotWords.get("all", () => publishedHotWords(this.db));
    return rows.flatMap((r) => r.wordEn ? [{ zh: r.wordZh, en: r.wordEn }] : []);
  }
  async hotSearchWords(lang) {
    const rows = await this.hotWords.get("all", () => publishedHotWords(this.db));
    return { items: rows.map((r) => ({ id: r.id, word: pick(lang, r.wordZh, r.wordEn) })) };
  }
  /**
   * Up to SEARCH_SUGGEST_LIMIT distinct suggestions in the caller's language: hot words starting
   * with the word, then titles starting with it (most boosted first), then titles in the other
   * language, then titles containing it anywhere.
   */
  suggest(word, lang) {
    const index = this.indexes.current;
    if (!index) return Promise.reject(new SearchUnavailable(RETRY_AFTER_S));
    const cacheKey = JSON.stringify([index.generation, lang, suggestKey(word)]);
    return this.suggestions.get(cacheKey, () => this.suggestUncached(index, word, lang));
  }
  async suggestUncached(index, word, lang) {
    const key = suggestKey(word);
    const out = /* @__PURE__ */ new Map();
    const add = (term) => {
      const k = suggestKey(term);
      if (k && !out.has(k) && out.size < SEARCH_SUGGEST_LIMIT) out.set(k, term);
    };
    const hot = await this.hotWords.get("all", () => publishedHotWords(this.db));
    for (const h of hot) {
      const w = pick(lang, h.wordZh, h.wordEn);
      if (suggestKey(w).startsWith(key)) add(w);
    }
    const snapshot = index.current;
    const order = HAN_CHARACTER.test(key) ? ["zh"] : lang === "en" ? ["en", "zh"] : ["zh", "en"];
    for (const l of order) for (const term of snapshot.titlesStartingWith(l, key, PREFIX_WINDOW)) add(term);
    const parsed = parseQuery(word);
    if (out.size < SEARCH_SUGGEST_LIMIT && !isEmptyQuery(parsed) && !SHORT_LAST_WORD.test(key)) {
      const query = snapshot.query(parsed, parsed.prefix === null ? [] : snapshot.completions(parsed.prefix), ["title"]);
      const slots = snapshot.top(query, "title", null, SEARCH_SUGGEST_LIMIT * 2);
      for (const slot of slots) add(snapshot.title(slot, lang === "en" ? "en" : "zh"));
    }
    return { items: [...out.values()].map((w) => ({ word: w })) };
  }
  async hotCourses(lang) {
    const rows = await this.hotCourseRows.get("all", () => hotCourses(this.db, HOT_COURSE_LIMIT));
    return { items: rows.map((r) => presentCourse(r, lang)) };
  }
};

// src/modules/search/search.routes.ts
async function answer(req, reply, work) {
  try {
    return ok(await work());
  } catch (err) {
    if (!(err instanceof SearchUnavailable)) throw err;
    reply.header("retry-after", String(err.retryAfterS));
    return sendEnvelope(reply, 503, ErrorCode.UNAVAILABLE, errorMessage(ErrorCode.UNAVAILABLE, req.ctx.lang), { retry_after_s: err.retryAfterS });
  }
}
var searchRoutes = async (instance, { index }) => {
  const app = instance.withTypeProvider();
  app.addHook("onClose", () => index.close());
  const svc = new SearchService(app.db, index);
  app.route({ ...endpointRoute("search"), handler: (req, reply) => answer(req, reply, () => svc.search(req.query, req.ctx.lang)) });
  app.route({ ...endpointRoute("searchType"), handler: async (req) => ok(svc.searchTypes(req.ctx.lang)) });
  app.route({ ...endpointRoute("hotSearchWord"), handler: async (req) => ok(await svc.hotSearchWords(req.ctx.lang)) });
  app.route({
    ...endpointRoute("searchWordRemind"),
    handler: (req, reply) => answer(req, reply, () => svc.suggest(req.query.word, req.ctx.lang))
  });
  app.route({ ...endpointRoute("hotCourse"), handler: async (req) => ok(await svc.hotCourses(req.ctx.lang)) });
};
var search_routes_default = searchRoutes;

// src/plugins/db.ts
import fp5 from "fastify-plugin";
var db_default = fp5(
  async (app, { database }) => {
    app.decorate("database", database);
    app.decorate("db", database.db);
    app.addHook("onClose", async () => {
      await database.close();
    });
  },
  { name: "db" }
);

// src/plugins/drain.ts
import { Server as NetServer } from "node:net";
import fp6 from "fastify-plugin";
var RETRY_AFTER_S2 = 5;
var IDLE_LINGER_MS = 1e3;
var drain_default = fp6(
  async (app) => {
    const server = app.server;
    const connections = /* @__PURE__ */ new Map();
    let state = "serving";
    let onLastClosed;
    const closeWhenQuiet = (socket, conn) => {
      clearTimeout(conn.idleTimer);
      conn.idleTimer = setTimeout(() => {
        if (conn.inFlight.size > 0) return;
        socket.end();
        conn.idleTimer = setTimeout(() => socket.destroy(), IDLE_LINGER_MS);
      }, IDLE_LINGER_MS);
    };
    server.on("connection", (socket) => {
      const conn = { inFlight: /* @__PURE__ */ new Set() };
      connections.set(socket, conn);
      if (state !== "serving") closeWhenQuiet(socket, conn);
      socket.once("close", () => {
        clearTimeout(conn.idleTimer);
        connections.delete(socket);
        if (connections.size === 0) onLastClosed?.();
      });
    });
    server.prependListener("request", (req, res) => {
      const conn = connections.get(req.socket);
      if (!conn) return;
      clearTimeout(conn.idleTimer);
      conn.inFlight.add(res);
      res.once("close", () => {
        conn.inFlight.delete(res);
        if (state !== "serving" && conn.inFlight.size === 0 && !req.socket.destroyed) closeWhenQuiet(req.socket, conn);
      });
    });
    app.addHook("onSend", async (req, reply) => {
      if (state === "serving") return;
      const conn = connections.get(req.raw.socket);
      if (!conn || conn.inFlight.size <= 1) reply.header("connection", "close");
    });
    app.addHook("onRequest", async (req, reply) => {
      if (state !== "closing") return;
      reply.header("retry-after", String(RETRY_AFTER_S2)).header("connection", "close");
      return sendEnvelope(reply, 503, ErrorCode.UNAVAILABLE, errorMessage(ErrorCode.UNAVAILABLE, req.ctx.lang));
    });
    app.addHook("preClose", async () => {
      state = "closing";
    });
    app.decorate("drain", async (timeoutMs) => {
      if (state !== "serving") return { cutOff: 0 };
      state = "draining";
      if (server.listening) NetServer.prototype.close.call(server);
      for (const [socket, conn] of connections) if (conn.inFlight.size === 0) closeWhenQuiet(socket, conn);
      let cutOff = 0;
      if (connections.size > 0) {
        let timer;
        const drained = await Promise.race([
          new Promise((resolve) => onLastClosed = () => resolve(true)),
          new Promise((resolve) => timer = setTimeout(() => resolve(false), timeoutMs))
        ]);
        clearTimeout(timer);
        if (!drained) cutOff = cutOffRemaining(connections);
      }
      state = "closing";
      return { cutOff };
    });
  },
  { name: "drain", dependencies: ["context", "errors"] }
);
function cutOffRemaining(connections) {
  let cutOff = 0;
  for (const [socket, conn] of connections) {
    clearTimeout(conn.idleTimer);
    let midAnswer = false;
    for (const res of conn.inFlight) {
      cutOff++;
      if (res.headersSent) {
        midAnswer = true;
        continue;
      }
      const lang = rawRequestLanguage(res.req.url, res.req.headers["accept-language"]);
      const body = JSON.stringify({ code: ErrorCode.UNAVAILABLE, message: errorMessage(ErrorCode.UNAVAILABLE, lang), data: null });
      res.writeHead(503, {
        "content-type": "application/json; charset=utf-8",
        "content-length": Buffer.byteLength(body),
        "retry-after": String(RETRY_AFTER_S2),
        connection: "close"
      });
      res.end(body);
    }
    if (midAnswer || conn.inFlight.size === 0) socket.destroy();
    else socket.destroySoon();
  }
  return cutOff;
}

// src/plugins/openapi.ts
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import fp7 from "fastify-plugin";
import { jsonSchemaTransform, jsonSchemaTransformObject } from "fastify-type-provider-zod";
import { z as z2 } from "zod";
if (!z2.globalRegistry.has(DepartmentNode)) z2.globalRegistry.add(DepartmentNode, { id: "DepartmentNode" });
var openapi_default = fp7(
  async (app) => {
    await app.register(swagger, {
      openapi: {
        openapi: "3.1.0",
        info: {
          title: "MedPortal API",
          description: "Every response is an envelope {code, message, data}; code 0 = success. Business errors answer HTTP 200 with a non-zero code; transport failures (malformed JSON, body too large, unknown route, internal error) use a real 4xx/5xx status with the same envelope. Common parameters on every call: access_token, platform (web|wechat), language (zh_CN|en), appversion, timezone.",
          version: PRODUCT_VERSION
        }
      },
      transform: jsonSchemaTransform,
      transformObject: jsonSchemaTransformObject
    });
    await app.register(swaggerUi, { routePrefix: "/docs" });
    app.get("/openapi.json", { schema: { hide: true } }, async () => app.swagger());
  },
  { name: "openapi" }
);

// src/plugins/realtime.ts
import { randomUUID } from "node:crypto";
import fp8 from "fastify-plugin";
import { Redis } from "ioredis";
var PRESENCE_TTL_MS = 15e3;
var Handlers = class {
  map = /* @__PURE__ */ new Map();
  add(channel, h) {
    let set = this.map.get(channel);
    const first = !set;
    if (!set) this.map.set(channel, set = /* @__PURE__ */ new Set());
    set.add(h);
    return first;
  }
  remove(channel, h) {
    const set = this.map.get(channel);
    if (!set) return false;
    set.delete(h);
    if (set.size > 0) return false;
    this.map.delete(channel);
    return true;
  }
  emit(channel, message) {
    for (const h of this.map.get(channel) ?? []) {
      try {
        h(message);
      } catch {
      }
    }
  }
};
var MemoryRealtime = class {
  kind = "memory";
  processId = randomUUID();
  handlers = new Handlers();
  counts = /* @__PURE__ */ new Map();
  async publish(channel, message) {
    queueMicrotask(() => this.handlers.emit(channel, message));
  }
  async subscribe(channel, onMessage) {
    this.handlers.add(channel, onMessage);
    return async () => {
      this.handlers.remove(channel, onMessage);
    };
  }
  async setPresence(key, count14) {
    if (count14 > 0) this.counts.set(key, count14);
    else this.counts.delete(key);
  }
  async presence(key) {
    return this.counts.get(key) ?? 0;
  }
  async close() {
  }
};
var RedisRealtime = class {
  constructor(url, prefix) {
    this.prefix = prefix;
    this.pub = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 3 });
    this.sub = new Redis(url, { lazyConnect: true });
    this.sub.on("message", (channel, message) => this.handlers.emit(channel.slice(this.prefix.length), message));
    this.pub.on("error", () => void 0);
    this.sub.on("error", () => void 0);
  }
  prefix;
  kind = "redis";
  processId = randomUUID();
  pub;
  sub;
  handlers = new Handlers();
  closed = false;
  /** Fails (and stops retrying) when Redis does not answer at start: a misconfiguration, not a blip. */
  async connect() {
    try {
      await Promise.all([this.pub.connect(), this.sub.connect()]);
    } catch (err) {
      this.pub.disconnect();
      this.sub.disconnect();
      throw err;
    }
  }
  async publish(channel, message) {
    if (this.closed) return;
    await this.pub.publish(this.prefix + channel, message);
  }
  async subscribe(channel, onMessage) {
    if (this.handlers.add(channel, onMessage)) await this.sub.subscribe(this.prefix + channel);
    return async () => {
      if (this.handlers.remove(channel, onMessage) && !this.closed) await this.sub.unsubscribe(this.prefix + channel);
    };
  }
  /** A hash per key: field = process, value = `count:expiresAtMs`. */
  async setPresence(key, count14) {
    const hash = `${this.prefix}presence:${key}`;
    if (this.closed) return;
    if (count14 > 0) {
      await this.pub.multi().hset(hash, this.processId, `${count14}:${Date.now() + PRESENCE_TTL_MS}`).pexpire(hash, PRESENCE_TTL_MS * 4).exec();
    } else {
      await this.pub.hdel(hash, this.processId);
    }
  }
  async presence(key) {
    const hash = `${this.prefix}presence:${key}`;
    const all = await this.pub.hgetall(hash);
    const now = Date.now();
    let total = 0;
    const stale = [];
    for (const [proc, value] of Object.entries(all)) {
      const [count14, until] = value.split(":").map(Number);
      if (until > now) total += count14;
      else stale.push(proc);
    }
    if (stale.length > 0) await this.pub.hdel(hash, ...stale);
    return total;
  }
  async close() {
    this.closed = true;
    await Promise.allSettled([this.sub.quit(), this.pub.quit()]);
  }
};
var realtime_default = fp8(
  async (app, { redis }) => {
    let realtime;
    if (redis) {
      const r = new RedisRealtime(redis.url, redis.prefix);
      await r.connect();
      realtime = r;
      app.log.info("live-room events fan out through Redis");
    } else {
      realtime = new MemoryRealtime();
    }
    app.decorate("realtime", realtime);
    app.addHook("onClose", async () => realtime.close());
  },
  { name: "realtime" }
);

// src/plugins/security.ts
import { constants as zlib2 } from "node:zlib";
import compress from "@fastify/compress";
import helmet from "@fastify/helmet";
import fp9 from "fastify-plugin";
var CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", "data:", "blob:"],
  mediaSrc: ["'self'", "blob:"],
  connectSrc: ["'self'"],
  fontSrc: ["'self'", "data:"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  frameAncestors: ["'self'"],
  formAction: ["'self'"],
  // Off: plain http in development and tests, and behind a TLS terminator the browser already uses https.
  upgradeInsecureRequests: null
};
function cspDirectives(mediaOrigins = []) {
  const origins = [...new Set(mediaOrigins)];
  return {
    ...CSP_DIRECTIVES,
    imgSrc: [...CSP_DIRECTIVES.imgSrc, ...origins],
    mediaSrc: [...CSP_DIRECTIVES.mediaSrc, ...origins],
    connectSrc: [...CSP_DIRECTIVES.connectSrc, ...origins]
  };
}
var HSTS = "max-age=31536000; includeSubDomains";
var security_default = fp9(
  async (app, opts) => {
    await app.register(helmet, {
      contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(opts.mediaOrigins) },
      // The app is embedded in native web views and mini-programs; COEP would block their images.
      crossOriginEmbedderPolicy: false,
      // HSTS below: only meaningful, and only honoured by browsers, on an https answer.
      strictTransportSecurity: false
    });
    app.addHook("onRequest", async (req, reply) => {
      if (req.protocol === "https") reply.header("strict-transport-security", HSTS);
    });
    await app.register(compress, {
      global: true,
      encodings: ["br", "gzip"],
      threshold: 1024,
      // Quality 4 keeps brotli on par with gzip for CPU while still smaller.
      brotliOptions: { params: { [zlib2.BROTLI_PARAM_QUALITY]: 4 } }
    });
  },
  { name: "security" }
);

// src/plugins/web.ts
import { existsSync, readFileSync } from "node:fs";
import { join as join2, sep } from "node:path";
import fastifyStatic from "@fastify/static";
import fp10 from "fastify-plugin";
var SITE_TITLE = {
  zh: "\u533B\u5B66\u6559\u80B2\u4E0E\u5B66\u672F\u4F1A\u8BAE\u5E73\u53F0",
  en: "Medical Education & Academic Conference Portal"
};
var PAGE_TITLES = [
  ["/meeting/calendar", "\u56FD\u9645\u4F1A\u8BAE\u65E5\u5386", "International Meeting Calendar"],
  ["/live", "\u4F1A\u8BAE\u76F4\u64AD", "Conferences"],
  ["/w/o/live", "\u76F4\u64AD\u95F4", "Live Room"],
  ["/w/o/vod", "\u56DE\u653E", "Recording"],
  ["/course", "\u8BFE\u7A0B", "Courses"],
  ["/news", "\u8D44\u8BAF", "News"],
  ["/topic", "\u4E13\u9898", "Topics"],
  ["/column", "\u680F\u76EE", "Programmes"],
  ["/speaker", "\u4E13\u5BB6", "Speakers"],
  ["/search", "\u641C\u7D22", "Search"],
  ["/login", "\u767B\u5F55", "Log in"],
  ["/register", "\u6CE8\u518C", "Register"],
  ["/user", "\u4E2A\u4EBA\u4E2D\u5FC3", "My Account"],
  ["/about_us", "\u5173\u4E8E\u6211\u4EEC", "About us"],
  ["/about/w", "\u5173\u4E8E\u6211\u4EEC", "About us"],
  ["/contact_us", "\u8054\u7CFB\u6211\u4EEC", "Contact us"],
  ["/contract", "\u7528\u6237\u670D\u52A1\u534F\u8BAE", "User Agreement"],
  ["/privacy/sdk", "\u7B2C\u4E09\u65B9 SDK \u76EE\u5F55", "Third-party SDK list"],
  ["/privacy", "\u9690\u79C1\u653F\u7B56", "Privacy Policy"]
];
function pageTitle(pathname, lang) {
  if (pathname === "/" || pathname === "") return SITE_TITLE[lang];
  const hit = PAGE_TITLES.find(([prefix]) => pathname === prefix || pathname.startsWith(`${prefix}/`));
  if (!hit) return SITE_TITLE[lang];
  return `${lang === "en" ? hit[2] : hit[1]} - ${SITE_TITLE[lang]}`;
}
var escapeHtml2 = (s) => s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c);
function spaLanguage(req) {
  const q = req.query?.lang;
  if (q === "en" || q === "zh") return q;
  return languageFromHeader(req.headers["accept-language"]) === "en" ? "en" : "zh";
}
var NOT_BUILT_HTML = `<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8"><title>Web app not built</title></head>
<body style="font-family:system-ui,sans-serif;max-width:40rem;margin:4rem auto;line-height:1.6">
<h1>\u7F51\u9875\u5E94\u7528\u5C1A\u672A\u6784\u5EFA / The web app is not built</h1>
<p>\u670D\u52A1\u5668\u6B63\u5728\u8FD0\u884C\uFF0CAPI \u53EF\u7528\uFF08<a href="/docs">/docs</a>\uFF09\uFF0C\u4F46\u627E\u4E0D\u5230\u524D\u7AEF\u6784\u5EFA\u4EA7\u7269\u3002\u8BF7\u8FD0\u884C <code>npm run build</code> \u540E\u91CD\u542F\u670D\u52A1\u3002</p>
<p>The server is running and the API works (<a href="/docs">/docs</a>), but the built web app was not found.
Run <code>npm run build</code> and restart the server (or point WEB_DIST at a build).</p>
</body></html>`;
var web_default = fp10(
  async (app, { webDist }) => {
    const indexPath = join2(webDist, "index.html");
    const template = existsSync(indexPath) ? readFileSync(indexPath, "utf8") : null;
    if (!template) app.log.warn({ webDist }, "web app not built: non-API pages answer 503");
    if (template) {
      await app.register(fastifyStatic, {
        root: webDist,
        prefix: "/",
        // One route per file found at start: no file-system probe for unknown paths.
        wildcard: false,
        index: false,
        cacheControl: false,
        // index.html must go through serveSpa (title, no-cache).
        allowedPath: (pathname) => pathname !== "/index.html",
        setHeaders: (reply, filePath) => {
          const immutable = filePath.startsWith(join2(webDist, "assets") + sep);
          reply.header("cache-control", immutable ? "public, max-age=31536000, immutable" : "public, max-age=600");
        }
      });
    }
    const rendered = /* @__PURE__ */ new Map();
    const render = (lang, title) => {
      const key = `${lang}\0${title}`;
      let html = rendered.get(key);
      if (html === void 0 && template) {
        const withTitle = /<title>[\s\S]*?<\/title>/i.test(template) ? template.replace(/<title>[\s\S]*?<\/title>/i, `<title>${escapeHtml2(title)}</title>`) : template.replace(/<head([^>]*)>/i, `<head$1><title>${escapeHtml2(title)}</title>`);
        html = withTitle.replace(/<html([^>]*?)\slang="[^"]*"/i, "<html$1").replace(
          /<html/i,
          `<html lang="${lang === "en" ? "en" : "zh-CN"}"`
        );
        rendered.set(key, html);
      }
      return html ?? "";
    };
    app.decorate("serveSpa", function serveSpa(req, reply) {
      const raw = req.url.split("?", 1)[0] ?? "/";
      const pathname = raw === "/index.html" ? "/" : raw;
      if (pathname.startsWith("/assets/") || /\.[a-z0-9]{1,8}$/i.test(pathname)) {
        return reply.code(404).type("text/plain; charset=utf-8").header("cache-control", "no-store").send("Not Found");
      }
      if (!template) {
        return reply.code(503).type("text/html; charset=utf-8").header("cache-control", "no-store").send(NOT_BUILT_HTML);
      }
      const lang = spaLanguage(req);
      return reply.code(200).type("text/html; charset=utf-8").header("cache-control", "no-cache").header("vary", "Accept-Language").send(render(lang, pageTitle(pathname, lang)));
    });
  },
  { name: "web" }
);

// src/modules/search/search.memory.ts
import { sql as sql10 } from "drizzle-orm";

// src/modules/search/search.snapshot.ts
var Postings = class {
  constructor(data, size) {
    this.data = data;
    this.size = size;
  }
  data;
  size;
  /** Common lexemes: the list's ranked slots as a bitset too, for word-at-a-time intersections. */
  bits = null;
  push(slot) {
    if (this.size === this.data.length) {
      const grown = new Int32Array(Math.max(4, this.data.length * 2));
      grown.set(this.data);
      this.data = grown;
    }
    this.data[this.size++] = slot;
  }
};
var DENSE_SHARE = 1 / 32;
var DENSE_MIN = 512;
var bitOf = (bits, slot) => (bits[slot >>> 5] & 1 << (slot & 31)) !== 0;
function popcount(x) {
  x -= x >>> 1 & 1431655765;
  x = (x & 858993459) + (x >>> 2 & 858993459);
  x = x + (x >>> 4) & 252645135;
  return Math.imul(x, 16843009) >>> 24;
}
var MODULE_CODE = new Map(SEARCH_MODULES.map((m, i) => [m, i]));
var COMPLETIONS = 8;
function lowerBound(list, key, keyOf) {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = lo + hi >> 1;
    if (keyOf(list[mid]) < key) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
function gallop(list, size, from, target) {
  let step = 1;
  let hi = from;
  while (hi < size && list[hi] < target) {
    from = hi + 1;
    hi += step;
    step *= 2;
  }
  hi = Math.min(hi, size);
  while (from < hi) {
    const mid = from + hi >> 1;
    if (list[mid] < target) from = mid + 1;
    else hi = mid;
  }
  return from;
}
var FieldPostings = class {
  offsets = new Int32Array(1);
  data = new Int32Array(0);
  added = /* @__PURE__ */ new Map();
  /** Built and added slots of a lexeme in one list, kept until the lexeme gets another slot. */
  merged = /* @__PURE__ */ new Map();
  bits = /* @__PURE__ */ new Map();
  /** Lists of the build: `termsOf(slot)` gives each slot's term ids; slots in order. */
  fill(terms, slots, termsOf) {
    const counts = new Int32Array(terms + 1);
    for (let slot = 0; slot < slots; slot++) for (const t of termsOf(slot)) counts[t + 1] = counts[t + 1] + 1;
    for (let t = 0; t < terms; t++) counts[t + 1] = counts[t + 1] + counts[t];
    this.offsets = counts.slice();
    this.data = new Int32Array(counts[terms]);
    for (let slot = 0; slot < slots; slot++) {
      for (const t of termsOf(slot)) {
        this.data[counts[t]] = slot;
        counts[t] = counts[t] + 1;
      }
    }
  }
  built(t) {
    return t + 1 < this.offsets.length ? [this.offsets[t], this.offsets[t + 1]] : [0, 0];
  }
  size(t) {
    const [from, to] = this.built(t);
    return to - from + (this.added.get(t)?.size ?? 0);
  }
  /** Bitsets for the lists holding at least `dense` slots of the build. */
  buildBits(dense, words) {
    for (let t = 0; t + 1 < this.offsets.length; t++) {
      const [from, to] = this.built(t);
      if (to - from < dense) continue;
      const bits = new Uint32Array(words);
      for (let i = from; i < to; i++) {
        const slot = this.data[i];
        bits[slot >>> 5] = bits[slot >>> 5] | 1 << (slot & 31);
      }
      this.bits.set(t, bits);
    }
  }
  push(t, slot) {
    let list = this.added.get(t);
    if (!list) this.added.set(t, list = new Postings(new Int32Array(4), 0));
    list.push(slot);
    this.merged.delete(t);
  }
  list(t) {
    const [from, to] = this.built(t);
    const extra = this.added.get(t);
    if (!extra) return to > from ? withBits(new Postings(this.data.subarray(from, to), to - from), this.bits.get(t)) : null;
    let m = this.merged.get(t);
    if (!m) {
      const data = new Int32Array(to - from + extra.size);
      data.set(this.data.subarray(from, to));
      data.set(extra.data.subarray(0, extra.size), to - from);
      m = withBits(new Postings(data, data.length), this.bits.get(t));
      this.merged.set(t, m);
    }
    return m;
  }
  bytes() {
    let n = this.offsets.byteLength + this.data.byteLength;
    for (const b of this.bits.values()) n += b.byteLength;
    for (const a of this.added.values()) n += a.data.byteLength + 64;
    return n;
  }
  postings() {
    let n = this.data.length;
    for (const a of this.added.values()) n += a.size;
    return n;
  }
};
function withBits(p, bits) {
  p.bits = bits ?? null;
  return p;
}
var SuggestionList = class {
  constructor(termOf) {
    this.termOf = termOf;
  }
  termOf;
  /** Slots of the build in key order, and their keys end to end. */
  sorted = new Int32Array(0);
  keys = "";
  offsets = new Int32Array(1);
  added = [];
  keyOf(slot) {
    return suggestKey(this.termOf(slot));
  }
  get bytes() {
    return this.sorted.byteLength + this.offsets.byteLength + 2 * this.keys.length;
  }
  sort(slots) {
    const keys = new Array(slots);
    const order = [];
    for (let slot = 0; slot < slots; slot++) {
      keys[slot] = this.keyOf(slot);
      if (keys[slot]) order.push(slot);
    }
    order.sort((a, b) => keys[a] < keys[b] ? -1 : keys[a] > keys[b] ? 1 : a - b);
    this.sorted = Int32Array.from(order);
    this.offsets = new Int32Array(order.length + 1);
    const parts = [];
    let at = 0;
    order.forEach((slot, i) => {
      parts.push(keys[slot]);
      at += keys[slot].length;
      this.offsets[i + 1] = at;
    });
    this.keys = parts.join("");
  }
  /** Whether the i-th built key sorts before `prefix`. */
  below(i, prefix) {
    const from = this.offsets[i];
    const length = this.offsets[i + 1] - from;
    for (let k = 0; k < prefix.length; k++) {
      if (k === length) return true;
      const a = this.keys.charCodeAt(from + k);
      const b = prefix.charCodeAt(k);
      if (a !== b) return a < b;
    }
    return false;
  }
  add(slot) {
    const key = this.keyOf(slot);
    if (key) this.added.splice(lowerBound(this.added, key, (e) => e.key), 0, { key, slot });
  }
  /** Up to `limit` slots (passing `keep`) whose key starts with `prefix`, in key order. */
  startingWith(prefix, limit, keep) {
    let lo = 0;
    let hi = this.sorted.length;
    while (lo < hi) {
      const mid = lo + hi >> 1;
      if (this.below(mid, prefix)) lo = mid + 1;
      else hi = mid;
    }
    const found = [];
    for (let i = lo; i < this.sorted.length && found.length < limit; i++) {
      const from = this.offsets[i];
      const to = this.offsets[i + 1];
      if (to - from < prefix.length || !this.keys.startsWith(prefix, from)) break;
      const slot = this.sorted[i];
      if (keep(slot)) found.push({ key: this.keys.slice(from, to), slot });
    }
    let taken = 0;
    for (let i = lowerBound(this.added, prefix, (e) => e.key); i < this.added.length && taken < limit; i++) {
      const e = this.added[i];
      if (!e.key.startsWith(prefix)) break;
      if (keep(e.slot)) {
        found.push(e);
        taken += 1;
      }
    }
    found.sort((a, b) => a.key < b.key ? -1 : a.key > b.key ? 1 : a.slot - b.slot);
    return found.slice(0, limit).map((e) => e.slot);
  }
};
var SearchSnapshot = class {
  ids = new Int32Array(1024);
  modules = new Uint8Array(1024);
  boosts = new Float64Array(1024);
  versions = new Float64Array(1024);
  alive = new Uint8Array(1024);
  titlesZh = [];
  titlesEn = [];
  /** Slots below this are in result order; the tail after it is not. */
  ranked = 0;
  size = 0;
  dead = 0;
  lexicon = /* @__PURE__ */ new Map();
  titleLists = new FieldPostings();
  bodyLists = new FieldPostings();
  /** Latin words of the lexicon in code-unit order, for prefix completion. */
  words = [];
  /** Live slot per item (`itemKey`). */
  slotOf = /* @__PURE__ */ new Map();
  suggestions = {
    zh: new SuggestionList((slot) => this.titlesZh[slot]),
    en: new SuggestionList((slot) => this.titlesEn[slot] || this.titlesZh[slot])
  };
  aliveBits = new Uint32Array(0);
  moduleBits = [];
  /** Scratch bitset for unions. */
  marks = new Uint32Array(0);
  /** A snapshot of `documents`, which must come in result order (boost desc, id desc). */
  static build(documents) {
    const b = new SnapshotBuilder();
    let rank = 0;
    for (const d of documents) b.add(rank++, d);
    return b.build();
  }
  /** Documents searchable now. */
  get documents() {
    return this.size - this.dead;
  }
  /** Slots added since the snapshot was built, and slots of documents since changed or removed. */
  get drift() {
    return this.size - this.ranked + this.dead;
  }
  /** Lexemes, posting entries and an estimate of the memory they take. */
  stats() {
    let bytes = this.size * 26 + this.titleLists.bytes() + this.bodyLists.bytes() + this.aliveBits.byteLength * 7;
    for (const [l] of this.lexicon) bytes += 2 * l.length + 48;
    for (let i = 0; i < this.size; i++) bytes += 2 * (this.titlesZh[i].length + (this.titlesEn[i]?.length ?? 0)) + 32;
    bytes += this.suggestions.zh.bytes + this.suggestions.en.bytes + this.slotOf.size * 32;
    return { documents: this.documents, lexemes: this.lexicon.size, postings: this.titleLists.postings() + this.bodyLists.postings(), bytes };
  }
  /** Builder use: term ids of lexemes, new lexemes added. */
  intern(lexemes) {
    const out = [];
    for (const l of lexemes) out.push(this.termId(l));
    return out;
  }
  /** Builder use: documents added (with `addSlot`) in result order, with their term ids. */
  fill(titleTerms, bodyTerms) {
    this.titleLists.fill(this.lexicon.size, this.size, titleTerms);
    this.bodyLists.fill(this.lexicon.size, this.size, bodyTerms);
    this.ranked = this.size;
    this.buildBitsets();
    this.words.sort();
    this.suggestions.zh.sort(this.size);
    this.suggestions.en.sort(this.size);
  }
  termId(lexeme) {
    let t = this.lexicon.get(lexeme);
    if (t === void 0) {
      t = this.lexicon.size;
      this.lexicon.set(lexeme, t);
      if (!isHan(lexeme)) this.words.push(lexeme);
    }
    return t;
  }
  /** Builder use; `put` adds a document after the build. */
  addSlot(d) {
    if (this.size === this.ids.length) {
      const n = this.ids.length * 2;
      const grow = (a, make) => {
        const b = make(n);
        b.set(a);
        return b;
      };
      this.ids = grow(this.ids, (k) => new Int32Array(k));
      this.modules = grow(this.modules, (k) => new Uint8Array(k));
      this.boosts = grow(this.boosts, (k) => new Float64Array(k));
      this.versions = grow(this.versions, (k) => new Float64Array(k));
      this.alive = grow(this.alive, (k) => new Uint8Array(k));
    }
    const slot = this.size++;
    this.ids[slot] = d.id;
    this.modules[slot] = MODULE_CODE.get(d.module) ?? 255;
    this.boosts[slot] = d.boost;
    this.versions[slot] = d.version ?? 0;
    this.alive[slot] = 1;
    this.titlesZh[slot] = d.titleZh;
    this.titlesEn[slot] = d.titleEn;
    const key = itemKey(d.module, d.itemId);
    const old = this.slotOf.get(key);
    if (old !== void 0) this.kill(old);
    this.slotOf.set(key, slot);
    return slot;
  }
  kill(slot) {
    if (this.alive[slot] === 1) {
      this.alive[slot] = 0;
      this.dead += 1;
      if (slot < this.ranked) this.aliveBits[slot >>> 5] = this.aliveBits[slot >>> 5] & ~(1 << (slot & 31));
    }
  }
  /** Bitsets over the ranked slots: live ones, each module's, and each common lexeme's. */
  buildBitsets() {
    const words = this.ranked + 31 >>> 5;
    const set = (bits, slot) => {
      bits[slot >>> 5] = bits[slot >>> 5] | 1 << (slot & 31);
    };
    this.aliveBits = new Uint32Array(words);
    this.moduleBits = SEARCH_MODULES.map(() => new Uint32Array(words));
    for (let slot = 0; slot < this.ranked; slot++) {
      if (this.alive[slot] !== 1) continue;
      set(this.aliveBits, slot);
      const m = this.moduleBits[this.modules[slot]];
      if (m) set(m, slot);
    }
    const dense = Math.max(DENSE_MIN, this.ranked * DENSE_SHARE);
    this.titleLists.buildBits(dense, words);
    this.bodyLists.buildBits(dense, words);
  }
  /** Adds or replaces a document after the snapshot was built; it goes to the tail. */
  put(d) {
    const current = this.slotOf.get(itemKey(d.module, d.itemId));
    if (current !== void 0 && d.version !== void 0 && this.versions[current] === d.version) return;
    const slot = this.addSlot(d);
    const wordsBefore = this.words.length;
    for (const l of d.titleLexemes) this.titleLists.push(this.termId(l), slot);
    for (const l of d.bodyLexemes) this.bodyLists.push(this.termId(l), slot);
    for (const w of this.words.splice(wordsBefore)) this.words.splice(lowerBound(this.words, w, (x) => x), 0, w);
    this.suggestions.zh.add(slot);
    this.suggestions.en.add(slot);
  }
  /** Removes a document (unpublished or deleted). */
  remove(module, itemId) {
    const key = itemKey(module, itemId);
    const slot = this.slotOf.get(key);
    if (slot === void 0) return;
    this.kill(slot);
    this.slotOf.delete(key);
  }
  /** The lexemes a trailing prefix stands for: the word itself and its most frequent completions. */
  completions(prefix) {
    const out = [];
    for (let i = lowerBound(this.words, prefix, (x) => x); i < this.words.length; i++) {
      const w = this.words[i];
      if (!w.startsWith(prefix)) break;
      const t = this.lexicon.get(w);
      out.push([w, this.titleLists.size(t) + this.bodyLists.size(t)]);
    }
    out.sort((a, b) => Number(b[0] === prefix) - Number(a[0] === prefix) || b[1] - a[1] || a[0].length - b[0].length);
    return out.slice(0, COMPLETIONS + 1).map(([w]) => w);
  }
  list(field, lexeme) {
    const t = this.lexicon.get(lexeme);
    if (t === void 0) return null;
    return (field === "title" ? this.titleLists : this.bodyLists).list(t);
  }
  /** One list holding every slot of any of `lists`, in order (gathered in a bitset, read 32 at a time). */
  union(lists) {
    if (lists.length === 1) return lists[0];
    const words = this.size + 31 >>> 5;
    if (this.marks.length < words) this.marks = new Uint32Array(this.ids.length + 31 >>> 5);
    const marks = this.marks;
    let lo = this.size;
    let hi = -1;
    let n = 0;
    for (const p of lists) {
      for (let i = 0; i < p.size; i++) {
        const s = p.data[i];
        const w = s >>> 5;
        const bit = 1 << (s & 31);
        if ((marks[w] & bit) === 0) {
          marks[w] = marks[w] | bit;
          n += 1;
        }
      }
      if (p.size > 0) {
        lo = Math.min(lo, p.data[0]);
        hi = Math.max(hi, p.data[p.size - 1]);
      }
    }
    const out = new Int32Array(n);
    let k = 0;
    for (let w = lo >>> 5; w <= hi >>> 5; w++) {
      let x = marks[w];
      if (x === 0) continue;
      marks[w] = 0;
      while (x !== 0) {
        out[k++] = w << 5 | 31 - Math.clz32(x & -x);
        x &= x - 1;
      }
    }
    return new Postings(out, n);
  }
  /** The lists a match of `field` is in, every one of them (shortest first), or null for none. */
  clauses(q, field, completions) {
    const lists = [];
    for (const l of q.lexemes) {
      const p = this.list(field, l);
      if (!p) return null;
      lists.push(p);
    }
    if (q.prefix !== null) {
      const alternatives = completions.flatMap((w) => this.list(field, w) ?? []);
      if (alternatives.length === 0) return null;
      lists.push(this.union(alternatives));
    }
    for (const group of q.either ?? []) {
      const alternatives = [];
      for (const lexemes of group) {
        const all = lexemes.map((l) => this.list(field, l));
        if (all.every((p) => p !== null)) alternatives.push(this.intersect(all));
      }
      if (alternatives.length === 0) return null;
      lists.push(this.union(alternatives));
    }
    return lists.length === 0 ? null : lists.sort((a, b) => a.size - b.size);
  }
  /** The slots in every one of `lists` (dead ones too: the walk skips them). */
  intersect(lists) {
    if (lists.length === 1) return lists[0];
    const sorted = [...lists].sort((a, b) => a.size - b.size);
    const first = sorted[0];
    const out = new Int32Array(first.size);
    const cursors = new Int32Array(sorted.length);
    let n = 0;
    for (let i = 0; i < first.size; i++) {
      const slot = first.data[i];
      const all = this.inAll(sorted, slot, cursors, 1);
      if (all === null) break;
      if (all) out[n++] = slot;
    }
    return new Postings(out, n);
  }
  /**
   * A keyword resolved against this snapshot: title matches hold every lexeme in the title, body
   * matches in the body (and, with a prefix, one of its completions). `tiers`: the ones to be read.
   */
  query(q, completions = [], tiers = ["title", "body"]) {
    return {
      title: tiers.includes("title") ? this.clauses(q, "title", completions) : null,
      body: tiers.includes("body") ? this.clauses(q, "body", completions) : null
    };
  }
  /** Whether `slot` is in every one of `lists` (`cursors`: where each gallop resumes; slots only grow). */
  inAll(lists, slot, cursors, start) {
    for (let j = start; j < lists.length; j++) {
      const p = lists[j];
      if (p.bits && slot < this.ranked) {
        if (!bitOf(p.bits, slot)) return false;
        continue;
      }
      const at = gallop(p.data, p.size, cursors[j], slot);
      cursors[j] = at;
      if (at >= p.size) return null;
      if (p.data[at] !== slot) return false;
    }
    return true;
  }
  /**
   * Walks, in slot order, the live slots (of module `code`, -1 for any) in every one of `lists`
   * (shortest first) from slot `from` on, skipping slots in every one of `exclude`; `visit`
   * returns false to stop. Where every list has a bitset, the ranked slots are read 32 at a time.
   */
  walk(lists, code, exclude, from, visit) {
    const skip = exclude ? new Int32Array(exclude.length) : null;
    const excluded = (slot) => exclude !== null && this.inAll(exclude, slot, skip, 0) === true;
    if (from < this.ranked && lists.every((p) => p.bits)) {
      if (code === -2) return;
      const last = this.ranked - 1 >>> 5;
      for (let w = from >>> 5; w <= last; w++) {
        let x = this.denseWord(lists, code, w);
        if (w === from >>> 5) x &= ~0 << (from & 31);
        while (x !== 0) {
          const slot = w << 5 | 31 - Math.clz32(x & -x);
          x &= x - 1;
          if (!excluded(slot) && !visit(slot)) return;
        }
      }
      from = this.ranked;
    }
    const first = lists[0];
    const cursors = new Int32Array(lists.length);
    for (let i = gallop(first.data, first.size, 0, from); i < first.size; i++) {
      const slot = first.data[i];
      if (this.alive[slot] !== 1 || code !== -1 && this.modules[slot] !== code) continue;
      const all = this.inAll(lists, slot, cursors, 1);
      if (all === null) return;
      if (all && !excluded(slot) && !visit(slot)) return;
    }
  }
  /** Word `w` of the live slots (of module `code`, -1 for any) in every one of `lists`, which all have bitsets. */
  denseWord(lists, code, w) {
    let x = this.aliveBits[w];
    if (code !== -1) x &= this.moduleBits[code][w];
    for (let j = 0; j < lists.length && x !== 0; j++) x &= lists[j].bits[w];
    return x;
  }
  code(module) {
    return module === null ? -1 : MODULE_CODE.get(module) ?? -2;
  }
  /** Live slots (of `module`) in every one of `lists`. */
  countIn(lists, module) {
    const code = this.code(module);
    if (code === -2) return 0;
    if (lists.length === 1 && code === -1 && this.dead === 0) return lists[0].size;
    const sorted = [...lists].sort((a, b) => a.size - b.size);
    let n = 0;
    let from = 0;
    if (this.ranked > 0 && sorted.every((p) => p.bits)) {
      const words = this.ranked + 31 >>> 5;
      for (let w = 0; w < words; w++) {
        const x = this.denseWord(sorted, code, w);
        if (x !== 0) n += popcount(x);
      }
      from = this.ranked;
    }
    this.walk(sorted, code, null, from, () => {
      n += 1;
      return true;
    });
    return n;
  }
  /** Matches of a tier: `title`, or `body` without the title matches. */
  count(q, tier, module) {
    if (tier === "title") return q.title ? this.countIn(q.title, module) : 0;
    if (!q.body) return 0;
    const both = q.title ? this.countIn([...q.body, ...q.title], module) : 0;
    return this.countIn(q.body, module) - both;
  }
  /**
   * The first `keep` matches of a tier in result order. Slots below `ranked` come in result order
   * already, so the walk stops after `keep` of them; the tail after them is ranked here.
   */
  top(q, tier, module, keep) {
    const lists = tier === "title" ? q.title : q.body;
    if (!lists || keep <= 0) return [];
    const exclude = tier === "body" ? q.title : null;
    const code = this.code(module);
    const head = [];
    this.walk(lists, code, exclude, 0, (slot) => {
      if (slot >= this.ranked) return false;
      head.push(slot);
      return head.length < keep;
    });
    if (this.ranked === this.size) return head;
    const tail = [];
    this.walk(lists, code, exclude, this.ranked, (slot) => {
      tail.push(slot);
      return true;
    });
    if (tail.length === 0) return head;
    tail.sort((a, b) => this.before(a, b));
    const out = [];
    let i = 0;
    let j = 0;
    while (out.length < keep && (i < head.length || j < tail.length)) {
      if (j >= tail.length || i < head.length && this.before(head[i], tail[j]) <= 0) out.push(head[i++]);
      else out.push(tail[j++]);
    }
    return out;
  }
  /** Result order between two slots: higher boost first, then the newer document. */
  before(a, b) {
    return this.boosts[b] - this.boosts[a] || this.ids[b] - this.ids[a];
  }
  /** The search_documents id of a slot. */
  documentId(slot) {
    return this.ids[slot];
  }
  title(slot, lang) {
    return lang === "en" ? this.titlesEn[slot] || this.titlesZh[slot] : this.titlesZh[slot];
  }
  /**
   * Titles in `lang` whose suggestion key starts with `prefix`: the first `window` live ones in
   * key order, then the most boosted first.
   */
  titlesStartingWith(lang, prefix, window) {
    const slots = this.suggestions[lang].startingWith(prefix, window, (slot) => this.alive[slot] === 1);
    slots.sort((a, b) => this.before(a, b));
    return slots.map((slot) => this.title(slot, lang));
  }
};
var itemKey = (module, itemId) => itemId * 8 + (MODULE_CODE.get(module) ?? 7);
var SnapshotBuilder = class {
  snapshot = new SearchSnapshot();
  docs = [];
  /** Per rank: where its title and body term ids start in `terms`, and how many there are. */
  spans = new Int32Array(4 * 1024);
  terms = new Int32Array(1 << 16);
  used = 0;
  add(rank, d) {
    const { titleLexemes, bodyLexemes, ...meta } = d;
    this.docs[rank] = meta;
    if (4 * rank + 4 > this.spans.length) {
      const grown = new Int32Array(Math.max(this.spans.length * 2, 4 * rank + 4));
      grown.set(this.spans);
      this.spans = grown;
    }
    const title = this.snapshot.intern(titleLexemes);
    const body = this.snapshot.intern(bodyLexemes);
    if (this.used + title.length + body.length > this.terms.length) {
      const grown = new Int32Array(Math.max(this.terms.length * 2, this.used + title.length + body.length));
      grown.set(this.terms.subarray(0, this.used));
      this.terms = grown;
    }
    this.spans.set([this.used, title.length, this.used + title.length, body.length], 4 * rank);
    this.terms.set(title, this.used);
    this.terms.set(body, this.used + title.length);
    this.used += title.length + body.length;
  }
  build() {
    const ranks = [];
    this.docs.forEach((meta, rank) => {
      if (!meta) return;
      this.snapshot.addSlot(meta);
      ranks.push(rank);
    });
    const span = (slot, part) => {
      const at = 4 * ranks[slot] + part;
      const from = this.spans[at];
      return this.terms.subarray(from, from + this.spans[at + 1]);
    };
    this.snapshot.fill(
      (slot) => span(slot, 0),
      (slot) => span(slot, 2)
    );
    this.docs.length = 0;
    this.terms = new Int32Array(0);
    return this.snapshot;
  }
};

// src/modules/search/search.memory.ts
var LOAD_BATCH = 5e3;
var DEFAULT_POLL_MS = 1e3;
var documentColumns = sql10`id, module, item_id, title_zh, title_en, boost, (extract(epoch from updated_at) * 1000)::float8 as version,
  title_tsv::text as title_tsv, body_tsv::text as body_tsv`;
function toDocument(r) {
  return {
    id: Number(r.id),
    module: r.module,
    itemId: Number(r.item_id),
    titleZh: r.title_zh,
    titleEn: r.title_en,
    boost: Number(r.boost),
    version: Number(r.version),
    titleLexemes: vectorLexemes(r.title_tsv),
    bodyLexemes: vectorLexemes(r.body_tsv)
  };
}
var yieldToEventLoop = () => new Promise((resolve) => setImmediate(resolve));
async function loadSnapshot(db, signal) {
  await yieldToEventLoop();
  const order = await queryRows(db, sql10`select id, boost from search_documents where visible`);
  order.sort((a, b) => Number(b.boost) - Number(a.boost) || b.id - a.id);
  const rank = /* @__PURE__ */ new Map();
  order.forEach((r, i) => rank.set(r.id, i));
  const builder = new SnapshotBuilder();
  const batch = (after) => queryRows(db, sql10`select ${documentColumns} from search_documents where visible and id > ${after} order by id limit ${LOAD_BATCH}`);
  let next = batch(0);
  for (; ; ) {
    const rows = await next;
    await yieldToEventLoop();
    signal?.throwIfAborted();
    if (rows.length === LOAD_BATCH) next = batch(rows.at(-1).id);
    for (const r of rows) {
      const at = rank.get(r.id);
      if (at !== void 0) builder.add(at, toDocument(r));
    }
    if (rows.length < LOAD_BATCH) break;
  }
  return builder.build();
}
var SearchIndex = class _SearchIndex {
  constructor(db, snapshot, read, maxDrift, log) {
    this.db = db;
    this.maxDrift = maxDrift;
    this.log = log;
    this.snapshot = snapshot;
    this.cursor = read.horizon;
    for (const c of read.changes) this.seen.set(Number(c.seq), BigInt(c.xid));
    this.unsubscribe = onIndexWrite(async (written) => {
      if (written === this.db) await this.sync();
    });
  }
  db;
  maxDrift;
  log;
  snapshot;
  /** Changes applied whose transaction may still be read again (at or above the cursor), by seq. */
  seen = /* @__PURE__ */ new Map();
  /**
   * The horizon of the last read of the change log: every transaction below it had committed or
   * aborted, so each later read starts there. A transaction running at a read has an id at or
   * above it (or gets one later), however long it runs: it is read once it commits.
   */
  cursor;
  version = 0;
  syncing = Promise.resolve();
  rebuilding = false;
  timer = null;
  closed = false;
  unsubscribe;
  static async open(db, options = {}) {
    const log = await changesSince(db, null);
    const index = new _SearchIndex(db, await loadSnapshot(db, options.signal), log, options.maxDrift ?? 0, options.log);
    await index.sync();
    const pollMs = options.pollMs ?? DEFAULT_POLL_MS;
    if (pollMs > 0) {
      index.timer = setInterval(() => {
        index.sync().catch((err) => {
          index.log?.error({ err }, "search index: reading the change log failed");
        });
      }, pollMs);
      index.timer.unref();
    }
    return index;
  }
  /** The snapshot searches read; replaced whole, so a search keeps the one it started with. */
  get current() {
    return this.snapshot;
  }
  /** Changes whenever what a search would find may have changed: answer caches key on it. */
  get generation() {
    return this.version;
  }
  /** Reads and applies the changes not seen yet. */
  sync() {
    return this.queue(() => this.readChanges());
  }
  /** Runs index updates one at a time. */
  queue(task) {
    const run = this.syncing.then(() => this.closed ? void 0 : task());
    this.syncing = run.catch(() => void 0);
    return run;
  }
  async readChanges() {
    const { horizon, changes } = await changesSince(this.db, this.cursor);
    const fresh = changes.filter((c) => !this.seen.has(Number(c.seq)));
    for (const c of fresh) this.seen.set(Number(c.seq), BigInt(c.xid));
    this.cursor = horizon;
    for (const [seq, xid] of this.seen) if (xid < horizon) this.seen.delete(seq);
    if (fresh.length === 0) return;
    if (fresh.some((c) => c.module === "*")) {
      this.snapshot = await loadSnapshot(this.db);
    } else {
      await this.apply(this.snapshot, fresh);
    }
    this.version += 1;
    if (this.snapshot.drift > Math.max(this.maxDrift, this.snapshot.documents / 10)) this.refresh();
  }
  /** Puts each changed item's current row into `snapshot` (or takes the item out). Idempotent. */
  async apply(snapshot, changes) {
    const keys = [...new Set(changes.filter((c) => c.module !== "*").map((c) => `${c.module}:${c.item_id}`))];
    if (keys.length === 0) return;
    const items = keys.map((k) => k.split(":"));
    const rows = await queryRows(
      this.db,
      sql10`select ${documentColumns}, visible from search_documents where (module, item_id) in
        (select * from unnest(${sql10.param(items.map((i) => i[0]))}::text[], ${sql10.param(items.map((i) => Number(i[1])))}::int[]))`
    );
    const found = new Map(rows.map((r) => [`${r.module}:${r.item_id}`, r]));
    for (const key of keys) {
      const r = found.get(key);
      if (r?.visible) snapshot.put(toDocument(r));
      else {
        const [module, itemId] = key.split(":");
        snapshot.remove(module, Number(itemId));
      }
    }
  }
  /**
   * Builds a new snapshot in the background, replays onto it whatever was logged since the load
   * began, then swaps it in; searches read the old one meanwhile.
   */
  refresh() {
    if (this.rebuilding) return;
    this.rebuilding = true;
    const loadFrom = this.cursor;
    loadSnapshot(this.db).then(
      (fresh) => this.queue(async () => {
        const { changes } = await changesSince(this.db, loadFrom);
        if (changes.some((c) => c.module === "*" && !this.seen.has(Number(c.seq)))) return;
        await this.apply(fresh, changes);
        this.snapshot = fresh;
        this.version += 1;
      })
    ).catch((err) => {
      this.log?.error({ err }, "search index: building a fresh snapshot failed");
    }).finally(() => {
      this.rebuilding = false;
    });
  }
  async close() {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    this.unsubscribe();
    await this.syncing;
  }
};
async function changesSince(db, from) {
  const [read] = await queryRows(
    db,
    sql10`with h as (select pg_snapshot_xmin(pg_current_snapshot()) as x)
      select h.x::text as horizon, (select json_agg(c order by c.seq) from (select seq, module, item_id, xid::text as xid
        from search_changes where xid >= coalesce(${from === null ? null : from.toString()}::xid8, h.x)) c) as changes
      from h`
  );
  const r = read;
  const raw = r.changes;
  return { horizon: BigInt(r.horizon), changes: raw === null ? [] : typeof raw === "string" ? JSON.parse(raw) : raw };
}

// src/modules/search/search.loader.ts
var RETRY_MS = 5e3;
var SearchIndexLoader = class {
  constructor(database, options) {
    this.database = database;
    this.options = options;
  }
  database;
  options;
  index = null;
  running = null;
  closed = false;
  abort = new AbortController();
  /** The loaded index, or null while it loads. */
  get current() {
    return this.index;
  }
  get readiness() {
    return this.index ? "ready" : "loading";
  }
  start() {
    this.running ??= this.load();
  }
  async load() {
    const { log } = this.options;
    await Promise.resolve(this.options.gate).catch(() => void 0);
    for (let attempt = 1; !this.closed; attempt++) {
      try {
        const started = performance.now();
        if (await this.database.exclusive("search-index", (db) => ensureSearchIndex(db))) log.info({}, "search index built from the content tables");
        const index = await SearchIndex.open(this.database.db, { ...this.options.index, log, signal: this.abort.signal });
        if (this.closed) {
          await index.close();
          return;
        }
        this.index = index;
        log.info({ documents: index.current.documents, load_ms: Math.round(performance.now() - started) }, "search index loaded");
        return;
      } catch (err) {
        if (this.closed) return;
        log.error({ err, attempt }, "search index: loading failed; searches use the slower path until it loads");
        await new Promise((resolve) => {
          const timer = setTimeout(resolve, this.options.retryMs ?? RETRY_MS);
          this.abort.signal.addEventListener(
            "abort",
            () => {
              clearTimeout(timer);
              resolve();
            },
            { once: true }
          );
        });
      }
    }
  }
  async close() {
    this.closed = true;
    this.abort.abort();
    await this.running;
    await this.index?.close();
  }
};

// src/seed/demo-accounts.ts
import { and as and16, asc as asc13, eq as eq21 } from "drizzle-orm";
var DEMO_LEARNER = { mobile: "+8613900000003", password: "Learner-demo-1", nickname: "\u6F14\u793A\u5B66\u5458" };
var DEMO_OPERATOR = { mobile: "+8613900000001", password: "Operator-demo-1", nickname: "\u6F14\u793A\u8FD0\u8425" };
var DEMO_CAMPAIGN = { titleZh: "\u65B0\u4EBA\u8BFE\u7A0B\u5238 \u6EE1 50 \u51CF 20", titleEn: "Welcome coupon: \xA520 off \xA550" };
async function userByMobile(tx, mobile) {
  const [known] = await tx.select({ userId: userIdentities.userId }).from(userIdentities).where(and16(eq21(userIdentities.kind, "mobile"), eq21(userIdentities.value, mobile)));
  return known?.userId;
}
async function ensureUser(tx, who, now) {
  const known = await userByMobile(tx, who.mobile);
  if (known !== void 0) return known;
  const [user] = await tx.insert(users).values({ nickname: who.nickname, passwordHash: await hashPassword(who.password), createdAt: now, updatedAt: now }).returning({ id: users.id });
  if (!user) throw new Error("demo account insert returned nothing");
  await tx.insert(userIdentities).values({ userId: user.id, kind: "mobile", value: who.mobile, createdAt: now });
  return user.id;
}
async function ensureDemoAccounts(db, now) {
  const [paid] = await db.select({ id: courses.id }).from(courses).where(and16(eq21(courses.priceType, PriceType.PAID), eq21(courses.courseType, 2), eq21(courses.status, "published"))).orderBy(asc13(courses.id)).limit(1);
  if (!paid) return;
  await db.transaction(async (tx) => {
    const onOperatorNumber = await userByMobile(tx, DEMO_OPERATOR.mobile);
    if (onOperatorNumber !== void 0 && await userByMobile(tx, DEMO_LEARNER.mobile) === void 0) {
      const [role] = await tx.select({ userId: userRoles.userId }).from(userRoles).where(eq21(userRoles.userId, onOperatorNumber));
      if (!role) {
        await tx.update(userIdentities).set({ value: DEMO_LEARNER.mobile }).where(and16(eq21(userIdentities.kind, "mobile"), eq21(userIdentities.value, DEMO_OPERATOR.mobile)));
      }
    }
    const learnerId = await ensureUser(tx, DEMO_LEARNER, now);
    await tx.insert(courseEntitlements).values({ userId: learnerId, courseId: paid.id, source: "demo", grantedAt: now }).onConflictDoNothing();
    const operatorId = await ensureUser(tx, DEMO_OPERATOR, now);
    await tx.insert(userRoles).values({ userId: operatorId, role: "operator", createdAt: now }).onConflictDoNothing();
    const [campaign] = await tx.select({ id: couponCampaigns.id }).from(couponCampaigns).where(eq21(couponCampaigns.titleZh, DEMO_CAMPAIGN.titleZh));
    if (!campaign) {
      await tx.insert(couponCampaigns).values({
        ...DEMO_CAMPAIGN,
        kind: "amount",
        value: 2e3,
        minSpend: 5e3,
        scope: "all",
        total: null,
        perUserLimit: 1,
        claimStartsAt: now,
        claimEndsAt: new Date(now.getTime() + 10 * 365 * 864e5),
        validDays: 30,
        createdBy: operatorId,
        createdAt: now
      });
    }
  });
}

// src/startup.ts
async function openMigrated(config, log) {
  const database = await openDatabase(config, log);
  try {
    await runMigrations(database, log);
  } catch (err) {
    await database.close();
    throw err;
  }
  return database;
}
async function startUp(app, opts) {
  const { database } = app;
  if (opts.seed && await seedIfEmpty(database, { now: opts.now(), demoAccounts: opts.demoAccounts ?? false })) app.log.info("empty database: demo content seeded");
  await database.exclusive("seed", (db) => ensureDepartmentTree(db));
  if (opts.seed && opts.demoAccounts) await database.exclusive("seed", (db) => ensureDemoAccounts(db, opts.now()));
  const search = new SearchIndexLoader(database, { log: app.log, ...opts.searchGate ? { gate: opts.searchGate } : {} });
  app.addHook("onReady", async () => {
    search.start();
  });
  return { search };
}

// src/modules/wechat/wechat.adapter.ts
var WechatExchangeError = class extends Error {
  name = "WechatExchangeError";
};

// src/modules/wechat/wechat.real.ts
var RealWechat = class {
  constructor(settings, fetchImpl = fetch) {
    this.settings = settings;
    this.fetchImpl = fetchImpl;
  }
  settings;
  fetchImpl;
  sandbox = false;
  qrUrl(state) {
    const q = new URLSearchParams({
      appid: this.settings.appId,
      redirect_uri: this.settings.redirectUri,
      response_type: "code",
      scope: "snsapi_login",
      state
    });
    return `https://open.weixin.qq.com/connect/qrconnect?${q.toString()}#wechat_redirect`;
  }
  async getJson(url) {
    const res = await this.fetchImpl(url, { signal: AbortSignal.timeout(1e4) });
    if (!res.ok) throw new WechatExchangeError(`WeChat answered HTTP ${res.status}`);
    return await res.json();
  }
  async exchange(code) {
    const tokenUrl = `https://api.weixin.qq.com/sns/oauth2/access_token?${new URLSearchParams({
      appid: this.settings.appId,
      secret: this.settings.appSecret,
      code,
      grant_type: "authorization_code"
    }).toString()}`;
    const token = await this.getJson(tokenUrl);
    if (!token.access_token || !token.openid) throw new WechatExchangeError(`code exchange failed: ${token.errcode ?? "?"}`);
    const info = await this.getJson(
      `https://api.weixin.qq.com/sns/userinfo?${new URLSearchParams({ access_token: token.access_token, openid: token.openid }).toString()}`
    );
    const unionid = info.unionid ?? token.unionid;
    return {
      openid: token.openid,
      ...unionid ? { unionid } : {},
      nickname: (info.nickname ?? "").slice(0, 30) || "\u5FAE\u4FE1\u7528\u6237",
      ...info.headimgurl ? { avatarUrl: info.headimgurl } : {}
    };
  }
};

// src/modules/wechat/wechat.sandbox.ts
var SandboxWechat = class {
  sandbox = true;
  qrUrl(state, origin) {
    return `${origin}/wx/auth?state=${encodeURIComponent(state)}&sandbox=1`;
  }
  async exchange(code) {
    const nickname = code.startsWith("sandbox:") ? code.slice("sandbox:".length).trim() : "";
    return { openid: `sandbox_${sha256(code).slice(0, 28)}`, nickname: nickname.slice(0, 30) || "\u5FAE\u4FE1\u7528\u6237" };
  }
};

// src/modules/wechat/wechat.service.ts
import { and as and17, eq as eq22, inArray as inArray10, isNull as isNull2 } from "drizzle-orm";
var WECHAT_TICKET_TTL_S = 300;
var WechatService = class {
  constructor(db, a, oauth) {
    this.db = db;
    this.a = a;
    this.oauth = oauth;
  }
  db;
  a;
  oauth;
  async start(origin, platform) {
    const ticket = randomToken(24);
    const now = this.a.now();
    await this.db.insert(wechatLogins).values({
      ticketHash: sha256(ticket),
      platform,
      expiresAt: new Date(now.getTime() + WECHAT_TICKET_TTL_S * 1e3),
      createdAt: now
    });
    return { ticket, qr_url: this.oauth.qrUrl(ticket, origin), expires_in: WECHAT_TICKET_TTL_S, sandbox: this.oauth.sandbox };
  }
  async row(ticket) {
    const [row] = await this.db.select().from(wechatLogins).where(eq22(wechatLogins.ticketHash, sha256(ticket)));
    return row ?? null;
  }
  statusOf(row) {
    if (row.status === "cancelled") return "cancelled";
    if (row.status === "confirmed" && row.consumedAt) return "confirmed";
    return row.expiresAt <= this.a.now() ? "expired" : row.status;
  }
  /** Poll. The first poll after confirmation spends the ticket and carries the login. */
  async poll(ticket) {
    const row = await this.row(ticket);
    if (!row) return { status: "expired", login: null };
    const status = this.statusOf(row);
    if (status !== "confirmed" || row.consumedAt || !row.userId) return { status, login: null };
    const won = await this.db.update(wechatLogins).set({ consumedAt: this.a.now() }).where(and17(eq22(wechatLogins.ticketHash, row.ticketHash), isNull2(wechatLogins.consumedAt))).returning({ userId: wechatLogins.userId });
    const userId = won[0]?.userId;
    if (!userId) return { status: "confirmed", login: null };
    const user = await this.a.users.get(this.db, userId);
    if (!user || user.status !== "active") return { status: "expired", login: null };
    const outcome = await this.a.issueSession(user, row.platform === "wechat" ? "wechat" : "web", row.isNewUser === 1);
    return { status: "confirmed", login: outcome.data, outcome };
  }
  /** The scanning side's decision (sandbox consent page, or WeChat's redirect with a code). */
  async callback(state, decision, code, lang) {
    const row = await this.row(state);
    if (!row) throw new AppError(ErrorCode.TICKET_EXPIRED);
    const status = this.statusOf(row);
    if (status === "expired" || status === "cancelled") throw new AppError(ErrorCode.TICKET_EXPIRED);
    if (status === "confirmed") return "confirmed";
    const open = and17(eq22(wechatLogins.ticketHash, row.ticketHash), inArray10(wechatLogins.status, ["waiting", "scanned"]));
    if (decision === "scanned") {
      await this.db.update(wechatLogins).set({ status: "scanned" }).where(and17(open, eq22(wechatLogins.status, "waiting")));
      return "scanned";
    }
    if (decision === "cancel") {
      await this.db.update(wechatLogins).set({ status: "cancelled" }).where(open);
      return "cancelled";
    }
    const authCode = code ?? (this.oauth.sandbox ? "sandbox:\u5FAE\u4FE1\u7528\u6237" : void 0);
    if (!authCode) throw fieldError(lang, "code", { zh: "\u4E0D\u80FD\u4E3A\u7A7A", en: "is required" });
    let identity;
    try {
      identity = await this.oauth.exchange(authCode);
    } catch (err) {
      if (err instanceof WechatExchangeError) throw new AppError(ErrorCode.CODE_INVALID);
      throw err;
    }
    const now = this.a.now();
    const confirmed = await this.db.transaction(async (tx) => {
      let user = await this.a.users.byIdentity(tx, "wechat", identity.openid);
      let isNew = 0;
      if (!user) {
        user = await this.a.users.create(tx, identity.nickname, { kind: "wechat", value: identity.openid }, now);
        isNew = 1;
      }
      return tx.update(wechatLogins).set({ status: "confirmed", userId: user.id, isNewUser: isNew }).where(open).returning({ s: wechatLogins.status });
    });
    if (confirmed.length === 0) throw new AppError(ErrorCode.TICKET_EXPIRED);
    return "confirmed";
  }
};

// src/modules/wechat/wechat.routes.ts
var wechatRoutes = async (instance, opts) => {
  const app = instance.withTypeProvider();
  const settings = app.accounts.config.wechat;
  const oauth = opts.oauth ?? (settings ? new RealWechat(settings) : new SandboxWechat());
  const wechat = new WechatService(app.db, app.accounts, oauth);
  app.route({
    ...endpointRoute("wechatQrConnect"),
    handler: async (req) => ok(await wechat.start(`${req.protocol}://${req.host}`, req.ctx.platform))
  });
  app.route({
    ...endpointRoute("wechatLoginInfo"),
    handler: async (req, reply) => {
      reply.header("cache-control", "no-store");
      const result = await wechat.poll(req.query.ticket);
      if (result.outcome) app.accounts.setSessionCookie(req, reply, result.outcome);
      return ok({ status: result.status, login: result.login });
    }
  });
  app.route({
    ...endpointRoute("wechatCallback"),
    handler: async (req) => ok({ status: await wechat.callback(req.body.state, req.body.decision, req.body.code, req.ctx.lang) })
  });
};
var wechat_routes_default = wechatRoutes;

// src/lib/image-type.ts
var startsWith = (b, bytes, at = 0) => bytes.every((v, i) => b[at + i] === v);
function jpegSize(b) {
  let i = 2;
  while (i + 9 < b.length) {
    if (b[i] !== 255) return null;
    const marker = b[i + 1] ?? 0;
    const len = b.readUInt16BE(i + 2);
    if (marker >= 192 && marker <= 207 && marker !== 196 && marker !== 200 && marker !== 204) {
      return { height: b.readUInt16BE(i + 5), width: b.readUInt16BE(i + 7) };
    }
    i += 2 + len;
  }
  return null;
}
function webpSize(b) {
  const chunk = b.toString("ascii", 12, 16);
  if (chunk === "VP8X" && b.length >= 30) return { width: 1 + b.readUIntLE(24, 3), height: 1 + b.readUIntLE(27, 3) };
  if (chunk === "VP8 " && b.length >= 30) return { width: b.readUInt16LE(26) & 16383, height: b.readUInt16LE(28) & 16383 };
  if (chunk === "VP8L" && b.length >= 25) {
    const bits = b.readUInt32LE(21);
    return { width: (bits & 16383) + 1, height: (bits >> 14 & 16383) + 1 };
  }
  return null;
}
function sniffImage(b) {
  if (b.length >= 24 && startsWith(b, [137, 80, 78, 71, 13, 10, 26, 10])) {
    return { mime: "image/png", ext: "png", width: b.readUInt32BE(16), height: b.readUInt32BE(20) };
  }
  if (b.length >= 4 && startsWith(b, [255, 216, 255])) {
    const size = jpegSize(b);
    return { mime: "image/jpeg", ext: "jpg", width: size?.width ?? null, height: size?.height ?? null };
  }
  if (b.length >= 10 && (b.toString("ascii", 0, 6) === "GIF87a" || b.toString("ascii", 0, 6) === "GIF89a")) {
    return { mime: "image/gif", ext: "gif", width: b.readUInt16LE(6), height: b.readUInt16LE(8) };
  }
  if (b.length >= 16 && b.toString("ascii", 0, 4) === "RIFF" && b.toString("ascii", 8, 12) === "WEBP") {
    const size = webpSize(b);
    return { mime: "image/webp", ext: "webp", width: size?.width ?? null, height: size?.height ?? null };
  }
  return null;
}

// src/lib/storage.ts
import { createReadStream } from "node:fs";
import { mkdir, stat, writeFile } from "node:fs/promises";
import { dirname, join as join3 } from "node:path";
var UPLOAD_KEY = /^(\d{6})\/([A-Za-z0-9_-]{16,64})\.(png|jpg|gif|webp)$/;
var LocalDiskStorage = class {
  constructor(dir) {
    this.dir = dir;
  }
  dir;
  async put(key, bytes) {
    if (!UPLOAD_KEY.test(key)) throw new Error(`bad storage key ${key}`);
    const file = join3(this.dir, key);
    await mkdir(dirname(file), { recursive: true });
    await writeFile(file, bytes, { flag: "wx" });
    return `/uploads/${key}`;
  }
  async open(key) {
    if (!UPLOAD_KEY.test(key)) return null;
    const file = join3(this.dir, key);
    try {
      if (!(await stat(file)).isFile()) return null;
    } catch {
      return null;
    }
    return createReadStream(file);
  }
};

// src/modules/profile/profile.service.ts
import { and as and30, asc as asc21, eq as eq36, inArray as inArray14 } from "drizzle-orm";

// src/modules/money/ledger.ts
import { and as and18, eq as eq23, sql as sql11 } from "drizzle-orm";
function isUniqueViolation(err, constraint) {
  for (let e = err; e && typeof e === "object"; e = e.cause) {
    const { code, constraint: name } = e;
    if (code === "23505") return constraint === void 0 || name === constraint || String(e.message ?? "").includes(constraint);
  }
  return false;
}
async function postLedger(tx, entry) {
  const frozenDelta = entry.frozenDelta ?? 0;
  if (!Number.isSafeInteger(entry.amount) || !Number.isSafeInteger(frozenDelta) || entry.amount === 0 && frozenDelta === 0) {
    throw new Error(`postLedger: amounts must be integers in fen and not both 0 (${entry.amount}, ${frozenDelta})`);
  }
  const [done] = await tx.select({ id: walletTransactions.id, userId: walletTransactions.userId }).from(walletTransactions).where(and18(eq23(walletTransactions.type, entry.type), eq23(walletTransactions.refType, entry.refType), eq23(walletTransactions.refId, entry.refId)));
  if (done) {
    if (done.userId !== entry.userId) throw new Error(`postLedger: ${entry.type} ${entry.refType}:${entry.refId} belongs to another user`);
    const w = await walletOf(tx, entry.userId);
    return { applied: false, transactionId: done.id, ...w };
  }
  await tx.insert(wallets).values({ userId: entry.userId }).onConflictDoNothing();
  const [after] = await tx.update(wallets).set({
    balance: sql11`${wallets.balance} + ${entry.amount}`,
    frozen: sql11`${wallets.frozen} + ${frozenDelta}`,
    updatedAt: entry.now ?? /* @__PURE__ */ new Date()
  }).where(
    and18(
      eq23(wallets.userId, entry.userId),
      sql11`${wallets.balance} + ${entry.amount} >= 0`,
      sql11`${wallets.frozen} + ${frozenDelta} >= 0`
    )
  ).returning({ balance: wallets.balance, frozen: wallets.frozen });
  if (!after) throw new AppError(ErrorCode.INSUFFICIENT_BALANCE);
  const [row] = await tx.insert(walletTransactions).values({
    userId: entry.userId,
    type: entry.type,
    amount: entry.amount,
    frozenDelta,
    balanceAfter: after.balance,
    frozenAfter: after.frozen,
    refType: entry.refType,
    refId: entry.refId,
    memo: entry.memo ?? "",
    ...entry.now ? { createdAt: entry.now } : {}
  }).returning({ id: walletTransactions.id });
  if (!row) throw new Error("postLedger: insert returned nothing");
  return { applied: true, transactionId: row.id, balance: after.balance, frozen: after.frozen };
}
async function walletOf(db, userId) {
  const [w] = await db.select({ balance: wallets.balance, frozen: wallets.frozen }).from(wallets).where(eq23(wallets.userId, userId));
  return w ?? { balance: 0, frozen: 0 };
}

// src/modules/money/roles.ts
import { and as and19, eq as eq24 } from "drizzle-orm";
async function hasRole(db, userId, role) {
  const [row] = await db.select({ userId: userRoles.userId }).from(userRoles).where(and19(eq24(userRoles.userId, userId), eq24(userRoles.role, role)));
  return row !== void 0;
}
function requireRole(role) {
  return async (req) => {
    const me = currentUser(req);
    if (!await hasRole(req.server.db, me.id, role)) throw new AppError(ErrorCode.FORBIDDEN);
  };
}
async function writeAudit(tx, entry) {
  const [row] = await tx.insert(auditLog).values({
    actorId: entry.actorId,
    action: entry.action,
    target: entry.target,
    before: entry.before ?? null,
    after: entry.after ?? null,
    ...entry.now ? { createdAt: entry.now } : {}
  }).returning({ id: auditLog.id });
  if (!row) throw new Error("writeAudit: insert returned nothing");
  return row.id;
}

// src/modules/money/audit.ts
import { sql as sql12 } from "drizzle-orm";

// src/modules/money/money.routes.ts
import { and as and23, asc as asc17, desc as desc13, eq as eq28, sql as sql16 } from "drizzle-orm";
import fp11 from "fastify-plugin";

// src/lib/payments/providers.ts
import { createHash as createHash2 } from "node:crypto";

// src/lib/payments/sandbox.ts
import { createHmac as createHmac2, randomBytes, randomUUID as randomUUID2, timingSafeEqual as timingSafeEqual2 } from "node:crypto";
import { and as and20, asc as asc14, eq as eq25, inArray as inArray11, isNotNull, lte as lte3, sql as sql13 } from "drizzle-orm";
var SANDBOX_HEADERS = {
  timestamp: "sandbox-timestamp",
  nonce: "sandbox-nonce",
  signature: "sandbox-signature"
};
var MAX_SKEW_S = 300;
var SANDBOX_RETRY_DELAYS_S = [2, 5, 15, 30, 60, 180, 600, 1800, 3600];
var SANDBOX_DUPLICATE_AFTER_S = 3;
var STATES = { pending: "pending", success: "success", failed: "failed", closed: "closed", refunded: "refunded" };
var SandboxProvider = class _SandboxProvider {
  constructor(o) {
    this.o = o;
    this.channel = o.channel;
  }
  o;
  kind = "sandbox";
  channel;
  /** The pay page of an order, on the same origin as the notify URL (this server). */
  static payPageUrl(notifyUrl, orderNo) {
    return new URL(`/sandbox/pay/${encodeURIComponent(orderNo)}`, notifyUrl).toString();
  }
  async createNativeOrder(req) {
    await this.o.db.insert(sandboxTrades).values({
      orderNo: req.orderNo,
      channel: this.channel,
      amount: req.amountFen,
      description: req.description.slice(0, 127),
      notifyUrl: req.notifyUrl,
      expiresAt: req.expiresAt,
      createdAt: this.o.now()
    }).onConflictDoNothing();
    await this.o.db.update(sandboxTrades).set({ channel: this.channel, amount: req.amountFen, description: req.description.slice(0, 127), notifyUrl: req.notifyUrl, expiresAt: req.expiresAt, state: "pending", txnId: null, paidAt: null, attempts: 0, notifyAt: null, ackedAt: null }).where(and20(eq25(sandboxTrades.orderNo, req.orderNo), sql13`${sandboxTrades.channel} <> ${this.channel}`, inArray11(sandboxTrades.state, ["pending", "failed", "closed"])));
    const trade = await this.trade(req.orderNo);
    if (!trade || trade.amount !== req.amountFen || trade.channel !== this.channel) {
      throw new PaymentProviderError(this.channel, "OUT_TRADE_NO_USED", `sandbox: order ${req.orderNo} exists with other parameters`);
    }
    return { codeUrl: _SandboxProvider.payPageUrl(req.notifyUrl, req.orderNo) };
  }
  /** The payer's answer on the pay page (or the dev endpoint). A success schedules the notification at once. */
  async pay(orderNo, result) {
    const now = this.o.now();
    const trade = await this.trade(orderNo);
    if (!trade) return null;
    if (trade.state === "pending" || trade.state === "failed") {
      if (trade.expiresAt <= now) {
        await this.o.db.update(sandboxTrades).set({ state: "closed" }).where(and20(eq25(sandboxTrades.orderNo, orderNo), eq25(sandboxTrades.channel, this.channel), inArray11(sandboxTrades.state, ["pending", "failed"])));
      } else if (result === "success") {
        await this.o.db.update(sandboxTrades).set({ state: "success", txnId: `42${Date.now()}${randomBytes(5).readUIntBE(0, 5)}`.slice(0, 28), paidAt: now, notifyAt: now }).where(and20(eq25(sandboxTrades.orderNo, orderNo), eq25(sandboxTrades.channel, this.channel), inArray11(sandboxTrades.state, ["pending", "failed"])));
      } else {
        await this.o.db.update(sandboxTrades).set({ state: "failed" }).where(and20(eq25(sandboxTrades.orderNo, orderNo), eq25(sandboxTrades.channel, this.channel), eq25(sandboxTrades.state, "pending")));
      }
    }
    return STATES[(await this.trade(orderNo))?.state ?? ""] ?? null;
  }
  async verifyNotification(n) {
    const header = (name) => {
      const v = n.headers[name];
      return Array.isArray(v) ? v[0] : v;
    };
    const ts = header(SANDBOX_HEADERS.timestamp);
    const nonce = header(SANDBOX_HEADERS.nonce);
    const signature = header(SANDBOX_HEADERS.signature);
    if (!ts || !nonce || !signature || !/^\d{1,12}$/.test(ts)) return { ok: false, reason: "signature" };
    const expected = this.sign(ts, nonce, n.rawBody);
    const given = Buffer.from(signature, "base64");
    if (given.length !== expected.length || !timingSafeEqual2(given, expected)) return { ok: false, reason: "signature" };
    if (Math.abs(this.o.now().getTime() / 1e3 - Number(ts)) > MAX_SKEW_S) return { ok: false, reason: "stale" };
    try {
      const body = JSON.parse(n.rawBody);
      const r = body.resource;
      if (body.event_type !== "TRANSACTION.SUCCESS" || !r || typeof r.out_trade_no !== "string" || typeof r.transaction_id !== "string" || !Number.isSafeInteger(r.amount?.payer_total)) {
        return { ok: false, reason: "malformed" };
      }
      return {
        ok: true,
        payment: { orderNo: r.out_trade_no, providerTxnId: r.transaction_id, amountFen: r.amount.payer_total, state: "success", paidAt: new Date(r.success_time) }
      };
    } catch {
      return { ok: false, reason: "malformed" };
    }
  }
  acknowledge(accepted) {
    return accepted ? { status: 200, contentType: "application/json; charset=utf-8", body: JSON.stringify({ code: "SUCCESS", message: "\u6210\u529F" }) } : { status: 500, contentType: "application/json; charset=utf-8", body: JSON.stringify({ code: "FAIL", message: "\u5931\u8D25" }) };
  }
  async queryOrder(orderNo) {
    const t = await this.trade(orderNo);
    if (!t) return null;
    return { orderNo, providerTxnId: t.txnId ?? "", amountFen: t.amount, state: STATES[t.state] ?? "pending", paidAt: t.paidAt };
  }
  async closeOrder(orderNo) {
    await this.o.db.update(sandboxTrades).set({ state: "closed", notifyAt: null }).where(and20(eq25(sandboxTrades.orderNo, orderNo), eq25(sandboxTrades.channel, this.channel), inArray11(sandboxTrades.state, ["pending", "failed"])));
    const t = await this.trade(orderNo);
    if (t && (t.state === "success" || t.state === "refunded")) throw new PaymentProviderError(this.channel, "ORDERPAID", `sandbox: order ${orderNo} is paid`);
  }
  async refund(req) {
    const [t] = await this.o.db.update(sandboxTrades).set({ state: "refunded", refundedAmount: sql13`${sandboxTrades.refundedAmount} + ${req.amountFen}` }).where(and20(eq25(sandboxTrades.orderNo, req.orderNo), eq25(sandboxTrades.channel, this.channel), eq25(sandboxTrades.state, "success"), sql13`${sandboxTrades.amount} - ${sandboxTrades.refundedAmount} >= ${req.amountFen}`)).returning();
    if (!t) {
      const known = await this.trade(req.orderNo);
      if (known?.state === "refunded") return { refundNo: req.refundNo, providerRefundId: `50${known.orderNo}`.slice(0, 32), state: "success" };
      throw new PaymentProviderError(this.channel, known ? "TRADE_STATE_ERROR" : "ORDER_NOT_EXIST", `sandbox: order ${req.orderNo} cannot be refunded`);
    }
    return { refundNo: req.refundNo, providerRefundId: `50${t.orderNo}`.slice(0, 32), state: "success" };
  }
  /** A signed notification of a successful trade, as the provider would send it now. */
  async notificationFor(orderNo) {
    const t = await this.trade(orderNo);
    if (!t || t.state !== "success" && t.state !== "refunded" || !t.txnId || !t.paidAt) return null;
    const resource = {
      out_trade_no: t.orderNo,
      transaction_id: t.txnId,
      trade_state: "SUCCESS",
      amount: { total: t.amount, payer_total: t.amount, currency: "CNY" },
      success_time: t.paidAt.toISOString()
    };
    const body = JSON.stringify({ id: randomUUID2(), create_time: this.o.now().toISOString(), event_type: "TRANSACTION.SUCCESS", resource_type: "sandbox", resource });
    return { headers: this.signedHeaders(body), body, url: t.notifyUrl };
  }
  /** Headers that sign `body` now with the sandbox key (tests forge with another key to see a refusal). */
  signedHeaders(body, key = this.o.key) {
    const ts = String(Math.floor(this.o.now().getTime() / 1e3));
    const nonce = randomBytes(16).toString("hex");
    return {
      "content-type": "application/json",
      [SANDBOX_HEADERS.timestamp]: ts,
      [SANDBOX_HEADERS.nonce]: nonce,
      [SANDBOX_HEADERS.signature]: createHmac2("sha256", key).update(`${ts}
${nonce}
${body}
`).digest("base64")
    };
  }
  /**
   * Sends the notifications that are due (once each per call), each claimed first so several
   * processes never send the same one at once. Acknowledged: one duplicate follows later, then
   * done; otherwise the next try waits longer. Answers how many were sent.
   */
  async deliverDue(limit = 20) {
    const now = this.o.now();
    const due = await this.o.db.select().from(sandboxTrades).where(and20(eq25(sandboxTrades.channel, this.channel), isNotNull(sandboxTrades.notifyAt), lte3(sandboxTrades.notifyAt, now))).orderBy(asc14(sandboxTrades.notifyAt)).limit(limit);
    let sent = 0;
    for (const t of due) {
      const attempt = t.attempts + 1;
      const delay = SANDBOX_RETRY_DELAYS_S[Math.min(t.attempts, SANDBOX_RETRY_DELAYS_S.length - 1)] ?? 3600;
      const next = attempt > SANDBOX_RETRY_DELAYS_S.length ? null : new Date(now.getTime() + delay * 1e3);
      const [claimed] = await this.o.db.update(sandboxTrades).set({ attempts: attempt, notifyAt: next }).where(and20(eq25(sandboxTrades.orderNo, t.orderNo), eq25(sandboxTrades.attempts, t.attempts))).returning({ orderNo: sandboxTrades.orderNo });
      if (!claimed) continue;
      const n = await this.notificationFor(t.orderNo);
      if (!n) continue;
      sent += 1;
      let acked = false;
      try {
        const res = await this.o.transport(n.url, n.headers, n.body);
        acked = res.status >= 200 && res.status < 300 && JSON.parse(res.body).code === "SUCCESS";
      } catch (err) {
        this.o.log?.warn({ err, orderNo: t.orderNo }, "sandbox notification not delivered");
      }
      if (acked) {
        const first = t.ackedAt === null;
        await this.o.db.update(sandboxTrades).set({ ackedAt: t.ackedAt ?? this.o.now(), notifyAt: first ? new Date(this.o.now().getTime() + SANDBOX_DUPLICATE_AFTER_S * 1e3) : null }).where(eq25(sandboxTrades.orderNo, t.orderNo));
      }
    }
    return sent;
  }
  /** This sandbox's trade of an order (null when the order is not, or no longer, on this channel). */
  async trade(orderNo) {
    const [t] = await this.o.db.select().from(sandboxTrades).where(and20(eq25(sandboxTrades.orderNo, orderNo), eq25(sandboxTrades.channel, this.channel)));
    return t ?? null;
  }
  sign(ts, nonce, body) {
    return createHmac2("sha256", this.o.key).update(`${ts}
${nonce}
${body}
`).digest();
  }
};

// src/lib/payments/providers.ts
async function createPaymentProviders(settings, deps) {
  const key = Buffer.from(settings.sandboxKey ?? createHash2("sha256").update(`payment-sandbox:${deps.appSecret}`).digest("hex"));
  const sandboxes = [];
  const sandbox = (channel) => {
    const s = new SandboxProvider({ db: deps.db, channel, key, now: deps.now, transport: deps.transport, ...deps.log ? { log: deps.log } : {} });
    sandboxes.push(s);
    return s;
  };
  const { wechat, alipay } = settings.live;
  return {
    byChannel: {
      wechat: wechat ? new (await import("./wechatpay-v3-LCHSBFM2.mjs")).WechatPayV3Provider({ ...wechat, now: deps.now }) : sandbox("wechat"),
      alipay: alipay ? new (await import("./alipay-3I6B7NMV.mjs")).AlipayProvider({ ...alipay, now: deps.now }) : sandbox("alipay")
    },
    sandboxes
  };
}

// src/modules/money/coupons.service.ts
import { and as and21, asc as asc15, desc as desc11, eq as eq26, gt as gt3, inArray as inArray12, lte as lte4, sql as sql14 } from "drizzle-orm";

// src/modules/money/money.present.ts
var iso = (d) => d ? d.toISOString() : null;
function orderTitle(o, lang) {
  return lang === "en" && o.titleEn ? o.titleEn : o.title;
}
function presentOrder(o, lang, cover = "") {
  return {
    order_no: o.orderNo,
    module: o.module,
    module_id: o.moduleId,
    title: orderTitle(o, lang),
    cover,
    original_amount: o.originalAmount,
    coupon_id: o.couponId,
    coupon_discount: o.couponDiscount,
    points_used: o.pointsUsed,
    points_deduction: o.pointsDeduction,
    amount: o.amount,
    channel: o.channel,
    status: o.status,
    created_at: o.createdAt.toISOString(),
    expires_at: o.expiresAt.toISOString(),
    paid_at: iso(o.paidAt),
    closed_at: iso(o.closedAt),
    refunded_at: iso(o.refundedAt)
  };
}
function presentPayment(o, qr2) {
  const open = o.status === "pending";
  return {
    order_no: o.orderNo,
    amount: o.amount,
    status: o.status,
    channel: o.channel,
    code_url: open ? o.codeUrl : "",
    qr: open ? qr2 : "",
    expires_at: o.expiresAt.toISOString()
  };
}
var TXN_TITLES = {
  recharge: { zh_CN: "\u5145\u503C", en: "Top-up" },
  purchase: { zh_CN: "\u8D2D\u4E70", en: "Purchase" },
  refund: { zh_CN: "\u9000\u6B3E", en: "Refund" },
  withdrawal: { zh_CN: "\u63D0\u73B0\u7533\u8BF7", en: "Withdrawal requested" },
  withdrawal_paid: { zh_CN: "\u63D0\u73B0\u5230\u8D26", en: "Withdrawal paid out" },
  reversal: { zh_CN: "\u63D0\u73B0\u9000\u56DE", en: "Withdrawal returned" },
  adjustment: { zh_CN: "\u4F59\u989D\u8C03\u6574", en: "Balance adjustment" }
};
function presentTxn(t, lang) {
  const type = t.type;
  const base = TXN_TITLES[type]?.[lang] ?? type;
  return {
    id: t.id,
    type,
    amount: t.amount,
    frozen_delta: t.frozenDelta,
    balance_after: t.balanceAfter,
    frozen_after: t.frozenAfter,
    ref_type: t.refType,
    ref_id: t.refId,
    title: t.memo ? `${base} \xB7 ${t.memo}` : base,
    created_at: t.createdAt.toISOString()
  };
}
function couponRule(c) {
  return {
    kind: c.kind,
    value: c.value,
    max_discount: c.maxDiscount,
    min_spend: c.minSpend,
    scope: c.scope,
    course_ids: c.courseIds
  };
}
function presentCoupon(c, campaign, lang, now) {
  const status = c.status === "used" ? "used" : c.validUntil <= now ? "expired" : "unused";
  return {
    ...couponRule(campaign),
    id: c.id,
    campaign_id: campaign.id,
    title: lang === "en" && campaign.titleEn ? campaign.titleEn : campaign.titleZh,
    status,
    order_no: c.status === "reserved" ? c.orderNo : null,
    valid_from: c.validFrom.toISOString(),
    valid_until: c.validUntil.toISOString(),
    claimed_at: c.claimedAt.toISOString(),
    used_at: iso(c.usedAt)
  };
}
function couponDiscount(c, price, courseId) {
  if (price < c.minSpend || price < 2) return null;
  if (c.scope === "courses" && !c.courseIds.includes(courseId)) return null;
  let off = c.kind === "amount" ? c.value : Math.floor(price * c.value / 100);
  if (c.kind === "discount" && c.maxDiscount !== null) off = Math.min(off, c.maxDiscount);
  return Math.max(0, Math.min(off, price - 1));
}

// src/modules/money/coupons.service.ts
var DAY_MS2 = 864e5;
var CouponService = class {
  constructor(db, now) {
    this.db = db;
    this.now = now;
  }
  db;
  now;
  presentCampaign(c, lang, claimed) {
    return {
      ...couponRule(c),
      id: c.id,
      title: lang === "en" && c.titleEn ? c.titleEn : c.titleZh,
      remaining: c.total === null ? null : Math.max(0, c.total - c.issued),
      per_user_limit: c.perUserLimit,
      claimed,
      claim_starts_at: c.claimStartsAt.toISOString(),
      claim_ends_at: c.claimEndsAt.toISOString(),
      valid_days: c.validDays,
      valid_until: c.validUntil?.toISOString() ?? null
    };
  }
  /**
   * Claims one coupon of a campaign. The campaign row is locked for the claim, so a user's limit
   * holds under concurrent claims, and `issued` never passes `total`.
   */
  async claim(userId, campaignId, lang) {
    return this.db.transaction(async (tx) => {
      const now = this.now();
      const [c] = await tx.select().from(couponCampaigns).where(eq26(couponCampaigns.id, campaignId)).for("update");
      if (!c || !c.active) throw new AppError(ErrorCode.NOT_FOUND);
      if (c.claimStartsAt > now || c.claimEndsAt <= now) throw new AppError(ErrorCode.COUPON_SOLD_OUT);
      const [held] = await tx.select({ n: sql14`count(*)::int` }).from(coupons).where(and21(eq26(coupons.campaignId, c.id), eq26(coupons.userId, userId)));
      if ((held?.n ?? 0) >= c.perUserLimit) throw new AppError(ErrorCode.COUPON_ALREADY_CLAIMED);
      const [issued] = await tx.update(couponCampaigns).set({ issued: sql14`${couponCampaigns.issued} + 1` }).where(and21(eq26(couponCampaigns.id, c.id), sql14`(${couponCampaigns.total} is null or ${couponCampaigns.issued} < ${couponCampaigns.total})`)).returning({ issued: couponCampaigns.issued });
      if (!issued) throw new AppError(ErrorCode.COUPON_SOLD_OUT);
      const until = new Date(Math.min(now.getTime() + c.validDays * DAY_MS2, c.validUntil?.getTime() ?? Number.MAX_SAFE_INTEGER));
      const [row] = await tx.insert(coupons).values({ campaignId: c.id, userId, status: "unused", validFrom: now, validUntil: until, claimedAt: now }).returning();
      if (!row) throw new Error("coupon insert returned nothing");
      return presentCoupon(row, c, lang, now);
    });
  }
  async list(userId, status, page, pageSize, lang) {
    const now = this.now();
    const where = status === "used" ? and21(eq26(coupons.userId, userId), eq26(coupons.status, "used")) : status === "expired" ? and21(eq26(coupons.userId, userId), inArray12(coupons.status, ["unused", "reserved"]), lte4(coupons.validUntil, now)) : and21(eq26(coupons.userId, userId), inArray12(coupons.status, ["unused", "reserved"]), gt3(coupons.validUntil, now));
    const order = status === "unused" ? [asc15(coupons.validUntil), asc15(coupons.id)] : [desc11(coupons.id)];
    const [rows, [count14]] = await Promise.all([
      this.db.select({ coupon: coupons, campaign: couponCampaigns }).from(coupons).innerJoin(couponCampaigns, eq26(couponCampaigns.id, coupons.campaignId)).where(where).orderBy(...order).limit(pageSize).offset((page - 1) * pageSize),
      this.db.select({ n: sql14`count(*)::int` }).from(coupons).where(where)
    ]);
    const total = count14?.n ?? 0;
    return { items: rows.map((r) => presentCoupon(r.coupon, r.campaign, lang, now)), page, page_size: pageSize, total, has_more: page * pageSize < total };
  }
  async remain(userId, lang, open) {
    const now = this.now();
    let unused = 0;
    const mine = /* @__PURE__ */ new Map();
    if (userId !== null) {
      const [u] = await this.db.select({ n: sql14`count(*)::int` }).from(coupons).where(and21(eq26(coupons.userId, userId), eq26(coupons.status, "unused"), gt3(coupons.validUntil, now)));
      unused = u?.n ?? 0;
      const held = await this.db.select({ campaignId: coupons.campaignId, n: sql14`count(*)::int` }).from(coupons).where(eq26(coupons.userId, userId)).groupBy(coupons.campaignId);
      for (const h of held) mine.set(h.campaignId, h.n);
    }
    return { unused, campaigns: open.map((c) => this.presentCampaign(c, lang, mine.get(c.id) ?? 0)) };
  }
  /** The user's coupons that fit a course at `price`, best (largest discount, then soonest to expire) first. */
  async usable(userId, courseId, price, originalPrice, lang) {
    const now = this.now();
    const rows = await this.db.select({ coupon: coupons, campaign: couponCampaigns }).from(coupons).innerJoin(couponCampaigns, eq26(couponCampaigns.id, coupons.campaignId)).where(and21(eq26(coupons.userId, userId), eq26(coupons.status, "unused"), lte4(coupons.validFrom, now), gt3(coupons.validUntil, now)));
    const items = rows.map((r) => ({ r, off: couponDiscount(r.campaign, price, courseId) })).filter((x) => x.off !== null && x.off > 0).sort((a, b) => b.off - a.off || a.r.coupon.validUntil.getTime() - b.r.coupon.validUntil.getTime() || a.r.coupon.id - b.r.coupon.id).map(({ r, off }) => ({ coupon: presentCoupon(r.coupon, r.campaign, lang, now), discount: off, amount: price - off }));
    return { price, original_price: originalPrice, items, best_coupon_id: items[0]?.coupon.id ?? null };
  }
  // ---- operators ----
  async createCampaign(actorId, body, lang) {
    const now = this.now();
    return this.db.transaction(async (tx) => {
      const [c] = await tx.insert(couponCampaigns).values({
        titleZh: body.title_zh,
        titleEn: body.title_en ?? null,
        kind: body.kind,
        value: body.value,
        maxDiscount: body.max_discount,
        minSpend: body.min_spend,
        scope: body.scope,
        courseIds: body.scope === "courses" ? body.course_ids : [],
        total: body.total ?? null,
        perUserLimit: body.per_user_limit ?? 1,
        claimStartsAt: body.claim_starts_at ? new Date(body.claim_starts_at) : now,
        claimEndsAt: new Date(body.claim_ends_at),
        validDays: body.valid_days,
        validUntil: body.valid_until ? new Date(body.valid_until) : null,
        createdBy: actorId,
        createdAt: now
      }).returning();
      if (!c) throw new Error("campaign insert returned nothing");
      await writeAudit(tx, { actorId, action: "coupon_campaign.create", target: `coupon_campaign:${c.id}`, before: null, after: body, now });
      return this.presentAdmin(c, lang);
    });
  }
  presentAdmin(c, lang) {
    return { ...this.presentCampaign(c, lang, 0), title_zh: c.titleZh, title_en: c.titleEn, total: c.total, issued: c.issued, active: c.active };
  }
  async allCampaigns(lang) {
    const rows = await this.db.select().from(couponCampaigns).orderBy(desc11(couponCampaigns.id));
    return rows.map((c) => this.presentAdmin(c, lang));
  }
};

// src/modules/money/money.service.ts
import { createHash as createHash3, randomInt } from "node:crypto";
import { and as and22, asc as asc16, desc as desc12, eq as eq27, gt as gt4, inArray as inArray13, isNull as isNull3, lt as lt4, lte as lte5, or as or4, sql as sql15 } from "drizzle-orm";
import QRCode from "qrcode";
function canonical(value) {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.entries(value).filter(([, v]) => v !== void 0).sort(([a], [b]) => a < b ? -1 : 1);
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(",")}}`;
  }
  return JSON.stringify(value ?? null);
}
function requestHash(endpoint, body) {
  const { pay_password: _secret, ...rest } = body;
  return createHash3("sha256").update(`${endpoint}
${canonical(rest)}`).digest("hex");
}
function newOrderNo(now) {
  const stamp = now.toISOString().replace(/\D/g, "").slice(0, 14);
  return `${stamp}${String(randomInt(0, 1e5)).padStart(5, "0")}${String(randomInt(0, 1e5)).padStart(5, "0")}`;
}
var MoneyService = class {
  constructor(d) {
    this.d = d;
  }
  d;
  get db() {
    return this.d.db;
  }
  // ---- idempotency ----
  /**
   * Claims an Idempotency-Key in the transaction: null when it is new (the caller goes on and
   * stores its result), the stored result when the same request ran before (a concurrent first
   * run is waited for by the unique index), IDEMPOTENCY_KEY_REUSED for a different request.
   */
  async claimKey(tx, userId, key, hash) {
    const [claimed] = await tx.insert(idempotencyKeys).values({ userId, key, requestHash: hash, response: {}, createdAt: this.d.now() }).onConflictDoNothing().returning({ key: idempotencyKeys.key });
    if (claimed) return null;
    const [row] = await tx.select().from(idempotencyKeys).where(and22(eq27(idempotencyKeys.userId, userId), eq27(idempotencyKeys.key, key)));
    if (!row) throw new AppError(ErrorCode.CONFLICT);
    if (row.requestHash !== hash) throw new AppError(ErrorCode.IDEMPOTENCY_KEY_REUSED);
    return { response: row.response };
  }
  async storeKey(tx, userId, key, response) {
    await tx.update(idempotencyKeys).set({ response }).where(and22(eq27(idempotencyKeys.userId, userId), eq27(idempotencyKeys.key, key)));
  }
  // ---- catalogue ----
  /** A paid, published course and its price from the catalogue (never from the client). */
  async course(courseId) {
    const [c] = await this.d.db.select({ id: courses.id, titleZh: courses.titleZh, titleEn: courses.titleEn, cover: courses.cover, price: courses.price, originalPrice: courses.originalPrice, priceType: courses.priceType }).from(courses).where(and22(eq27(courses.id, courseId), eq27(courses.status, "published")));
    if (!c || c.priceType !== PriceType.PAID || c.price <= 0) throw new AppError(ErrorCode.NOT_FOR_SALE);
    return c;
  }
  async entitled(db, userId, courseId) {
    const [row] = await db.select({ id: courseEntitlements.id }).from(courseEntitlements).where(and22(eq27(courseEntitlements.userId, userId), eq27(courseEntitlements.courseId, courseId)));
    return row !== void 0;
  }
  /**
   * Holds a coupon for an order: one conditional update, so of two orders racing for it one wins.
   * `use` marks it used at once (a balance purchase). Answers the discount.
   */
  async takeCoupon(tx, userId, couponId, orderNo, price, courseId, use) {
    const now = this.d.now();
    const [held] = await tx.update(coupons).set({ status: use ? "used" : "reserved", orderNo, usedAt: use ? now : null }).where(and22(eq27(coupons.id, couponId), eq27(coupons.userId, userId), eq27(coupons.status, "unused"), lte5(coupons.validFrom, now), gt4(coupons.validUntil, now))).returning({ campaignId: coupons.campaignId });
    if (!held) throw new AppError(ErrorCode.COUPON_UNAVAILABLE);
    const [campaign] = await tx.select().from(couponCampaigns).where(eq27(couponCampaigns.id, held.campaignId));
    const off = campaign ? couponDiscount(campaign, price, courseId) : null;
    if (off === null) throw new AppError(ErrorCode.COUPON_NOT_APPLICABLE);
    return off;
  }
  /**
   * What a course order costs and holds: the catalogue price, less the coupon (taken for it; `use`
   * marks it used at once, for a balance purchase) and the points it spends.
   */
  async priceCourseOrder(tx, userId, course, orderNo, body, use) {
    const discount = body.coupon_id ? await this.takeCoupon(tx, userId, body.coupon_id, orderNo, course.price, course.id, use) : 0;
    const points = await this.d.points.spend(tx, { userId, orderNo, priceFen: course.price - discount, points: body.points ?? 0 });
    return {
      orderNo,
      userId,
      module: "course",
      moduleId: course.id,
      title: course.titleZh,
      titleEn: course.titleEn,
      originalAmount: course.price,
      couponId: body.coupon_id ?? null,
      couponDiscount: discount,
      pointsUsed: points.points,
      pointsDeduction: points.fen,
      amount: course.price - discount - points.fen
    };
  }
  async qr(text) {
    return text ? QRCode.toDataURL(text, { margin: 1, width: 240, errorCorrectionLevel: "M" }) : "";
  }
  findOrder(orderNo) {
    return this.orderOf(this.d.db, orderNo);
  }
  async orderOf(db, orderNo) {
    const [o] = await db.select().from(orders).where(eq27(orders.orderNo, orderNo));
    return o ?? null;
  }
  async ownOrder(me, orderNo) {
    const o = await this.orderOf(this.d.db, orderNo);
    if (!o || o.userId !== me.id) throw new AppError(ErrorCode.NOT_FOUND);
    return o;
  }
  async coverOf(o) {
    if (o.module !== "course") return "";
    const [c] = await this.d.db.select({ cover: courses.cover }).from(courses).where(eq27(courses.id, o.moduleId));
    return c?.cover ?? "";
  }
  async present(o, lang) {
    return presentOrder(o, lang, await this.coverOf(o));
  }
  // ---- balance purchase ----
  async purchase(p, body) {
    const course = await this.course(body.module_id);
    const hash = requestHash("walletPurchase", body);
    await this.d.checkPayPassword(p.user, body.pay_password);
    try {
      return await this.d.db.transaction(async (tx) => {
        const replay = await this.claimKey(tx, p.user.id, p.key, hash);
        if (replay) return replay.response;
        if (await this.entitled(tx, p.user.id, course.id)) throw new AppError(ErrorCode.ALREADY_PURCHASED);
        const now = this.d.now();
        const orderNo = newOrderNo(now);
        const [order] = await tx.insert(orders).values({
          ...await this.priceCourseOrder(tx, p.user.id, course, orderNo, body, true),
          channel: "balance",
          status: "paid",
          expiresAt: now,
          paidAt: now,
          createdAt: now,
          updatedAt: now
        }).returning();
        if (!order) throw new Error("order insert returned nothing");
        const posted = await postLedger(tx, { userId: p.user.id, type: "purchase", amount: -order.amount, refType: "order", refId: orderNo, memo: course.titleZh, now });
        await tx.insert(courseEntitlements).values({ userId: p.user.id, courseId: course.id, source: "order", grantedAt: now });
        const data = { order: presentOrder(order, p.lang, course.cover), balance: posted.balance };
        await this.storeKey(tx, p.user.id, p.key, data);
        return data;
      });
    } catch (err) {
      if (isUniqueViolation(err, "course_entitlements_user_course_uq")) throw new AppError(ErrorCode.ALREADY_PURCHASED);
      throw err;
    }
  }
  // ---- QR orders (course and recharge) ----
  async createCourseOrder(p, body) {
    const course = await this.course(body.module_id);
    const hash = requestHash("createOrder", body);
    const { orderNo, replaced } = await this.d.db.transaction(async (tx) => {
      const replay = await this.claimKey(tx, p.user.id, p.key, hash);
      if (replay) return { orderNo: replay.response.order_no, replaced: [] };
      if (await this.entitled(tx, p.user.id, course.id)) throw new AppError(ErrorCode.ALREADY_PURCHASED);
      const now = this.d.now();
      const replacedRows = await tx.update(orders).set({ status: "closed", closedAt: now }).where(and22(eq27(orders.userId, p.user.id), eq27(orders.module, "course"), eq27(orders.moduleId, course.id), eq27(orders.status, "pending"))).returning();
      await this.releaseHolds(tx, replacedRows);
      const no = newOrderNo(now);
      await tx.insert(orders).values({
        ...await this.priceCourseOrder(tx, p.user.id, course, no, body, false),
        channel: body.channel,
        status: "pending",
        expiresAt: new Date(now.getTime() + this.d.orderTtlS * 1e3),
        createdAt: now,
        updatedAt: now
      });
      await this.storeKey(tx, p.user.id, p.key, { order_no: no });
      return { orderNo: no, replaced: replacedRows };
    });
    for (const r of replaced) {
      await this.closeAtProvider(r).catch((err) => this.d.log.warn({ err, orderNo: r.orderNo }, "closing a replaced order at the provider failed"));
    }
    return this.providerOrder(orderNo, p);
  }
  async recharge(p, body) {
    let amount = body.amount ?? 0;
    let optionId = 0;
    if (body.option_id !== void 0) {
      const [opt] = await this.d.db.select().from(rechargeOptions).where(and22(eq27(rechargeOptions.id, body.option_id), eq27(rechargeOptions.active, true)));
      if (!opt) throw new AppError(ErrorCode.NOT_FOUND);
      amount = opt.amount;
      optionId = opt.id;
    }
    if (amount < RECHARGE_MIN_FEN || amount > RECHARGE_MAX_FEN) throw new AppError(ErrorCode.VALIDATION);
    const hash = requestHash("recharge", body);
    const orderNo = await this.d.db.transaction(async (tx) => {
      const replay = await this.claimKey(tx, p.user.id, p.key, hash);
      if (replay) return replay.response.order_no;
      const now = this.d.now();
      const no = newOrderNo(now);
      const yuan = (amount / 100).toFixed(2);
      await tx.insert(orders).values({
        orderNo: no,
        userId: p.user.id,
        module: "recharge",
        moduleId: optionId,
        title: `\u4F59\u989D\u5145\u503C \xA5${yuan}`,
        titleEn: `Balance top-up \xA5${yuan}`,
        originalAmount: amount,
        amount,
        channel: body.channel,
        status: "pending",
        expiresAt: new Date(now.getTime() + this.d.orderTtlS * 1e3),
        createdAt: now,
        updatedAt: now
      });
      await this.storeKey(tx, p.user.id, p.key, { order_no: no });
      return no;
    });
    return this.providerOrder(orderNo, p);
  }
  /** The payment answer of an order, making the provider's QR order when it has none yet (idempotent at the provider). */
  async providerOrder(orderNo, p) {
    let order = await this.ownOrder(p.user, orderNo);
    if (order.status === "pending" && !order.codeUrl && order.channel !== "balance") {
      const channel = order.channel;
      try {
        const made = await this.d.providers[channel].createNativeOrder({
          orderNo,
          amountFen: order.amount,
          description: order.title,
          expiresAt: order.expiresAt,
          notifyUrl: p.notifyUrl(channel)
        });
        const [updated] = await this.d.db.update(orders).set({ codeUrl: made.codeUrl, provider: this.d.providers[channel].kind }).where(and22(eq27(orders.orderNo, orderNo), eq27(orders.status, "pending"), eq27(orders.channel, channel))).returning();
        order = updated ?? await this.ownOrder(p.user, orderNo);
      } catch (err) {
        this.d.log.warn({ err, orderNo, channel }, "payment provider refused the order");
        throw new AppError(ErrorCode.PAYMENT_PROVIDER_ERROR);
      }
    }
    return presentPayment(order, await this.qr(order.status === "pending" ? order.codeUrl : ""));
  }
  /** Pay a pending order again: by QR (the same or the other provider) or from the balance. */
  async payOrder(p, orderNo, body) {
    let order = await this.ownOrder(p.user, orderNo);
    if (order.status !== "pending" || order.expiresAt <= this.d.now()) throw new AppError(ErrorCode.ORDER_NOT_PAYABLE);
    const hash = requestHash("orderPay", { order_no: orderNo, ...body });
    if (body.channel !== "balance") {
      const channel = body.channel;
      if (order.channel !== channel) {
        if (!await this.closeAtProvider(order)) return presentPayment(await this.ownOrder(p.user, orderNo), "");
        const [switched] = await this.d.db.update(orders).set({ channel, codeUrl: "", provider: null }).where(and22(eq27(orders.orderNo, orderNo), eq27(orders.status, "pending"))).returning();
        if (!switched) throw new AppError(ErrorCode.ORDER_NOT_PAYABLE);
        order = switched;
      }
      return this.providerOrder(orderNo, p);
    }
    if (order.module !== "course") throw new AppError(ErrorCode.ORDER_NOT_PAYABLE);
    await this.d.checkPayPassword(p.user, body.pay_password);
    if (!await this.closeAtProvider(order)) {
      const now = await this.ownOrder(p.user, orderNo);
      return presentPayment(now, "");
    }
    try {
      const paid = await this.d.db.transaction(async (tx) => {
        const replay = await this.claimKey(tx, p.user.id, p.key, hash);
        if (replay) return replay.response;
        const now = this.d.now();
        const [row] = await tx.update(orders).set({ status: "paid", channel: "balance", paidAt: now, updatedAt: now }).where(and22(eq27(orders.orderNo, orderNo), eq27(orders.status, "pending"), gt4(orders.expiresAt, now))).returning();
        if (!row) throw new AppError(ErrorCode.ORDER_NOT_PAYABLE);
        await postLedger(tx, { userId: p.user.id, type: "purchase", amount: -row.amount, refType: "order", refId: orderNo, memo: row.title, now });
        await tx.update(coupons).set({ status: "used", usedAt: now }).where(and22(eq27(coupons.orderNo, orderNo), eq27(coupons.status, "reserved")));
        await tx.insert(courseEntitlements).values({ userId: p.user.id, courseId: row.moduleId, source: "order", grantedAt: now });
        const data = presentPayment(row, "");
        await this.storeKey(tx, p.user.id, p.key, data);
        return data;
      });
      return paid;
    } catch (err) {
      if (isUniqueViolation(err, "course_entitlements_user_course_uq")) throw new AppError(ErrorCode.ALREADY_PURCHASED);
      throw err;
    }
  }
  /**
   * Closes a pending order's QR at its provider. Answers false when the provider says it was paid
   * (then that payment is applied here, from the provider's own answer).
   */
  async closeAtProvider(order) {
    if (order.channel === "balance" || !order.codeUrl) return true;
    const provider = this.d.providers[order.channel];
    try {
      await provider.closeOrder(order.orderNo);
      return true;
    } catch (err) {
      const state = await provider.queryOrder(order.orderNo).catch(() => void 0);
      if (state?.state === "success") {
        await this.applyPayment(provider, state);
        return false;
      }
      if (state === null || state?.state === "closed") return true;
      this.d.log.warn({ err, orderNo: order.orderNo }, "closing the order at the provider failed");
      throw new AppError(ErrorCode.PAYMENT_PROVIDER_ERROR);
    }
  }
  /** An order closed unpaid gives back what it held: its coupon and the points it spent. */
  async releaseHolds(tx, closed) {
    if (closed.length === 0) return;
    const orderNos = closed.map((o) => o.orderNo);
    for (const o of closed) await this.d.points.giveBack(tx, { userId: o.userId, orderNo: o.orderNo, why: "closed" });
    await tx.update(coupons).set({ status: "unused", orderNo: null }).where(and22(inArray13(coupons.orderNo, orderNos), eq27(coupons.status, "reserved")));
  }
  /** Closes a pending order (cancel or expiry): provider first, then the order and its coupon. Answers the order after. */
  async closeOrder(order) {
    if (order.status === "pending" && await this.closeAtProvider(order)) {
      await this.d.db.transaction(async (tx) => {
        const now = this.d.now();
        const closed = await tx.update(orders).set({ status: "closed", closedAt: now, updatedAt: now }).where(and22(eq27(orders.orderNo, order.orderNo), eq27(orders.status, "pending"))).returning({ orderNo: orders.orderNo, userId: orders.userId });
        await this.releaseHolds(tx, closed);
      });
    }
    return await this.orderOf(this.d.db, order.orderNo) ?? order;
  }
  async cancel(me, orderNo) {
    const order = await this.ownOrder(me, orderNo);
    if (order.status !== "pending") throw new AppError(ErrorCode.ORDER_NOT_PAYABLE);
    return this.closeOrder(order);
  }
  // ---- provider notifications ----
  /**
   * A provider's notification: verified by the provider (signature, decryption), then applied
   * once. Bad signature, unknown order or a wrong amount are refused and change nothing.
   */
  async notify(provider, incoming) {
    const verified = await provider.verifyNotification(incoming);
    if (!verified.ok) {
      this.d.log.warn({ channel: provider.channel, reason: verified.reason }, "payment notification refused");
      return provider.acknowledge(false);
    }
    if (verified.payment.state !== "success") return provider.acknowledge(true);
    const outcome = await this.applyPayment(provider, verified.payment);
    return provider.acknowledge(outcome !== "rejected");
  }
  /** Applies a provider's successful payment to its order, once. */
  async applyPayment(provider, payment) {
    const channel = provider.channel;
    let late = null;
    const outcome = await this.d.db.transaction(async (tx) => {
      const order = await this.orderOf(tx, payment.orderNo);
      if (!order) {
        this.d.log.warn({ channel, orderNo: payment.orderNo }, "payment for an unknown order");
        return "rejected";
      }
      if (payment.amountFen !== order.amount || order.module === "recharge" && order.channel !== channel) {
        this.d.log.error({ channel, orderNo: order.orderNo, paid: payment.amountFen, due: order.amount }, "payment does not match its order");
        return "rejected";
      }
      const [fresh] = await tx.insert(paymentNotifications).values({ channel, providerTxnId: payment.providerTxnId, orderNo: order.orderNo, tradeState: payment.state, amount: payment.amountFen, outcome: "applied", receivedAt: this.d.now() }).onConflictDoNothing().returning({ id: paymentNotifications.id });
      if (!fresh) {
        await tx.update(paymentNotifications).set({ duplicates: sql15`${paymentNotifications.duplicates} + 1` }).where(and22(eq27(paymentNotifications.channel, channel), eq27(paymentNotifications.providerTxnId, payment.providerTxnId), eq27(paymentNotifications.tradeState, payment.state)));
        return "duplicate";
      }
      const now = this.d.now();
      const [paid] = await tx.update(orders).set({ status: "paid", channel, paidAt: payment.paidAt ?? now, providerTxnId: payment.providerTxnId, updatedAt: now }).where(and22(eq27(orders.orderNo, order.orderNo), eq27(orders.status, "pending"))).returning();
      if (!paid) {
        late = order;
        await tx.update(paymentNotifications).set({ outcome: "late_refund" }).where(eq27(paymentNotifications.id, fresh.id));
        return "late_refund";
      }
      if (paid.module === "recharge") {
        await postLedger(tx, { userId: paid.userId, type: "recharge", amount: paid.amount, refType: "order", refId: paid.orderNo, now });
      } else {
        await tx.update(coupons).set({ status: "used", usedAt: now }).where(and22(eq27(coupons.orderNo, paid.orderNo), eq27(coupons.status, "reserved")));
        await tx.insert(courseEntitlements).values({ userId: paid.userId, courseId: paid.moduleId, source: "order", grantedAt: now }).onConflictDoNothing();
      }
      return "applied";
    });
    if (late) await this.refundLatePayment(provider, late, payment);
    return outcome;
  }
  async refundLatePayment(provider, order, payment) {
    try {
      const r = await provider.refund({ orderNo: order.orderNo, refundNo: `L${order.orderNo}`, amountFen: payment.amountFen, totalFen: payment.amountFen, reason: "order closed before payment" });
      this.d.log.warn({ orderNo: order.orderNo, refund: r }, "payment after the order closed: refunded");
    } catch (err) {
      this.d.log.error({ err, orderNo: order.orderNo }, "payment after the order closed: refund failed, needs an operator");
    }
  }
  // ---- sweeps ----
  /** Closes orders past their expiry (provider first) and releases their coupons. */
  async closeExpired(limit = 50) {
    const due = await this.d.db.select().from(orders).where(and22(eq27(orders.status, "pending"), lte5(orders.expiresAt, this.d.now()))).orderBy(asc16(orders.expiresAt)).limit(limit);
    let closed = 0;
    for (const o of due) {
      try {
        if ((await this.closeOrder(o)).status === "closed") closed += 1;
      } catch (err) {
        this.d.log.warn({ err, orderNo: o.orderNo }, "closing an expired order failed; next sweep retries");
      }
    }
    return closed;
  }
  /** Forgets Idempotency-Keys after a week (clients retry within minutes). */
  async forgetKeys(olderThanS = 7 * 86400) {
    await this.d.db.delete(idempotencyKeys).where(lt4(idempotencyKeys.createdAt, new Date(this.d.now().getTime() - olderThanS * 1e3)));
  }
  /** Asks the provider about QR orders pending for a while: a payment whose notification is late or lost still lands. */
  async reconcile(olderThanS = 30, limit = 20) {
    const before = new Date(this.d.now().getTime() - olderThanS * 1e3);
    const pending = await this.d.db.select().from(orders).where(and22(eq27(orders.status, "pending"), lte5(orders.createdAt, before), sql15`${orders.codeUrl} <> ''`)).orderBy(asc16(orders.updatedAt)).limit(limit);
    let applied = 0;
    for (const o of pending) {
      const provider = this.d.providers[o.channel];
      if (!provider) continue;
      try {
        const state = await provider.queryOrder(o.orderNo);
        if (state?.state === "success" && await this.applyPayment(provider, state) === "applied") applied += 1;
      } catch (err) {
        this.d.log.warn({ err, orderNo: o.orderNo }, "order query failed");
      }
    }
    return applied;
  }
  // ---- refunds (operator) ----
  /**
   * Refunds a paid order in full to where the money came from: the balance (a `refund` ledger
   * row), or the provider's refund API. Revokes the course. One refund per order (refunds.order_no).
   */
  async refund(actorId, orderNo, reason) {
    const order = await this.orderOf(this.d.db, orderNo);
    if (!order) throw new AppError(ErrorCode.NOT_FOUND);
    if (order.status !== "paid") throw new AppError(ErrorCode.REFUND_NOT_ALLOWED);
    const refundNo = `R${orderNo}`;
    const now = this.d.now();
    const [existing] = await this.d.db.select().from(refunds).where(eq27(refunds.orderNo, orderNo));
    if (existing && existing.status === "success") throw new AppError(ErrorCode.REFUND_NOT_ALLOWED);
    if (!existing) {
      try {
        await this.d.db.insert(refunds).values({ refundNo, orderNo, amount: order.amount, channel: order.channel, status: "processing", reason, operatorId: actorId, createdAt: now });
      } catch (err) {
        if (isUniqueViolation(err)) throw new AppError(ErrorCode.REFUND_NOT_ALLOWED);
        throw err;
      }
    }
    let providerRefundId = null;
    if (order.channel !== "balance" && order.amount > 0) {
      if (order.module === "recharge") {
        await this.d.db.transaction(async (tx) => {
          await postLedger(tx, { userId: order.userId, type: "refund", amount: -order.amount, refType: "order", refId: orderNo, memo: reason, now });
        });
      }
      try {
        const r = await this.d.providers[order.channel].refund({ orderNo, refundNo, amountFen: order.amount, totalFen: order.amount, reason });
        if (r.state === "failed") throw new Error("provider answered failed");
        providerRefundId = r.providerRefundId;
      } catch (err) {
        this.d.log.error({ err, orderNo }, "provider refund failed");
        await this.d.db.update(refunds).set({ status: "failed" }).where(eq27(refunds.orderNo, orderNo));
        throw new AppError(ErrorCode.PAYMENT_PROVIDER_ERROR);
      }
    }
    return this.d.db.transaction(async (tx) => {
      const [done] = await tx.update(orders).set({ status: "refunded", refundedAt: now, updatedAt: now }).where(and22(eq27(orders.orderNo, orderNo), eq27(orders.status, "paid"))).returning();
      if (!done) throw new AppError(ErrorCode.REFUND_NOT_ALLOWED);
      if (done.channel === "balance" && done.amount > 0) {
        await postLedger(tx, { userId: done.userId, type: "refund", amount: done.amount, refType: "order", refId: orderNo, memo: reason, now });
      }
      await this.d.points.giveBack(tx, { userId: done.userId, orderNo, why: "refunded" });
      if (done.module === "course") {
        await tx.delete(courseEntitlements).where(and22(eq27(courseEntitlements.userId, done.userId), eq27(courseEntitlements.courseId, done.moduleId), eq27(courseEntitlements.source, "order")));
      }
      const [refund] = await tx.update(refunds).set({ status: "success", providerRefundId }).where(eq27(refunds.orderNo, orderNo)).returning();
      if (!refund) throw new Error("refund row vanished");
      await writeAudit(tx, {
        actorId,
        action: "order.refund",
        target: `order:${orderNo}`,
        before: { status: order.status, amount: order.amount, channel: order.channel },
        after: { status: done.status, refund_no: refundNo, reason },
        now
      });
      return { refund, order: done };
    });
  }
  /** Operator: credit or debit a balance with a reason (never below zero), audited, once per Idempotency-Key. */
  async adjust(actorId, key, userId, body, lang) {
    const hash = requestHash("adminAdjustWallet", { user_id: userId, ...body });
    const [user] = await this.d.db.select({ id: users.id }).from(users).where(eq27(users.id, userId));
    if (!user) throw new AppError(ErrorCode.NOT_FOUND);
    return this.d.db.transaction(async (tx) => {
      const replay = await this.claimKey(tx, actorId, key, hash);
      if (replay) return replay.response;
      const now = this.d.now();
      const before = await walletOf(tx, userId);
      const posted = await postLedger(tx, { userId, type: "adjustment", amount: body.amount, refType: "adjustment", refId: `${actorId}:${key}`, memo: body.reason, now });
      await writeAudit(tx, { actorId, action: "wallet.adjust", target: `user:${userId}`, before, after: { balance: posted.balance, frozen: posted.frozen, amount: body.amount, reason: body.reason }, now });
      const [t] = await tx.select().from(walletTransactions).where(eq27(walletTransactions.id, posted.transactionId));
      if (!t) throw new Error("ledger row vanished");
      const result = { wallet: { balance: posted.balance, frozen: posted.frozen }, transaction: presentTxn(t, lang) };
      await this.storeKey(tx, actorId, key, result);
      return result;
    });
  }
  // ---- lists ----
  async orderPage(userId, q) {
    const where = and22(
      userId === null ? void 0 : eq27(orders.userId, userId),
      q.status ? eq27(orders.status, q.status) : void 0,
      q.module ? eq27(orders.module, q.module) : void 0
    );
    const [rows, [count14]] = await Promise.all([
      this.d.db.select().from(orders).where(where).orderBy(desc12(orders.id)).limit(q.page_size).offset((q.page - 1) * q.page_size),
      this.d.db.select({ n: sql15`count(*)::int` }).from(orders).where(where)
    ]);
    return { rows, total: count14?.n ?? 0 };
  }
  async campaignsOpen(now) {
    return this.d.db.select().from(couponCampaigns).where(
      and22(
        eq27(couponCampaigns.active, true),
        lte5(couponCampaigns.claimStartsAt, now),
        gt4(couponCampaigns.claimEndsAt, now),
        or4(isNull3(couponCampaigns.total), sql15`${couponCampaigns.issued} < ${couponCampaigns.total}`)
      )
    ).orderBy(asc16(couponCampaigns.id));
  }
};

// src/modules/money/sandbox-page.ts
var esc = (s) => s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c);
var T = {
  zh: {
    title: "\u6C99\u7BB1\u652F\u4ED8",
    note: "\u8FD9\u662F\u5F00\u53D1\u73AF\u5883\u7684\u6A21\u62DF\u652F\u4ED8\u9875\u9762\uFF0C\u4E0D\u4F1A\u4EA7\u751F\u771F\u5B9E\u6263\u6B3E\u3002",
    amount: "\u652F\u4ED8\u91D1\u989D",
    order: "\u8BA2\u5355\u53F7",
    item: "\u5546\u54C1",
    pay: "\u786E\u8BA4\u652F\u4ED8",
    decline: "\u53D6\u6D88\u652F\u4ED8",
    unknown: "\u627E\u4E0D\u5230\u8BE5\u8BA2\u5355\uFF0C\u6216\u5B83\u4E0D\u5C5E\u4E8E\u6C99\u7BB1\u652F\u4ED8\u3002",
    states: { pending: "\u7B49\u5F85\u652F\u4ED8", success: "\u652F\u4ED8\u6210\u529F\uFF0C\u5DF2\u901A\u77E5\u5546\u6237", failed: "\u5DF2\u53D6\u6D88\u652F\u4ED8\uFF0C\u53EF\u91CD\u65B0\u786E\u8BA4", closed: "\u8BA2\u5355\u5DF2\u5173\u95ED", refunded: "\u5DF2\u9000\u6B3E" },
    expired: "\u8BA2\u5355\u5DF2\u8FC7\u671F",
    other: "English"
  },
  en: {
    title: "Sandbox payment",
    note: "A simulated payment page for development: no real money moves.",
    amount: "Amount",
    order: "Order no.",
    item: "Item",
    pay: "Confirm payment",
    decline: "Decline",
    unknown: "No such order, or it is not a sandbox payment.",
    states: { pending: "Waiting for payment", success: "Paid; the merchant has been notified", failed: "Declined; you may confirm again", closed: "The order is closed", refunded: "Refunded" },
    expired: "The order has expired",
    other: "\u4E2D\u6587"
  }
};
function sandboxPayPage(o) {
  const t = T[o.lang];
  const other = o.lang === "zh" ? "en" : "zh";
  const self = `/sandbox/pay/${encodeURIComponent(o.orderNo)}`;
  let main2;
  if (!o.trade) {
    main2 = `<p class="state">${esc(t.unknown)}</p>`;
  } else {
    const tr = o.trade;
    const expired = tr.expiresAt <= o.now && (tr.state === "pending" || tr.state === "failed");
    const open = !expired && (tr.state === "pending" || tr.state === "failed");
    const item = o.lang === "en" && tr.titleEn ? tr.titleEn : tr.title;
    main2 = `<p class="amount">\xA5${(tr.amount / 100).toFixed(2)}</p>
<dl><dt>${esc(t.item)}</dt><dd>${esc(item)}</dd><dt>${esc(t.order)}</dt><dd>${esc(tr.orderNo)}</dd></dl>
<p class="state" data-state="${esc(expired ? "closed" : tr.state)}">${esc(expired ? t.expired : t.states[tr.state] ?? tr.state)}</p>
${open ? `<form method="post" action="${self}"><input type="hidden" name="lang" value="${o.lang}">
<button name="result" value="success" class="pay">${esc(t.pay)}</button>
<button name="result" value="fail" class="decline">${esc(t.decline)}</button></form>` : ""}`;
  }
  return `<!doctype html>
<html lang="${o.lang === "zh" ? "zh-CN" : "en"}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(t.title)}</title>
<style>
body{margin:0;font:16px/1.5 system-ui,-apple-system,"PingFang SC","Microsoft YaHei",sans-serif;background:#f3f5f7;color:#1f2d3d}
main{max-width:420px;margin:0 auto;padding:24px 16px}
h1{font-size:20px;margin:0 0 4px}.note{color:#6b7785;font-size:13px;margin:0 0 20px}
.card{background:#fff;border-radius:12px;padding:20px;box-shadow:0 1px 4px rgba(0,0,0,.06)}
.amount{font-size:36px;font-weight:600;text-align:center;margin:8px 0 16px}
dl{display:grid;grid-template-columns:auto 1fr;gap:6px 12px;margin:0 0 16px;font-size:14px}dt{color:#6b7785}dd{margin:0;word-break:break-all}
.state{text-align:center;font-weight:600}
form{display:grid;gap:12px;margin-top:16px}
button{font:inherit;padding:14px;border-radius:8px;border:0;cursor:pointer}
.pay{background:#14a39a;color:#fff}.decline{background:#e9edf0;color:#1f2d3d}
.lang{display:block;text-align:right;font-size:14px;margin-bottom:8px;color:#14a39a}
</style></head><body><main>
<a class="lang" href="${self}?lang=${other}">${esc(t.other)}</a>
<h1>${esc(t.title)}</h1><p class="note">${esc(t.note)}</p>
<div class="card">${main2}</div>
</main></body></html>`;
}

// src/modules/money/money.routes.ts
var DEFAULT_RECHARGE_FEN = [1e3, 5e3, 1e4, 2e4, 5e4];
var PAY_EXPLAIN = {
  zh_CN: {
    title: "\u652F\u4ED8\u8BF4\u660E",
    paragraphs: [
      "\u8D26\u6237\u4F59\u989D\u4EE5\u4EBA\u6C11\u5E01\u8BA1\uFF0C\u53EF\u7528\u4E8E\u8D2D\u4E70\u5E73\u53F0\u8BFE\u7A0B\uFF1B\u4F59\u989D\u4E0D\u53EF\u8F6C\u8BA9\uFF0C\u5145\u503C\u540E\u53EF\u7533\u8BF7\u63D0\u73B0\u5230\u672C\u4EBA\u94F6\u884C\u5361\u3002",
      "\u4F7F\u7528\u4F59\u989D\u652F\u4ED8\u9700\u8981\u8F93\u5165 6 \u4F4D\u652F\u4ED8\u5BC6\u7801\uFF1B\u8FDE\u7EED\u8F93\u9519 5 \u6B21\u5C06\u9501\u5B9A 15 \u5206\u949F\u3002",
      "\u5FAE\u4FE1\u6216\u652F\u4ED8\u5B9D\u626B\u7801\u652F\u4ED8\u7684\u8BA2\u5355\u5728 15 \u5206\u949F\u5185\u6709\u6548\uFF0C\u8D85\u65F6\u672A\u4ED8\u5C06\u81EA\u52A8\u5173\u95ED\uFF0C\u5360\u7528\u7684\u4F18\u60E0\u5238\u968F\u4E4B\u9000\u56DE\u3002",
      "\u6BCF\u5F20\u4F18\u60E0\u5238\u53EA\u80FD\u4F7F\u7528\u4E00\u6B21\uFF0C\u9700\u6EE1\u8DB3\u6700\u4F4E\u6D88\u8D39\u548C\u9002\u7528\u8303\u56F4\uFF1B\u4E00\u7B14\u8BA2\u5355\u53EA\u80FD\u4F7F\u7528\u4E00\u5F20\u4F18\u60E0\u5238\u3002",
      "\u8BFE\u7A0B\u4E00\u7ECF\u8D2D\u4E70\u5373\u53EF\u89C2\u770B\u5168\u90E8\u7AE0\u8282\u3002\u5982\u9700\u9000\u6B3E\u8BF7\u8054\u7CFB\u5BA2\u670D\uFF0C\u9000\u6B3E\u5C06\u539F\u8DEF\u9000\u56DE\uFF08\u4F59\u989D\u652F\u4ED8\u9000\u56DE\u4F59\u989D\uFF0C\u626B\u7801\u652F\u4ED8\u9000\u56DE\u539F\u652F\u4ED8\u8D26\u6237\uFF09\uFF0C\u540C\u65F6\u6536\u56DE\u8BFE\u7A0B\u6743\u9650\u3002"
    ]
  },
  en: {
    title: "About payments",
    paragraphs: [
      "The balance is held in CNY and pays for courses on the platform. It cannot be transferred; you may withdraw it to your own bank card.",
      "Paying from the balance needs your 6-digit payment password; 5 wrong tries in a row lock it for 15 minutes.",
      "WeChat Pay and Alipay QR orders stay open for 15 minutes; unpaid orders then close and give their coupon back.",
      "Each coupon is used once and must meet its minimum spend and scope; one coupon per order.",
      "A purchased course opens all its chapters. For a refund contact customer service: the money goes back where it came from (balance or the original payment account) and the course is withdrawn."
    ]
  }
};
function idempotencyKey(req) {
  const raw = req.headers[IDEMPOTENCY_HEADER];
  const key = Array.isArray(raw) ? raw[0] : raw;
  if (!key || !IDEMPOTENCY_KEY_PATTERN.test(key)) {
    throw fieldError(req.ctx.lang, "Idempotency-Key", { zh: "\u8BF7\u6C42\u5934\u7F3A\u5931\u6216\u683C\u5F0F\u4E0D\u6B63\u786E\uFF088\u2013128 \u4F4D\u5B57\u6BCD\u3001\u6570\u5B57\u6216 _-:.\uFF09", en: "header is required: 8\u2013128 of A-Z a-z 0-9 _ - : ." });
  }
  return key;
}
async function ensureRechargeOptions(app) {
  const [any] = await app.db.select({ id: rechargeOptions.id }).from(rechargeOptions).limit(1);
  if (any) return;
  await app.database.exclusive("recharge-options", async (db) => {
    const [again] = await db.select({ id: rechargeOptions.id }).from(rechargeOptions).limit(1);
    if (!again) await db.insert(rechargeOptions).values(DEFAULT_RECHARGE_FEN.map((amount, i) => ({ amount, sort: i })));
  });
}
var moneyRoutes = async (instance, opts) => {
  const app = instance.withTypeProvider();
  const now = opts.now;
  const providers = await createPaymentProviders(opts.payments, {
    db: app.db,
    now,
    appSecret: app.accounts.secret,
    log: app.log,
    // The sandbox is this server's own provider: its notifications go through the real HTTP route.
    transport: async (url, headers, body) => {
      const res = await app.inject({ method: "POST", url: new URL(url).pathname, headers, payload: body });
      return { status: res.statusCode, body: res.body };
    }
  });
  const service = new MoneyService({
    db: app.db,
    now,
    providers: providers.byChannel,
    checkPayPassword: (me, pw) => app.accounts.checkPayPassword(me, pw),
    orderTtlS: opts.payments.orderTtlS,
    points: opts.points,
    log: app.log
  });
  const couponsSvc = new CouponService(app.db, now);
  await ensureRechargeOptions(app);
  const paying = (req) => ({
    user: currentUser(req),
    lang: req.ctx.lang,
    key: idempotencyKey(req),
    notifyUrl: (channel) => `${opts.payments.notifyBaseUrl ?? `${req.protocol}://${req.host}`}${payNotifyPath(channel)}`
  });
  let sweeping = null;
  let sweeps = 0;
  const sweep = async () => {
    sweeping ??= (async () => {
      try {
        for (const s of providers.sandboxes) await s.deliverDue();
        await service.closeExpired();
        await service.reconcile();
        if (++sweeps % 720 === 1) await service.forgetKeys();
      } catch (err) {
        app.log.warn({ err }, "money sweep failed");
      } finally {
        sweeping = null;
      }
    })();
    return sweeping;
  };
  app.decorate("money", { service, sandboxes: providers.sandboxes, sweep });
  if (opts.payments.sweepIntervalS > 0) {
    let timer = null;
    app.addHook("onReady", async () => {
      timer = setInterval(() => void sweep(), opts.payments.sweepIntervalS * 1e3);
      timer.unref();
    });
    app.addHook("onClose", async () => {
      if (timer) clearInterval(timer);
      await sweeping;
    });
  }
  app.route({ ...endpointRoute("walletInfo"), handler: async (req) => ok(await walletOf(app.db, currentUser(req).id)) });
  app.route({
    ...endpointRoute("walletTransactions"),
    handler: async (req) => {
      const me = currentUser(req);
      const { page, page_size: size, type } = req.query;
      const where = and23(eq28(walletTransactions.userId, me.id), type ? eq28(walletTransactions.type, type) : void 0);
      const [rows, [count14]] = await Promise.all([
        app.db.select().from(walletTransactions).where(where).orderBy(desc13(walletTransactions.id)).limit(size).offset((page - 1) * size),
        app.db.select({ n: sql16`count(*)::int` }).from(walletTransactions).where(where)
      ]);
      const total = count14?.n ?? 0;
      return ok({ items: rows.map((t) => presentTxn(t, req.ctx.lang)), page, page_size: size, total, has_more: page * size < total });
    }
  });
  app.route({
    ...endpointRoute("walletTransaction"),
    handler: async (req) => {
      const [t] = await app.db.select().from(walletTransactions).where(and23(eq28(walletTransactions.id, req.params.id), eq28(walletTransactions.userId, currentUser(req).id)));
      if (!t) throw new AppError(ErrorCode.NOT_FOUND);
      return ok(presentTxn(t, req.ctx.lang));
    }
  });
  app.route({
    ...endpointRoute("rechargeList"),
    handler: async (req) => {
      const rows = await app.db.select().from(rechargeOptions).where(eq28(rechargeOptions.active, true)).orderBy(asc17(rechargeOptions.sort), asc17(rechargeOptions.id));
      const label = (fen) => req.ctx.lang === "en" ? `\xA5${fen / 100}` : `${fen / 100} \u5143`;
      return ok({ items: rows.map((r) => ({ id: r.id, amount: r.amount, label: label(r.amount) })), min_amount: RECHARGE_MIN_FEN, max_amount: RECHARGE_MAX_FEN });
    }
  });
  app.route({ ...endpointRoute("aboutPayExplain"), handler: async (req) => ok(PAY_EXPLAIN[req.ctx.lang]) });
  app.route({ ...endpointRoute("walletPurchase"), handler: async (req) => ok(await service.purchase(paying(req), req.body)) });
  app.route({ ...endpointRoute("createOrder"), handler: async (req) => ok(await service.createCourseOrder(paying(req), req.body)) });
  app.route({ ...endpointRoute("recharge"), handler: async (req) => ok(await service.recharge(paying(req), req.body)) });
  app.route({ ...endpointRoute("orderPay"), handler: async (req) => ok(await service.payOrder(paying(req), req.params.order_no, req.body)) });
  app.route({
    ...endpointRoute("orderInfo"),
    handler: async (req) => ok(await service.present(await service.ownOrder(currentUser(req), req.query.order_no), req.ctx.lang))
  });
  app.route({
    ...endpointRoute("orderList"),
    handler: async (req) => {
      const { rows, total } = await service.orderPage(currentUser(req).id, req.query);
      const items = await Promise.all(rows.map((o) => service.present(o, req.ctx.lang)));
      return ok({ items, page: req.query.page, page_size: req.query.page_size, total, has_more: req.query.page * req.query.page_size < total });
    }
  });
  app.route({
    ...endpointRoute("orderCancel"),
    handler: async (req) => ok(await service.present(await service.cancel(currentUser(req), req.params.order_no), req.ctx.lang))
  });
  app.route({
    ...endpointRoute("couponList"),
    handler: async (req) => ok(await couponsSvc.list(currentUser(req).id, req.query.status, req.query.page, req.query.page_size, req.ctx.lang))
  });
  app.route({ ...endpointRoute("couponClaim"), handler: async (req) => ok(await couponsSvc.claim(currentUser(req).id, req.params.id, req.ctx.lang)) });
  app.route({
    ...endpointRoute("couponRemain"),
    config: { auth: "optional" },
    handler: async (req) => ok(await couponsSvc.remain(req.ctx.user?.id ?? null, req.ctx.lang, await service.campaignsOpen(now())))
  });
  app.route({
    ...endpointRoute("couponUsable"),
    handler: async (req) => {
      const course = await service.course(req.query.module_id);
      return ok(await couponsSvc.usable(currentUser(req).id, course.id, course.price, course.originalPrice, req.ctx.lang));
    }
  });
  const operator = requireRole("operator");
  app.route({
    ...endpointRoute("adminOrders"),
    preHandler: operator,
    handler: async (req) => {
      const { rows, total } = await service.orderPage(req.query.user_id ?? null, req.query);
      const items = rows.map((o) => ({ ...presentOrder(o, req.ctx.lang), user_id: o.userId, provider_txn_id: o.providerTxnId }));
      return ok({ items, page: req.query.page, page_size: req.query.page_size, total, has_more: req.query.page * req.query.page_size < total });
    }
  });
  app.route({
    ...endpointRoute("adminRefund"),
    preHandler: operator,
    handler: async (req) => {
      const { refund, order } = await service.refund(currentUser(req).id, req.params.order_no, req.body.reason);
      return ok({
        refund: {
          refund_no: refund.refundNo,
          order_no: refund.orderNo,
          amount: refund.amount,
          channel: refund.channel,
          status: refund.status,
          reason: refund.reason,
          created_at: refund.createdAt.toISOString()
        },
        order: await service.present(order, req.ctx.lang)
      });
    }
  });
  app.route({ ...endpointRoute("adminCampaigns"), preHandler: operator, handler: async (req) => ok({ items: await couponsSvc.allCampaigns(req.ctx.lang) }) });
  app.route({
    ...endpointRoute("adminCreateCampaign"),
    preHandler: operator,
    handler: async (req) => ok(await couponsSvc.createCampaign(currentUser(req).id, req.body, req.ctx.lang))
  });
  app.route({
    ...endpointRoute("adminAdjustWallet"),
    preHandler: operator,
    handler: async (req) => ok(await service.adjust(currentUser(req).id, idempotencyKey(req), req.params.user_id, req.body, req.ctx.lang))
  });
  app.route({
    ...endpointRoute("adminAuditLog"),
    preHandler: operator,
    handler: async (req) => {
      const { page, page_size: size, action: action2, target } = req.query;
      const where = and23(action2 ? eq28(auditLog.action, action2) : void 0, target ? eq28(auditLog.target, target) : void 0);
      const [rows, [count14]] = await Promise.all([
        app.db.select().from(auditLog).where(where).orderBy(desc13(auditLog.id)).limit(size).offset((page - 1) * size),
        app.db.select({ n: sql16`count(*)::int` }).from(auditLog).where(where)
      ]);
      const total = count14?.n ?? 0;
      const items = rows.map((r) => ({ id: r.id, actor_id: r.actorId, action: r.action, target: r.target, before: r.before, after: r.after, created_at: r.createdAt.toISOString() }));
      return ok({ items, page, page_size: size, total, has_more: page * size < total });
    }
  });
  await app.register(async (raw) => {
    raw.removeAllContentTypeParsers();
    raw.addContentTypeParser("*", { parseAs: "string", bodyLimit: 64 * 1024 }, (_req, body, done) => done(null, body));
    for (const channel of ["wechat", "alipay"]) {
      raw.post(payNotifyPath(channel), { schema: { hide: true }, config: {} }, async (req, reply) => {
        const provider = providers.byChannel[channel];
        const ack = await service.notify(provider, { headers: req.headers, rawBody: typeof req.body === "string" ? req.body : "" });
        return reply.code(ack.status).type(ack.contentType).send(ack.body);
      });
    }
  });
  if (opts.devTools) {
    const sandboxFor = (channel) => providers.sandboxes.find((s) => s.channel === channel) ?? null;
    const payAsPayer = async (orderNo, result) => {
      const order = await service.findOrder(orderNo);
      const sandbox = order ? sandboxFor(order.channel) : null;
      const state = sandbox ? await sandbox.pay(orderNo, result) : null;
      if (state === "success") setImmediate(() => void sweep());
      return state;
    };
    app.route({
      ...endpointRoute("devPay"),
      handler: async (req) => {
        const state = await payAsPayer(req.params.order_no, req.body.result);
        if (!state) throw new AppError(ErrorCode.NOT_FOUND);
        return ok({ order_no: req.params.order_no, trade_state: state });
      }
    });
    await app.register(async (page) => {
      page.addContentTypeParser(
        "application/x-www-form-urlencoded",
        { parseAs: "string", bodyLimit: 1024 },
        (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(body)))
      );
      page.get("/sandbox/pay/:order_no", { schema: { hide: true } }, async (req, reply) => {
        const order = await service.findOrder(req.params.order_no);
        const sandbox = order ? sandboxFor(order.channel) : null;
        const trade = sandbox ? await sandbox.trade(req.params.order_no) : null;
        const lang = req.query.lang === "en" || !req.query.lang && !/zh/i.test(req.headers["accept-language"] ?? "zh") ? "en" : "zh";
        return reply.type("text/html; charset=utf-8").header("cache-control", "no-store").send(sandboxPayPage({ lang, orderNo: req.params.order_no, trade: trade && order ? { ...trade, title: order.title, titleEn: order.titleEn } : null, now: now() }));
      });
      page.post("/sandbox/pay/:order_no", { schema: { hide: true } }, async (req, reply) => {
        const result = req.body?.result === "success" ? "success" : "fail";
        await payAsPayer(req.params.order_no, result);
        const lang = req.body?.lang === "en" ? "en" : "zh";
        return reply.redirect(`/sandbox/pay/${encodeURIComponent(req.params.order_no)}?lang=${lang}`, 303);
      });
    });
  }
};
var money_routes_default = fp11(moneyRoutes, { name: "money", dependencies: ["accounts", "db"] });

// src/modules/rewards/bank-cards.ts
import { createCipheriv, createDecipheriv, createHmac as createHmac3, hkdfSync, randomBytes as randomBytes2 } from "node:crypto";

// src/modules/rewards/bank-bins.ts
var BANKS = [
  {
    code: "ICBC",
    zh: "\u4E2D\u56FD\u5DE5\u5546\u94F6\u884C",
    en: "Industrial and Commercial Bank of China",
    debit: ["622202", "622203", "622208", "621226", "621225", "621288", "621558", "621559", "621722", "621723", "620058", "621281", "955880"],
    credit: ["622230", "622235", "622210", "622215", "625330", "625331", "427020", "427030"]
  },
  {
    code: "CCB",
    zh: "\u4E2D\u56FD\u5EFA\u8BBE\u94F6\u884C",
    en: "China Construction Bank",
    debit: ["621700", "622700", "622280", "436742", "621284", "621081", "621467"],
    credit: ["622676", "622677", "622678", "625362", "625363"]
  },
  {
    code: "ABC",
    zh: "\u4E2D\u56FD\u519C\u4E1A\u94F6\u884C",
    en: "Agricultural Bank of China",
    debit: ["622848", "622845", "622846", "622841", "622849", "623052"],
    credit: ["622836", "622837", "625996", "625997"]
  },
  {
    code: "BOC",
    zh: "\u4E2D\u56FD\u94F6\u884C",
    en: "Bank of China",
    debit: ["621660", "621661", "621662", "621663", "621785", "621786", "621787", "621788", "621789", "621790", "456351", "601382"],
    credit: ["625908", "625909", "625910"]
  },
  {
    code: "BOCOM",
    zh: "\u4EA4\u901A\u94F6\u884C",
    en: "Bank of Communications",
    debit: ["622260", "622262", "622258", "622259", "622261", "405512", "601428", "621335"],
    credit: ["622250", "622251", "622252", "622253", "521899", "625028", "625029"]
  },
  {
    code: "CMB",
    zh: "\u62DB\u5546\u94F6\u884C",
    en: "China Merchants Bank",
    debit: ["622588", "622580", "621483", "621485", "621486", "410062", "468203", "512425", "524011", "621286", "622609"],
    credit: ["622575", "622576", "622577", "622578", "622579", "622581", "622582", "439188", "545947", "625802", "625803"]
  },
  {
    code: "PSBC",
    zh: "\u4E2D\u56FD\u90AE\u653F\u50A8\u84C4\u94F6\u884C",
    en: "Postal Savings Bank of China",
    debit: ["621799", "622188", "621098", "620062", "622150", "622151", "622181", "622199", "621095", "621096", "621599"],
    credit: ["625919", "628310"]
  },
  {
    code: "CITIC",
    zh: "\u4E2D\u4FE1\u94F6\u884C",
    en: "China CITIC Bank",
    debit: ["622690", "622691", "622692", "622696", "622698", "621773", "621767", "433670", "433680", "442729", "442730"],
    credit: ["622918", "622919", "628208"]
  },
  {
    code: "CEB",
    zh: "\u4E2D\u56FD\u5149\u5927\u94F6\u884C",
    en: "China Everbright Bank",
    debit: ["622660", "622661", "622662", "622663", "622664", "622665", "622666", "622667", "622668", "622669", "620085", "621489", "621490"],
    credit: ["622655", "622650", "625978", "625979"]
  },
  {
    code: "CMBC",
    zh: "\u4E2D\u56FD\u6C11\u751F\u94F6\u884C",
    en: "China Minsheng Bank",
    debit: ["622615", "622617", "622618", "622622", "622600", "622601", "621691", "415599", "421393", "472067"],
    credit: ["622602", "622603", "622623", "625911", "528948"]
  },
  {
    code: "CIB",
    zh: "\u5174\u4E1A\u94F6\u884C",
    en: "Industrial Bank",
    debit: ["622909", "622908", "438588", "438589"],
    credit: ["622901", "622902", "622922", "625960", "628212"]
  },
  {
    code: "SPDB",
    zh: "\u4E0A\u6D77\u6D66\u4E1C\u53D1\u5C55\u94F6\u884C",
    en: "Shanghai Pudong Development Bank",
    debit: ["622521", "622522", "622523", "621792", "621793", "621795", "621796", "456418"],
    credit: ["622516", "622517", "622518", "625970", "625971", "628222"]
  },
  {
    code: "PAB",
    zh: "\u5E73\u5B89\u94F6\u884C",
    en: "Ping An Bank",
    debit: ["622155", "622156", "622157", "622986", "622989", "622298", "622538", "622535", "622536", "622539", "623058"],
    credit: ["622525", "622526", "625360", "625361", "412962", "412963", "415752", "415753"]
  },
  {
    code: "GDB",
    zh: "\u5E7F\u53D1\u94F6\u884C",
    en: "China Guangfa Bank",
    debit: ["622568", "621462", "620037"],
    credit: ["622555", "622556", "622557", "622558", "622559", "622560", "528931", "558894", "625071", "625072", "625805", "625806"]
  },
  {
    code: "HXB",
    zh: "\u534E\u590F\u94F6\u884C",
    en: "Hua Xia Bank",
    debit: ["622630", "622631", "622632", "622633", "621222"],
    credit: ["622636", "622637", "622638", "523959", "528708", "625967", "625968", "625969"]
  }
];

// src/modules/rewards/bank-cards.ts
function luhnValid(digits) {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}
var byBin = /* @__PURE__ */ new Map();
for (const bank of BANKS) {
  for (const bin of bank.debit) byBin.set(bin, { bank, cardType: "debit", bin });
  for (const bin of bank.credit) byBin.set(bin, { bank, cardType: "credit", bin });
}
function lookupBin(digits) {
  for (let len = Math.min(8, digits.length); len >= 5; len--) {
    const hit = byBin.get(digits.slice(0, len));
    if (hit) return hit;
  }
  return null;
}
function bankByCode(code) {
  return BANKS.find((b) => b.code === code);
}
function bankName(bank, lang) {
  return lang === "en" ? bank.en : bank.zh;
}
function maskCardNumber(first4, last4) {
  return `${first4} **** **** ${last4}`;
}
var CardVault = class {
  constructor(key) {
    this.key = key;
    if (key.length !== 32) throw new Error("card encryption key must be 32 bytes");
    this.hashKey = Buffer.from(hkdfSync("sha256", key, "medportal", "card-number-hash", 32));
  }
  key;
  hashKey;
  seal(digits) {
    const iv = randomBytes2(12);
    const cipher = createCipheriv("aes-256-gcm", this.key, iv);
    const data = Buffer.concat([cipher.update(digits, "utf8"), cipher.final()]);
    return ["v1", iv, cipher.getAuthTag(), data].map((p) => typeof p === "string" ? p : p.toString("base64url")).join(".");
  }
  open(sealed) {
    const [version, iv, tag, data] = sealed.split(".");
    if (version !== "v1" || !iv || !tag || !data) throw new Error("unknown card seal");
    const decipher = createDecipheriv("aes-256-gcm", this.key, Buffer.from(iv, "base64url"));
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    return Buffer.concat([decipher.update(Buffer.from(data, "base64url")), decipher.final()]).toString("utf8");
  }
  hash(digits) {
    return createHmac3("sha256", this.hashKey).update(digits).digest("base64url");
  }
};
function cardKey(configured, appSecret) {
  return configured ?? Buffer.from(hkdfSync("sha256", appSecret, "medportal", "card-encryption-dev", 32));
}

// src/modules/rewards/bankcards.service.ts
import { and as and24, asc as asc18, count as count10, desc as desc14, eq as eq29, isNull as isNull4, sql as sql17 } from "drizzle-orm";
var notFound8 = () => new AppError(ErrorCode.NOT_FOUND);
function checkCardNumber(digits) {
  if (!luhnValid(digits)) throw new AppError(ErrorCode.BANKCARD_INVALID);
  const match = lookupBin(digits);
  if (!match) throw new AppError(ErrorCode.BANKCARD_UNSUPPORTED);
  return match;
}
function presentCard(row, lang) {
  const bank = bankByCode(row.bankCode);
  const mobile = parseE164(row.mobile);
  return {
    id: row.id,
    bank_code: row.bankCode,
    bank_name: bank ? bankName(bank, lang) : row.bankCode,
    card_type: row.cardType,
    holder_name: row.holderName,
    masked_number: maskCardNumber(row.bin.slice(0, 4), row.last4),
    last4: row.last4,
    mobile: maskMobile(mobile?.national ?? row.mobile),
    is_default: row.isDefault,
    created_at: row.createdAt.toISOString()
  };
}
var BankCardService = class {
  constructor(db, vault) {
    this.db = db;
    this.vault = vault;
  }
  db;
  vault;
  check(digits, lang) {
    const m = checkCardNumber(digits);
    return { bank_code: m.bank.code, bank_name: bankName(m.bank, lang), card_type: m.cardType, masked_number: maskCardNumber(digits.slice(0, 4), digits.slice(-4)), last4: digits.slice(-4) };
  }
  async list(userId, lang) {
    const rows = await this.db.select().from(bankCards).where(and24(eq29(bankCards.userId, userId), isNull4(bankCards.removedAt))).orderBy(desc14(bankCards.isDefault), asc18(bankCards.id));
    return { items: rows.map((r) => presentCard(r, lang)) };
  }
  async add(userId, body, lang) {
    const digits = body.card_number;
    const match = checkCardNumber(digits);
    const mobile = this.mobile(body.mobile, body.country_code, lang);
    const hash = this.vault.hash(digits);
    const row = await this.db.transaction(async (tx) => {
      await lockUser(tx, userId);
      const active = and24(eq29(bankCards.userId, userId), isNull4(bankCards.removedAt));
      const [dup] = await tx.select({ id: bankCards.id }).from(bankCards).where(and24(active, eq29(bankCards.numberHash, hash)));
      if (dup) throw new AppError(ErrorCode.BANKCARD_DUPLICATE);
      const [counted] = await tx.select({ n: count10() }).from(bankCards).where(active);
      const n = counted?.n ?? 0;
      if (n >= BANKCARD_MAX_PER_USER) throw new AppError(ErrorCode.BANKCARD_LIMIT);
      const makeDefault = body.is_default || n === 0;
      if (makeDefault) await tx.update(bankCards).set({ isDefault: false }).where(and24(active, eq29(bankCards.isDefault, true)));
      const [inserted] = await tx.insert(bankCards).values({
        userId,
        holderName: body.holder_name,
        numberSealed: this.vault.seal(digits),
        numberHash: hash,
        bin: digits.slice(0, 6),
        last4: digits.slice(-4),
        numberLength: digits.length,
        bankCode: match.bank.code,
        cardType: match.cardType,
        mobile,
        isDefault: makeDefault
      }).returning();
      return inserted;
    });
    return presentCard(row, lang);
  }
  async update(userId, id, body, lang) {
    const set = {};
    if (body.holder_name !== void 0) set.holderName = body.holder_name;
    if (body.mobile !== void 0) set.mobile = this.mobile(body.mobile, body.country_code, lang);
    const where = and24(eq29(bankCards.id, id), eq29(bankCards.userId, userId), isNull4(bankCards.removedAt));
    const [row] = Object.keys(set).length ? await this.db.update(bankCards).set(set).where(where).returning() : await this.db.select().from(bankCards).where(where);
    if (!row) throw notFound8();
    return presentCard(row, lang);
  }
  async setDefault(userId, id, lang) {
    await this.db.transaction(async (tx) => {
      await lockUser(tx, userId);
      const active = and24(eq29(bankCards.userId, userId), isNull4(bankCards.removedAt));
      const [card] = await tx.select({ id: bankCards.id }).from(bankCards).where(and24(active, eq29(bankCards.id, id)));
      if (!card) throw notFound8();
      await tx.update(bankCards).set({ isDefault: false }).where(and24(active, eq29(bankCards.isDefault, true)));
      await tx.update(bankCards).set({ isDefault: true }).where(eq29(bankCards.id, id));
    });
    return this.list(userId, lang);
  }
  /** Removes a card (kept for the withdrawals that name it); the next oldest card becomes the default. */
  async remove(userId, id, lang) {
    await this.db.transaction(async (tx) => {
      await lockUser(tx, userId);
      const active = and24(eq29(bankCards.userId, userId), isNull4(bankCards.removedAt));
      const [card] = await tx.update(bankCards).set({ removedAt: /* @__PURE__ */ new Date(), isDefault: false }).where(and24(active, eq29(bankCards.id, id))).returning();
      if (!card) throw notFound8();
      if (card.isDefault || !(await tx.select({ id: bankCards.id }).from(bankCards).where(and24(active, eq29(bankCards.isDefault, true)))).length) {
        const [next] = await tx.select({ id: bankCards.id }).from(bankCards).where(active).orderBy(asc18(bankCards.id)).limit(1);
        if (next) await tx.update(bankCards).set({ isDefault: true }).where(eq29(bankCards.id, next.id));
      }
    });
    return this.list(userId, lang);
  }
  /** An active card of the user, or NOT_FOUND. */
  async get(db, userId, id) {
    const [row] = await db.select().from(bankCards).where(and24(eq29(bankCards.id, id), eq29(bankCards.userId, userId), isNull4(bankCards.removedAt)));
    if (!row) throw notFound8();
    return row;
  }
  mobile(mobile, countryCode, lang) {
    const m = canonicalMobile(mobile, countryCode);
    if (!m) throw fieldError(lang, "mobile", { zh: "\u624B\u673A\u53F7\u683C\u5F0F\u4E0D\u6B63\u786E", en: "is not a valid mobile number" });
    return m.e164;
  }
};
async function lockUser(tx, userId) {
  await tx.execute(sql17`select pg_advisory_xact_lock(${7301}, ${userId})`);
}

// src/modules/rewards/points.service.ts
import { and as and26, count as count11, desc as desc15, eq as eq31, gt as gt5, lt as lt5 } from "drizzle-orm";

// src/modules/rewards/points.ledger.ts
import { and as and25, eq as eq30 } from "drizzle-orm";
async function postPoints(tx, e) {
  if (!Number.isSafeInteger(e.change) || e.change === 0) throw new Error(`postPoints: bad change ${e.change}`);
  const [user] = await tx.select({ balance: users.pointsBalance }).from(users).where(eq30(users.id, e.userId)).for("update");
  if (!user) throw new Error(`postPoints: no user ${e.userId}`);
  const [existing] = await tx.select({ id: scoreLogs.id }).from(scoreLogs).where(and25(eq30(scoreLogs.userId, e.userId), eq30(scoreLogs.reason, e.reason), eq30(scoreLogs.refType, e.refType), eq30(scoreLogs.refId, e.refId)));
  if (existing) return { applied: false, balance: user.balance, logId: existing.id };
  const balance = user.balance + e.change;
  if (balance < 0) throw new AppError(ErrorCode.INSUFFICIENT_POINTS);
  const [row] = await tx.insert(scoreLogs).values({ userId: e.userId, change: e.change, balanceAfter: balance, reason: e.reason, refType: e.refType, refId: e.refId, memo: e.memo ?? "" }).returning({ id: scoreLogs.id });
  const [updated] = await tx.update(users).set({ pointsBalance: balance }).where(and25(eq30(users.id, e.userId), eq30(users.pointsBalance, user.balance))).returning({ balance: users.pointsBalance });
  if (!row || !updated) throw new Error("postPoints: balance moved under its lock");
  return { applied: true, balance, logId: row.id };
}
async function pointsBalance(db, userId) {
  const [row] = await db.select({ balance: users.pointsBalance }).from(users).where(eq30(users.id, userId));
  return row?.balance ?? 0;
}
async function spendOrderPoints(tx, o) {
  if (o.points <= 0) return { points: 0, fen: 0 };
  const allowed = pointsDeduction(o.priceFen, o.points);
  if (allowed.points !== o.points) throw new AppError(ErrorCode.VALIDATION, { data: { fields: [{ field: "points", message: `at most ${allowed.points}` }] } });
  await postPoints(tx, { userId: o.userId, change: -o.points, reason: "order_spend", refType: "order", refId: o.orderNo });
  return allowed;
}
async function returnOrderPoints(tx, o) {
  const [spent] = await tx.select({ change: scoreLogs.change }).from(scoreLogs).where(and25(eq30(scoreLogs.userId, o.userId), eq30(scoreLogs.reason, "order_spend"), eq30(scoreLogs.refType, "order"), eq30(scoreLogs.refId, o.orderNo)));
  if (!spent) return 0;
  const posted = await postPoints(tx, { userId: o.userId, change: -spent.change, reason: "order_return", refType: "order", refId: o.orderNo, memo: o.why });
  return posted.applied ? -spent.change : 0;
}
async function mergePoints(tx, fromId, intoId) {
  const amount = await pointsBalance(tx, fromId);
  if (amount <= 0) return;
  await postPoints(tx, { userId: fromId, change: -amount, reason: "merge", refType: "user", refId: String(intoId), memo: "merged out" });
  await postPoints(tx, { userId: intoId, change: amount, reason: "merge", refType: "user", refId: String(fromId), memo: "merged in" });
}

// src/modules/rewards/points.service.ts
var TITLES = {
  sign_in: { zh_CN: "\u6BCF\u65E5\u7B7E\u5230", en: "Daily sign-in" },
  voucher: { zh_CN: "\u5151\u6362\u7801\u5151\u6362", en: "Voucher code" },
  order_spend: { zh_CN: "\u8D2D\u4E70\u62B5\u6263", en: "Used for a purchase" },
  order_return: { zh_CN: "\u8BA2\u5355\u79EF\u5206\u9000\u56DE", en: "Returned from an order" },
  merge: { zh_CN: "\u8D26\u53F7\u5408\u5E76", en: "Account merge" },
  adjust: { zh_CN: "\u79EF\u5206\u8C03\u6574", en: "Adjustment" }
};
var PointsService = class {
  constructor(db) {
    this.db = db;
  }
  db;
  async log(userId, q, lang) {
    const conds = [eq31(scoreLogs.userId, userId)];
    if (q.type === "earned") conds.push(gt5(scoreLogs.change, 0));
    if (q.type === "spent") conds.push(lt5(scoreLogs.change, 0));
    const where = and26(...conds);
    const { rows, total } = await paginate(
      this.db.select().from(scoreLogs).where(where).orderBy(desc15(scoreLogs.id)).limit(q.page_size).offset((q.page - 1) * q.page_size),
      this.db.select({ n: count11() }).from(scoreLogs).where(where)
    );
    const items = rows.map((r) => ({
      id: r.id,
      change: r.change,
      balance_after: r.balanceAfter,
      reason: r.reason,
      title: TITLES[r.reason][lang],
      ref: r.reason === "merge" ? "" : r.refId,
      created_at: r.createdAt.toISOString()
    }));
    return { ...pageOf(items, q, total), availablescore: await pointsBalance(this.db, userId) };
  }
};
function creditRule() {
  const s = SIGN_IN_RULES;
  return {
    points_per_yuan: POINTS_PER_YUAN,
    max_order_percent: POINTS_MAX_ORDER_PERCENT,
    sign_in: { base_points: s.basePoints, streak_step: s.streakStep, max_streak_extra: s.maxStreakExtra, bonus_every: s.bonusEvery, bonus_points: s.bonusPoints }
  };
}

// src/modules/rewards/sign-in.service.ts
import { and as and27, asc as asc19, desc as desc16, eq as eq32, gte as gte2, lt as lt6 } from "drizzle-orm";
function nextMonth(month) {
  const [y, m] = month.split("-").map(Number);
  return m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, "0")}-01`;
}
var SignInService = class {
  constructor(db, now) {
    this.db = db;
    this.now = now;
  }
  db;
  now;
  async state(userId, tz, month) {
    const today = localDate(this.now(), tz);
    const m = month ?? today.slice(0, 7);
    const [last] = await this.db.select().from(signIns).where(eq32(signIns.userId, userId)).orderBy(desc16(signIns.day)).limit(1);
    const signedToday = last !== void 0 && last.day >= today;
    const current = last && last.day >= addDays(today, -1) ? last.streak : 0;
    const { points, bonus } = signInPoints(current + 1);
    const days = await this.db.select({ date: signIns.day, points: signIns.points }).from(signIns).where(and27(eq32(signIns.userId, userId), gte2(signIns.day, `${m}-01`), lt6(signIns.day, nextMonth(m)))).orderBy(asc19(signIns.day));
    return {
      today,
      signed_today: signedToday,
      streak: current,
      next_points: points + bonus,
      month: m,
      days,
      availablescore: await pointsBalance(this.db, userId)
    };
  }
  async signIn(userId, tz) {
    const today = localDate(this.now(), tz);
    return this.db.transaction(async (tx) => {
      const [last] = await tx.select().from(signIns).where(eq32(signIns.userId, userId)).orderBy(desc16(signIns.day)).limit(1);
      if (last && last.day >= today) return this.repeat(last, tx);
      const streak = last && last.day === addDays(today, -1) ? last.streak + 1 : 1;
      const { points, bonus } = signInPoints(streak);
      const [row] = await tx.insert(signIns).values({ userId, day: today, streak, points: points + bonus, timezone: tz }).onConflictDoNothing().returning();
      if (!row) {
        const [theirs] = await tx.select().from(signIns).where(and27(eq32(signIns.userId, userId), eq32(signIns.day, today)));
        if (!theirs) throw new Error("sign-in row vanished");
        return this.repeat(theirs, tx);
      }
      const posted = await postPoints(tx, { userId, change: points + bonus, reason: "sign_in", refType: "sign_in", refId: today, memo: bonus ? `streak ${streak} bonus` : `streak ${streak}` });
      return { date: today, streak, points: points + bonus, bonus, newly: true, availablescore: posted.balance };
    });
  }
  async repeat(row, tx) {
    return { date: row.day, streak: row.streak, points: 0, bonus: 0, newly: false, availablescore: await pointsBalance(tx, row.userId) };
  }
};

// src/modules/rewards/payout.ts
var SANDBOX_FAIL_HOLDER = "SANDBOX-FAIL";
var SandboxPayout = class {
  constructor(delayMs = 1e3) {
    this.delayMs = delayMs;
  }
  delayMs;
  name = "sandbox";
  handler = null;
  accepted = /* @__PURE__ */ new Map();
  timers = /* @__PURE__ */ new Set();
  onReport(handler) {
    this.handler = handler;
  }
  async transfer(req) {
    const known = this.accepted.get(req.withdrawalNo);
    if (known) return { reference: known };
    const reference = `SBXP${randomToken(9)}`;
    this.accepted.set(req.withdrawalNo, reference);
    const failed = req.holderName === SANDBOX_FAIL_HOLDER;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      const report = failed ? { withdrawalNo: req.withdrawalNo, reference, status: "failed", reason: "sandbox: account closed" } : { withdrawalNo: req.withdrawalNo, reference, status: "paid" };
      void this.handler?.(report);
    }, this.delayMs);
    this.timers.add(timer);
    return { reference };
  }
  close() {
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
  }
};

// src/modules/rewards/voucher-coupons.ts
import { eq as eq33 } from "drizzle-orm";
var DAY_MS3 = 864e5;
function voucherCoupons(now) {
  return {
    async campaignExists(db, campaignId) {
      const [c] = await db.select({ id: couponCampaigns.id }).from(couponCampaigns).where(eq33(couponCampaigns.id, campaignId));
      return c !== void 0;
    },
    async grant(tx, userId, campaignId) {
      const at = now();
      const [c] = await tx.select().from(couponCampaigns).where(eq33(couponCampaigns.id, campaignId));
      if (!c || !c.active) throw new AppError(ErrorCode.VOUCHER_EXPIRED);
      const until = new Date(Math.min(at.getTime() + c.validDays * DAY_MS3, c.validUntil?.getTime() ?? Number.MAX_SAFE_INTEGER));
      if (until <= at) throw new AppError(ErrorCode.VOUCHER_EXPIRED);
      const [row] = await tx.insert(coupons).values({ campaignId: c.id, userId, status: "unused", validFrom: at, validUntil: until, claimedAt: at }).returning({ id: coupons.id });
      if (!row) throw new Error("coupon insert returned nothing");
      return row.id;
    }
  };
}

// src/modules/rewards/vouchers.service.ts
import { randomInt as randomInt2 } from "node:crypto";
import { and as and28, count as count12, desc as desc17, eq as eq34, sql as sql18 } from "drizzle-orm";
var ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
var CODE_GROUPS = 4;
function newVoucherCode() {
  const chars = Array.from({ length: CODE_GROUPS * 4 }, () => ALPHABET[randomInt2(ALPHABET.length)]).join("");
  return chars.match(/.{4}/g).join("-");
}
function normaliseVoucherCode(code) {
  return code.replace(/[\s-]/g, "").toUpperCase();
}
var FAILURES = /* @__PURE__ */ new Set([ErrorCode.VOUCHER_INVALID, ErrorCode.VOUCHER_USED, ErrorCode.VOUCHER_EXPIRED]);
var VoucherService = class {
  constructor(db, secret, limiter, now, coupons2) {
    this.db = db;
    this.secret = secret;
    this.limiter = limiter;
    this.now = now;
    this.coupons = coupons2;
  }
  db;
  secret;
  limiter;
  now;
  coupons;
  hash(code) {
    return hmac(this.secret, "voucher-code", normaliseVoucherCode(code));
  }
  /**
   * Redeems a code once: the row flips from unused to redeemed with a conditional UPDATE, so of
   * concurrent redemptions exactly one wins. Wrong, used and expired codes count against the
   * caller and the address (VOUCHER_LIMITS); past the limit every try is refused for the window.
   */
  async redeem(userId, ip, code, lang) {
    const keys = [`voucher:user:${userId}`, `voucher:ip:${ip}`];
    const [byUser, byIp] = await Promise.all(keys.map((k) => this.limiter.peek(this.db, k)));
    if (byUser.count >= VOUCHER_LIMITS.userFailures) throw new AppError(ErrorCode.RATE_LIMITED, { data: { retry_after: this.limiter.retryAfter(byUser.expiresAt) } });
    if (byIp.count >= VOUCHER_LIMITS.ipFailures) throw new AppError(ErrorCode.RATE_LIMITED, { data: { retry_after: this.limiter.retryAfter(byIp.expiresAt) } });
    try {
      return await this.db.transaction((tx) => this.apply(tx, userId, this.hash(code), lang));
    } catch (err) {
      if (err instanceof AppError && FAILURES.has(err.code)) {
        await Promise.all(keys.map((k) => this.limiter.hit(this.db, k, VOUCHER_LIMITS.windowS)));
      }
      throw err;
    }
  }
  async apply(tx, userId, codeHash, lang) {
    const [found] = await tx.select({ voucher: vouchers, batch: voucherBatches }).from(vouchers).innerJoin(voucherBatches, eq34(voucherBatches.id, vouchers.batchId)).where(eq34(vouchers.codeHash, codeHash));
    if (!found) throw new AppError(ErrorCode.VOUCHER_INVALID);
    const { voucher, batch } = found;
    if (voucher.status !== "unused") throw new AppError(ErrorCode.VOUCHER_USED);
    if (batch.expiresAt && batch.expiresAt <= this.now()) throw new AppError(ErrorCode.VOUCHER_EXPIRED);
    let course = null;
    if (batch.kind === "course") {
      const [c] = await tx.select({ id: courses.id, titleZh: courses.titleZh, titleEn: courses.titleEn }).from(courses).where(eq34(courses.id, batch.courseId));
      if (!c) throw new AppError(ErrorCode.VOUCHER_INVALID);
      const [owned] = await tx.select({ id: courseEntitlements.id }).from(courseEntitlements).where(and28(eq34(courseEntitlements.userId, userId), eq34(courseEntitlements.courseId, c.id)));
      if (owned) throw new AppError(ErrorCode.ALREADY_PURCHASED);
      course = { id: c.id, title: pick(lang, c.titleZh, c.titleEn) };
    }
    const [won] = await tx.update(vouchers).set({ status: "redeemed", redeemedBy: userId, redeemedAt: this.now() }).where(and28(eq34(vouchers.id, voucher.id), eq34(vouchers.status, "unused"))).returning({ id: vouchers.id });
    if (!won) throw new AppError(ErrorCode.VOUCHER_USED);
    let points = null;
    let couponId = null;
    const ref = String(voucher.id);
    if (batch.kind === "points") {
      points = batch.points;
      await postPoints(tx, { userId, change: points, reason: "voucher", refType: "voucher", refId: ref });
    } else if (batch.kind === "course") {
      await tx.insert(courseEntitlements).values({ userId, courseId: course.id, source: "voucher" }).onConflictDoNothing();
    } else {
      couponId = await this.coupons.grant(tx, userId, batch.couponCampaignId, `voucher:${ref}`);
    }
    return { kind: batch.kind, points, course, coupon_id: couponId, availablescore: await pointsBalance(tx, userId) };
  }
  /** A batch of fresh codes; the answer is the only place they appear in clear. */
  async createBatch(operatorId, body, lang, tx) {
    if (body.course_id !== void 0) {
      const [c] = await tx.select({ id: courses.id }).from(courses).where(eq34(courses.id, body.course_id));
      if (!c) throw fieldError(lang, "course_id", { zh: "\u8BFE\u7A0B\u4E0D\u5B58\u5728", en: "no such course" });
    }
    if (body.coupon_campaign_id !== void 0) {
      if (!await this.coupons.campaignExists(tx, body.coupon_campaign_id)) throw fieldError(lang, "coupon_campaign_id", { zh: "\u4F18\u60E0\u5238\u6D3B\u52A8\u4E0D\u5B58\u5728", en: "no such coupon campaign" });
    }
    const [batch] = await tx.insert(voucherBatches).values({
      kind: body.kind,
      count: body.count,
      points: body.points ?? null,
      courseId: body.course_id ?? null,
      couponCampaignId: body.coupon_campaign_id ?? null,
      expiresAt: body.expires_at ? new Date(body.expires_at) : null,
      memo: body.memo,
      createdBy: operatorId
    }).returning();
    const codes = /* @__PURE__ */ new Set();
    while (codes.size < body.count) codes.add(newVoucherCode());
    const list = [...codes];
    await tx.insert(vouchers).values(list.map((c) => ({ batchId: batch.id, codeHash: this.hash(c) })));
    return { batch: presentBatch(batch, 0), codes: list };
  }
  async listBatches(q) {
    const redeemed = sql18`(select count(*)::int from ${vouchers} where ${vouchers.batchId} = ${voucherBatches.id} and ${vouchers.status} = 'redeemed')`;
    const [rows, [total]] = await Promise.all([
      this.db.select({ batch: voucherBatches, redeemed }).from(voucherBatches).orderBy(desc17(voucherBatches.id)).limit(q.page_size).offset((q.page - 1) * q.page_size),
      this.db.select({ n: count12() }).from(voucherBatches)
    ]);
    return pageOf(
      rows.map((r) => presentBatch(r.batch, Number(r.redeemed))),
      q,
      total?.n ?? 0
    );
  }
};
function presentBatch(b, redeemed) {
  return {
    id: b.id,
    kind: b.kind,
    count: b.count,
    redeemed,
    points: b.points,
    course_id: b.courseId,
    coupon_campaign_id: b.couponCampaignId,
    expires_at: b.expiresAt?.toISOString() ?? null,
    memo: b.memo,
    created_by: b.createdBy,
    created_at: b.createdAt.toISOString()
  };
}

// src/modules/rewards/withdrawals.service.ts
import { and as and29, asc as asc20, count as count13, desc as desc18, eq as eq35, lte as lte6, notInArray, sql as sql19 } from "drizzle-orm";
var PAYOUT_LEASE_MS = 6e4;
function present(row, card, lang) {
  const bank = bankByCode(card.bankCode);
  return {
    id: row.id,
    withdrawal_no: row.withdrawalNo,
    amount: row.amount,
    status: row.status,
    bank_name: bank ? bankName(bank, lang) : card.bankCode,
    masked_number: maskCardNumber(card.bin.slice(0, 4), card.last4),
    reject_reason: row.rejectReason ?? row.failureReason,
    created_at: row.createdAt.toISOString(),
    reviewed_at: row.reviewedAt?.toISOString() ?? null,
    paid_at: row.paidAt?.toISOString() ?? null
  };
}
function presentAdmin(row, card, lang) {
  return { ...present(row, card, lang), user_id: row.userId, holder_name: card.holderName, reviewed_by: row.reviewedBy, payout_ref: row.payoutRef };
}
async function lockWithdrawals(tx, userId) {
  await tx.execute(sql19`select pg_advisory_xact_lock(${7302}, ${userId})`);
}
var WithdrawalService = class {
  constructor(d) {
    this.d = d;
    d.payout.onReport(async (report) => {
      await this.settle(report).catch((err) => d.log.error({ err }, "payout report failed"));
    });
  }
  d;
  timer = null;
  running = null;
  again = false;
  async request(me, body, idempotencyKey2, lang) {
    if (!idempotencyKey2 || !IDEMPOTENCY_KEY_PATTERN.test(idempotencyKey2)) {
      throw fieldError(lang, "Idempotency-Key", { zh: "\u8BF7\u6C42\u5934 Idempotency-Key \u7F3A\u5931\u6216\u683C\u5F0F\u4E0D\u6B63\u786E", en: "header is missing or not valid (8\u2013128 letters, digits, _ . : -)" });
    }
    const requestHash2 = sha256(JSON.stringify({ amount: body.amount, bankcard_id: body.bankcard_id }));
    const earlier = await this.byKey(this.d.db, me.id, idempotencyKey2);
    if (earlier) return this.replay(earlier, requestHash2, lang);
    if (body.amount < WITHDRAWAL_LIMITS.minFen) throw new AppError(ErrorCode.WITHDRAWAL_TOO_SMALL, { data: { min_amount: WITHDRAWAL_LIMITS.minFen } });
    const card = await this.d.cards.get(this.d.db, me.id, body.bankcard_id);
    await this.d.checkPayPassword(me, body.pay_password);
    const now = this.d.now();
    const row = await this.d.db.transaction(async (tx) => {
      await lockWithdrawals(tx, me.id);
      const again = await this.byKey(tx, me.id, idempotencyKey2);
      if (again) return again;
      const day = localDate(now, DEFAULT_TIMEZONE);
      const [today] = await tx.select({ total: sql19`coalesce(sum(${withdrawals.amount}), 0)::text`, n: count13() }).from(withdrawals).where(and29(eq35(withdrawals.userId, me.id), eq35(withdrawals.day, day), notInArray(withdrawals.status, ["rejected", "failed"])));
      const total = Number(today?.total ?? 0);
      if ((today?.n ?? 0) >= WITHDRAWAL_LIMITS.dailyMaxCount || total + body.amount > WITHDRAWAL_LIMITS.dailyMaxFen) {
        throw new AppError(ErrorCode.WITHDRAWAL_DAILY_LIMIT, { data: { daily_max: WITHDRAWAL_LIMITS.dailyMaxFen, used_today: total } });
      }
      const withdrawalNo = `W${now.toISOString().slice(0, 10).replace(/-/g, "")}${randomToken(9).replace(/[^A-Za-z0-9]/g, "0").toUpperCase()}`;
      const [inserted] = await tx.insert(withdrawals).values({ withdrawalNo, userId: me.id, bankCardId: card.id, amount: body.amount, day, idempotencyKey: idempotencyKey2, requestHash: requestHash2, createdAt: now }).returning();
      await postLedger(tx, { userId: me.id, type: "withdrawal", amount: -body.amount, frozenDelta: body.amount, refType: "withdrawal", refId: withdrawalNo, now });
      return inserted;
    });
    if (row.requestHash !== requestHash2) return this.replay(row, requestHash2, lang);
    return present(row, card, lang);
  }
  async byKey(db, userId, key) {
    const [row] = await db.select().from(withdrawals).where(and29(eq35(withdrawals.userId, userId), eq35(withdrawals.idempotencyKey, key)));
    return row;
  }
  async replay(row, requestHash2, lang) {
    if (row.requestHash !== requestHash2) throw new AppError(ErrorCode.IDEMPOTENCY_KEY_REUSED);
    return present(row, await this.cardOf(this.d.db, row), lang);
  }
  async cardOf(db, row) {
    const [card] = await db.select().from(bankCards).where(eq35(bankCards.id, row.bankCardId));
    if (!card) throw new Error(`withdrawal ${row.id}: card ${row.bankCardId} missing`);
    return card;
  }
  async detail(userId, id, lang) {
    const [found] = await this.d.db.select({ w: withdrawals, c: bankCards }).from(withdrawals).innerJoin(bankCards, eq35(bankCards.id, withdrawals.bankCardId)).where(and29(eq35(withdrawals.id, id), eq35(withdrawals.userId, userId)));
    if (!found) throw new AppError(ErrorCode.NOT_FOUND);
    return present(found.w, found.c, lang);
  }
  async list(userId, q) {
    const conds = [];
    if (userId !== null) conds.push(eq35(withdrawals.userId, userId));
    if (q.status) conds.push(eq35(withdrawals.status, q.status));
    const where = conds.length ? and29(...conds) : void 0;
    const { rows, total } = await paginate(
      this.d.db.select({ w: withdrawals, c: bankCards }).from(withdrawals).innerJoin(bankCards, eq35(bankCards.id, withdrawals.bankCardId)).where(where).orderBy(userId !== null ? desc18(withdrawals.id) : asc20(withdrawals.id)).limit(q.page_size).offset((q.page - 1) * q.page_size),
      this.d.db.select({ n: count13() }).from(withdrawals).where(where)
    );
    return { rows, total };
  }
  async listMine(userId, q, lang) {
    const r = await this.list(userId, q);
    return pageOf(r.rows.map((x) => present(x.w, x.c, lang)), q, r.total);
  }
  async listAll(q, lang) {
    const r = await this.list(null, q);
    return pageOf(r.rows.map((x) => presentAdmin(x.w, x.c, lang)), q, r.total);
  }
  /** Operator: a pending withdrawal goes to the payout provider. */
  async approve(operatorId, id, lang) {
    const now = this.d.now();
    const out = await this.d.db.transaction(async (tx) => {
      const [row] = await tx.update(withdrawals).set({ status: "approved", reviewedBy: operatorId, reviewedAt: now, payoutNextAt: now }).where(and29(eq35(withdrawals.id, id), eq35(withdrawals.status, "pending"))).returning();
      if (!row) throw await this.stateError(tx, id);
      await writeAudit(tx, { actorId: operatorId, action: "withdrawal.approve", target: `withdrawal:${row.withdrawalNo}`, before: { status: "pending" }, after: { status: "approved" }, now });
      return presentAdmin(row, await this.cardOf(tx, row), lang);
    });
    this.kick();
    return out;
  }
  /** Operator: a pending withdrawal is refused and its amount returns to the balance. */
  async reject(operatorId, id, reason, lang) {
    const now = this.d.now();
    return this.d.db.transaction(async (tx) => {
      const [row] = await tx.update(withdrawals).set({ status: "rejected", reviewedBy: operatorId, reviewedAt: now, rejectReason: reason }).where(and29(eq35(withdrawals.id, id), eq35(withdrawals.status, "pending"))).returning();
      if (!row) throw await this.stateError(tx, id);
      await postLedger(tx, { userId: row.userId, type: "reversal", amount: row.amount, frozenDelta: -row.amount, refType: "withdrawal", refId: row.withdrawalNo, memo: "rejected", now });
      await writeAudit(tx, {
        actorId: operatorId,
        action: "withdrawal.reject",
        target: `withdrawal:${row.withdrawalNo}`,
        before: { status: "pending" },
        after: { status: "rejected", reason },
        now
      });
      return presentAdmin(row, await this.cardOf(tx, row), lang);
    });
  }
  async stateError(tx, id) {
    const [exists3] = await tx.select({ id: withdrawals.id }).from(withdrawals).where(eq35(withdrawals.id, id));
    return new AppError(exists3 ? ErrorCode.WITHDRAWAL_STATE : ErrorCode.NOT_FOUND);
  }
  /**
   * Hands approved withdrawals to the provider. A row is claimed by pushing its next attempt a
   * lease ahead (FOR UPDATE SKIP LOCKED: several processes never take the same row); if no report
   * comes within the lease it is handed over again, which the provider answers with the same
   * reference.
   */
  async payoutDue() {
    const now = this.d.now();
    const claimed = await this.d.db.transaction(async (tx) => {
      const due = await tx.select({ id: withdrawals.id }).from(withdrawals).where(and29(eq35(withdrawals.status, "approved"), lte6(withdrawals.payoutNextAt, now))).orderBy(asc20(withdrawals.id)).limit(20).for("update", { skipLocked: true });
      const rows = [];
      for (const { id } of due) {
        const [row] = await tx.update(withdrawals).set({ payoutNextAt: new Date(now.getTime() + PAYOUT_LEASE_MS), payoutAttempts: sql19`${withdrawals.payoutAttempts} + 1` }).where(eq35(withdrawals.id, id)).returning();
        if (row) rows.push(row);
      }
      return rows;
    });
    for (const row of claimed) {
      const card = await this.cardOf(this.d.db, row);
      try {
        const { reference } = await this.d.payout.transfer({
          withdrawalNo: row.withdrawalNo,
          amountFen: row.amount,
          cardNumber: this.d.vault.open(card.numberSealed),
          holderName: card.holderName,
          bankCode: card.bankCode
        });
        await this.d.db.update(withdrawals).set({ payoutRef: reference }).where(and29(eq35(withdrawals.id, row.id), eq35(withdrawals.status, "approved")));
      } catch (err) {
        this.d.log.warn({ err, withdrawal: row.withdrawalNo }, "payout transfer failed");
      }
    }
    return claimed.length;
  }
  /** The provider's report: applied once (only an approved withdrawal moves on). */
  async settle(report) {
    const now = this.d.now();
    return this.d.db.transaction(async (tx) => {
      const paid = report.status === "paid";
      const [row] = await tx.update(withdrawals).set(paid ? { status: "paid", paidAt: now, payoutRef: report.reference } : { status: "failed", failureReason: report.reason ?? "payout failed", payoutRef: report.reference }).where(and29(eq35(withdrawals.withdrawalNo, report.withdrawalNo), eq35(withdrawals.status, "approved"))).returning();
      if (!row) return false;
      if (paid) {
        await postLedger(tx, { userId: row.userId, type: "withdrawal_paid", amount: 0, frozenDelta: -row.amount, refType: "withdrawal", refId: row.withdrawalNo, now });
      } else {
        await postLedger(tx, { userId: row.userId, type: "reversal", amount: row.amount, frozenDelta: -row.amount, refType: "withdrawal", refId: row.withdrawalNo, memo: "payout failed", now });
      }
      return true;
    });
  }
  /** Runs a payout round soon (after an approval) instead of waiting for the timer. */
  kick() {
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.payoutDue().then(() => void 0).catch((err) => this.d.log.error({ err }, "payout round failed")).finally(() => {
      this.running = null;
      if (this.again && this.timer) {
        this.again = false;
        this.kick();
      }
    });
  }
  start(intervalMs) {
    this.timer = setInterval(() => this.kick(), intervalMs);
    this.timer.unref();
    this.kick();
  }
  async stop() {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.d.payout.close();
    await this.running;
  }
};

// src/modules/rewards/rewards.routes.ts
var rewardsRoutes = async (instance, opts) => {
  const app = instance.withTypeProvider();
  const { now } = opts;
  const points = new PointsService(app.db);
  const signIn = new SignInService(app.db, now);
  const vault = new CardVault(cardKey(opts.settings.cardEncryptionKey, app.accounts.secret));
  const cards = new BankCardService(app.db, vault);
  const vouchers2 = new VoucherService(app.db, app.accounts.secret, app.accounts.limiter, now, opts.coupons ?? voucherCoupons(now));
  const withdrawalsSvc = new WithdrawalService({
    db: app.db,
    now,
    cards,
    vault,
    payout: opts.payout ?? new SandboxPayout(opts.sandboxPayoutDelayMs ?? 1e3),
    checkPayPassword: (me, pw) => app.accounts.checkPayPassword(me, pw),
    log: app.log
  });
  app.addHook("onReady", async () => withdrawalsSvc.start(opts.payoutIntervalMs ?? 5e3));
  app.addHook("onClose", async () => withdrawalsSvc.stop());
  app.route({ ...endpointRoute("scoreLog"), handler: async (req) => ok(await points.log(currentUser(req).id, req.query, req.ctx.lang)) });
  app.route({ ...endpointRoute("creditRule"), handler: async () => ok(creditRule()) });
  app.route({ ...endpointRoute("signInState"), handler: async (req) => ok(await signIn.state(currentUser(req).id, req.ctx.tz, req.query.month)) });
  app.route({ ...endpointRoute("signIn"), handler: async (req) => ok(await signIn.signIn(currentUser(req).id, req.ctx.tz)) });
  app.route({
    ...endpointRoute("voucherRedeem"),
    handler: async (req) => ok(await vouchers2.redeem(currentUser(req).id, req.ip, req.body.code, req.ctx.lang))
  });
  app.route({ ...endpointRoute("bankcardList"), handler: async (req) => ok(await cards.list(currentUser(req).id, req.ctx.lang)) });
  app.route({ ...endpointRoute("bankcardAdd"), handler: async (req) => ok(await cards.add(currentUser(req).id, req.body, req.ctx.lang)) });
  app.route({
    ...endpointRoute("bankcardUpdate"),
    handler: async (req) => ok(await cards.update(currentUser(req).id, req.params.id, req.body, req.ctx.lang))
  });
  app.route({ ...endpointRoute("bankcardDefault"), handler: async (req) => ok(await cards.setDefault(currentUser(req).id, req.params.id, req.ctx.lang)) });
  app.route({ ...endpointRoute("bankcardDelete"), handler: async (req) => ok(await cards.remove(currentUser(req).id, req.params.id, req.ctx.lang)) });
  app.route({ ...endpointRoute("checkBankcard"), handler: async (req) => ok(cards.check(req.body.card_number, req.ctx.lang)) });
  app.route({
    ...endpointRoute("cashWithdrawal"),
    handler: async (req) => {
      const key = req.headers[IDEMPOTENCY_HEADER];
      return ok(await withdrawalsSvc.request(currentUser(req), req.body, typeof key === "string" ? key : void 0, req.ctx.lang));
    }
  });
  app.route({ ...endpointRoute("withdrawalDetail"), handler: async (req) => ok(await withdrawalsSvc.detail(currentUser(req).id, req.params.id, req.ctx.lang)) });
  app.route({ ...endpointRoute("withdrawalList"), handler: async (req) => ok(await withdrawalsSvc.listMine(currentUser(req).id, req.query, req.ctx.lang)) });
  const operator = requireRole("operator");
  app.route({ ...endpointRoute("adminWithdrawals"), preHandler: operator, handler: async (req) => ok(await withdrawalsSvc.listAll(req.query, req.ctx.lang)) });
  app.route({
    ...endpointRoute("adminWithdrawalApprove"),
    preHandler: operator,
    handler: async (req) => ok(await withdrawalsSvc.approve(currentUser(req).id, req.params.id, req.ctx.lang))
  });
  app.route({
    ...endpointRoute("adminWithdrawalReject"),
    preHandler: operator,
    handler: async (req) => ok(await withdrawalsSvc.reject(currentUser(req).id, req.params.id, req.body.reason, req.ctx.lang))
  });
  app.route({
    ...endpointRoute("adminVoucherBatchCreate"),
    preHandler: operator,
    handler: async (req) => {
      const me = currentUser(req).id;
      const made = await app.db.transaction(async (tx) => {
        const out = await vouchers2.createBatch(me, req.body, req.ctx.lang, tx);
        await writeAudit(tx, { actorId: me, action: "voucher_batch.create", target: `voucher_batch:${out.batch.id}`, before: null, after: { ...out.batch }, now: now() });
        return out;
      });
      return ok({ ...made.batch, codes: made.codes });
    }
  });
  app.route({ ...endpointRoute("adminVoucherBatches"), preHandler: operator, handler: async (req) => ok(await vouchers2.listBatches(req.query)) });
};
var rewards_routes_default = rewardsRoutes;

// src/modules/rewards/points.audit.ts
import { sql as sql20 } from "drizzle-orm";

// src/modules/profile/profile.service.ts
var MERGE_TOKEN_TTL_S = 600;
var MEETING_SSO_TTL_S = 300;
var CANCELLED_NICKNAME = "\u5DF2\u6CE8\u9500\u7528\u6237";
var ProfileService = class {
  constructor(db, a, storage) {
    this.db = db;
    this.a = a;
    this.storage = storage;
  }
  db;
  a;
  storage;
  async personalInfo(me, lang) {
    const user = await this.a.users.current(me);
    return this.present(user, lang);
  }
  async present(user, lang) {
    const ids = await this.a.users.identities(this.db, user.id);
    const mobile = splitMobile(ids.mobile);
    const [dep] = user.departmentId ? await this.db.select().from(departments).where(eq36(departments.id, user.departmentId)) : [];
    return {
      id: user.id,
      avatar_url: avatarOf(user),
      nickname: user.status === "cancelled" && lang === "en" ? "Deleted user" : user.nickname,
      real_name: user.realName,
      gender: user.gender,
      mobile: mobile ? maskMobile(mobile.mobile) : null,
      country_code: mobile?.countryCode ?? null,
      email: ids.email ? maskEmail(ids.email) : null,
      hospital: user.hospital,
      department: dep ? { id: dep.id, title: pick(lang, dep.nameZh, dep.nameEn) } : null,
      professional_title: user.professionalTitle,
      occupation: user.occupation,
      province: user.province,
      city: user.city,
      availablescore: user.pointsBalance,
      profile_completed: user.profileCompleted,
      created_at: user.createdAt.toISOString()
    };
  }
  async requireDepartment(id, lang) {
    if (id === null || id === void 0) return;
    const [dep] = await this.db.select({ id: departments.id }).from(departments).where(eq36(departments.id, id));
    if (!dep) throw fieldError(lang, "department_id", { zh: "\u79D1\u5BA4\u4E0D\u5B58\u5728", en: "is not a known department" });
  }
  async update(me, body, lang) {
    await this.requireDepartment(body.department_id, lang);
    if (body.avatar_url?.startsWith("/uploads/")) {
      const [own] = await this.db.select({ id: uploads.id }).from(uploads).where(and30(eq36(uploads.url, body.avatar_url), eq36(uploads.userId, me.id)));
      if (!own) throw fieldError(lang, "avatar_url", { zh: "\u8BF7\u5148\u4E0A\u4F20\u56FE\u7247", en: "must be an image you uploaded" });
    }
    const set = {};
    if (body.avatar_url !== void 0) set.avatarUrl = body.avatar_url;
    if (body.nickname !== void 0) set.nickname = body.nickname;
    if (body.real_name !== void 0) set.realName = body.real_name;
    if (body.gender !== void 0) set.gender = body.gender;
    if (body.hospital !== void 0) set.hospital = body.hospital;
    if (body.department_id !== void 0) set.departmentId = body.department_id;
    if (body.professional_title !== void 0) set.professionalTitle = body.professional_title;
    if (body.occupation !== void 0) set.occupation = body.occupation;
    if (body.province !== void 0) set.province = body.province;
    if (body.city !== void 0) set.city = body.city;
    if (Object.keys(set).length > 0) await this.db.update(users).set(set).where(eq36(users.id, me.id));
    return this.personalInfo(me, lang);
  }
  async departmentTree(lang) {
    const rows = await this.db.select().from(departments).orderBy(asc21(departments.sort), asc21(departments.id));
    const byParent = /* @__PURE__ */ new Map();
    for (const r of rows) {
      const list = byParent.get(r.parentId) ?? [];
      list.push(r);
      byParent.set(r.parentId, list);
    }
    const build = (parent, depth) => (byParent.get(parent) ?? []).map((r) => ({
      id: r.id,
      title: pick(lang, r.nameZh, r.nameEn),
      children: depth < 4 ? build(r.id, depth + 1) : []
    }));
    return build(null, 0);
  }
  async submitForm(me, body, lang) {
    await this.requireDepartment(body.department_id, lang);
    await this.db.update(users).set({
      realName: body.real_name,
      occupation: body.occupation,
      ...body.hospital !== void 0 ? { hospital: body.hospital } : {},
      ...body.department_id !== void 0 ? { departmentId: body.department_id } : {},
      ...body.professional_title !== void 0 ? { professionalTitle: body.professional_title } : {},
      ...body.province !== void 0 ? { province: body.province } : {},
      ...body.city !== void 0 ? { city: body.city } : {},
      ...body.research_field !== void 0 ? { researchField: body.research_field } : {},
      ...body.accept_updates !== void 0 ? { acceptUpdates: body.accept_updates } : {},
      profileForm: body.form,
      profileCompleted: true
    }).where(eq36(users.id, me.id));
    return { profile_completed: true };
  }
  // ---- bind and merge ------------------------------------------------------------------------
  /**
   * Binds a mobile or email proven by a code of scene `bind`. If another account holds it, answers
   * ACCOUNT_TAKEN with a signed, short-lived merge token bound to both user ids and the identity.
   */
  async bind(me, kind, r, code, lang) {
    await this.a.verifyCode(r, "bind", code.trim());
    const holder = await this.a.users.byIdentity(this.db, kind, r.key);
    if (holder && holder.id !== me.id) {
      const exp = Math.floor(this.a.now().getTime() / 1e3) + MERGE_TOKEN_TTL_S;
      const merge_token = signToken(this.a.secret, "merge", { a: me.id, b: holder.id, k: kind, v: r.key, exp });
      throw new AppError(ErrorCode.ACCOUNT_TAKEN, { data: { merge_token, other_nickname: holder.nickname } });
    }
    if (!holder) {
      await this.db.transaction(async (tx) => {
        await tx.delete(userIdentities).where(and30(eq36(userIdentities.kind, kind), eq36(userIdentities.value, r.key)));
        await tx.delete(userIdentities).where(and30(eq36(userIdentities.userId, me.id), eq36(userIdentities.kind, kind)));
        await tx.insert(userIdentities).values({ userId: me.id, kind, value: r.key, createdAt: this.a.now() });
      });
    }
    return this.personalInfo(me, lang);
  }
  bindMobile(me, body, lang) {
    return this.bind(me, "mobile", mobileRecipient(body.mobile.trim(), body.country_code, lang), body.code, lang);
  }
  bindEmail(me, body, lang) {
    return this.bind(me, "email", emailRecipient(body.email), body.code, lang);
  }
  /**
   * Folds the other account into this one, in one transaction: its identities (the bound one
   * replacing ours, others where we have none), points and uploads move here; its sessions are
   * revoked and it is marked merged.
   */
  async merge(me, token, lang) {
    const p = verifyToken(this.a.secret, "merge", token);
    const invalid = () => fieldError(lang, "merge_token", { zh: "\u5408\u5E76\u51ED\u8BC1\u65E0\u6548\u6216\u5DF2\u8FC7\u671F", en: "is invalid or has expired" });
    if (!p || p.a !== me.id || typeof p.b !== "number" || typeof p.exp !== "number" || typeof p.v !== "string") throw invalid();
    if (p.exp * 1e3 < this.a.now().getTime()) throw invalid();
    const otherId = p.b;
    const kind = p.k === "email" ? "email" : "mobile";
    const value = p.v;
    await this.db.transaction(async (tx) => {
      const locked = await tx.select().from(users).where(inArray14(users.id, [me.id, otherId])).orderBy(asc21(users.id)).for("update");
      const mine = locked.find((u) => u.id === me.id);
      const other = locked.find((u) => u.id === otherId);
      if (!mine || mine.status !== "active" || !other || other.status !== "active") throw invalid();
      const theirs = await tx.select().from(userIdentities).where(eq36(userIdentities.userId, otherId));
      if (!theirs.some((i) => i.kind === kind && i.value === value)) throw invalid();
      const ours = new Set((await tx.select({ kind: userIdentities.kind }).from(userIdentities).where(eq36(userIdentities.userId, me.id))).map((i) => i.kind));
      await tx.delete(userIdentities).where(and30(eq36(userIdentities.userId, me.id), eq36(userIdentities.kind, kind)));
      ours.delete(kind);
      for (const identity of theirs) {
        if (ours.has(identity.kind)) {
          await tx.delete(userIdentities).where(eq36(userIdentities.id, identity.id));
        } else {
          await tx.update(userIdentities).set({ userId: me.id }).where(eq36(userIdentities.id, identity.id));
        }
      }
      await tx.update(uploads).set({ userId: me.id }).where(eq36(uploads.userId, otherId));
      const keep = {
        ...mine.passwordHash ? {} : { passwordHash: other.passwordHash },
        ...mine.payPasswordHash ? {} : { payPasswordHash: other.payPasswordHash }
      };
      if (Object.keys(keep).length) await tx.update(users).set(keep).where(eq36(users.id, me.id));
      await mergePoints(tx, otherId, me.id);
      await tx.update(users).set({ status: "merged", mergedInto: me.id }).where(eq36(users.id, otherId));
      await this.a.revokeTokens(tx, otherId, "merged");
    });
    return { merged_user_id: otherId };
  }
  // ---- settings, meeting, uploads ----------------------------------------------------------
  async config(me, lang, tz) {
    const user = await this.a.users.current(me);
    return { language: lang, timezone: tz, notify_live: user.notifyLive, notify_course: user.notifyCourse, meeting_base_url: this.a.config.meetingBaseUrl };
  }
  /** A link into the meeting product carrying an HMAC-signed, 5-minute token with the user id. */
  syncToMeeting(me) {
    const exp = Math.floor(this.a.now().getTime() / 1e3) + MEETING_SSO_TTL_S;
    const token = signToken(this.a.secret, "meeting-sso", { uid: me.id, exp });
    return { url: `${this.a.config.meetingBaseUrl}/sso?token=${encodeURIComponent(token)}` };
  }
  async saveImage(me, bytes, type) {
    const now = this.a.now();
    const month = `${now.getUTCFullYear()}${String(now.getUTCMonth() + 1).padStart(2, "0")}`;
    const key = `${month}/${randomToken(18)}.${type.ext}`;
    const url = await this.storage.put(key, bytes, type.mime);
    await this.db.insert(uploads).values({ userId: me.id, key, url, contentType: type.mime, size: bytes.length, width: type.width, height: type.height, createdAt: now });
    return { url, width: type.width, height: type.height };
  }
  // ---- cancellation ------------------------------------------------------------------------
  /**
   * Deletes the account with a code (scene cancel) sent to its own mobile or email: every token is
   * revoked, identities and password hashes removed, personal fields erased. The row stays (orders
   * and ledger rows of later features keep pointing at it).
   */
  async cancel(me, code) {
    const recipient = await this.a.users.ownRecipient(me.id);
    await this.a.verifyCode(recipient, "cancel", code.trim());
    const now = this.a.now();
    await this.db.transaction(async (tx) => {
      await tx.delete(userIdentities).where(eq36(userIdentities.userId, me.id));
      await tx.update(users).set({
        status: "cancelled",
        cancelledAt: now,
        nickname: CANCELLED_NICKNAME,
        avatarUrl: "",
        realName: "",
        gender: 0,
        hospital: "",
        departmentId: null,
        professionalTitle: "",
        occupation: "",
        province: "",
        city: "",
        researchField: "",
        acceptUpdates: false,
        passwordHash: null,
        payPasswordHash: null,
        payFailures: 0,
        payLockedUntil: null
      }).where(eq36(users.id, me.id));
      await tx.update(authSessions).set({ revokedAt: now, revokeReason: "account_cancelled", cookieHash: null }).where(eq36(authSessions.userId, me.id));
    });
  }
  async userRow(id) {
    return this.a.users.get(this.db, id);
  }
};

// src/modules/profile/profile.routes.ts
var MIME = { png: "image/png", jpg: "image/jpeg", gif: "image/gif", webp: "image/webp" };
var profileRoutes = async (instance, opts) => {
  const app = instance.withTypeProvider();
  const storage = opts.storage ?? new LocalDiskStorage(app.accounts.config.uploadsDir);
  const profile = new ProfileService(app.db, app.accounts, storage);
  const uploadLimit = app.accounts.config.imageUploadLimitBytes;
  app.route({ ...endpointRoute("personalInfo"), handler: async (req) => ok(await profile.personalInfo(currentUser(req), req.ctx.lang)) });
  app.route({
    ...endpointRoute("updatePersonalInfo"),
    handler: async (req) => ok(await profile.update(currentUser(req), req.body, req.ctx.lang))
  });
  app.route({ ...endpointRoute("departmentTree"), handler: async (req) => ok({ items: await profile.departmentTree(req.ctx.lang) }) });
  app.route({ ...endpointRoute("profileForm"), handler: async (req) => ok(await profile.submitForm(currentUser(req), req.body, req.ctx.lang)) });
  app.route({ ...endpointRoute("bindMobile"), handler: async (req) => ok(await profile.bindMobile(currentUser(req), req.body, req.ctx.lang)) });
  app.route({ ...endpointRoute("bindEmail"), handler: async (req) => ok(await profile.bindEmail(currentUser(req), req.body, req.ctx.lang)) });
  app.route({ ...endpointRoute("mergeUser"), handler: async (req) => ok(await profile.merge(currentUser(req), req.body.merge_token, req.ctx.lang)) });
  app.route({ ...endpointRoute("userConfig"), handler: async (req) => ok(await profile.config(currentUser(req), req.ctx.lang, req.ctx.tz)) });
  app.route({ ...endpointRoute("syncToMeeting"), handler: async (req) => ok(profile.syncToMeeting(currentUser(req))) });
  app.route({
    ...endpointRoute("uploadImage"),
    handler: async (req) => {
      const lang = req.ctx.lang;
      const missing = () => fieldError(lang, "file", { zh: "\u8BF7\u9009\u62E9\u8981\u4E0A\u4F20\u7684\u56FE\u7247", en: 'is required (multipart field "file")' });
      if (!req.isMultipart()) throw missing();
      const file = await req.file({ limits: { fileSize: uploadLimit, files: 1, fields: 10, fieldSize: 1024 } });
      if (!file || file.fieldname !== "file") throw missing();
      const bytes = await file.toBuffer();
      const type = sniffImage(bytes);
      if (!type) throw fieldError(lang, "file", { zh: "\u53EA\u652F\u6301 PNG\u3001JPEG\u3001GIF\u3001WebP \u56FE\u7247", en: "must be a PNG, JPEG, GIF or WebP image" });
      return ok(await profile.saveImage(currentUser(req), bytes, type));
    }
  });
  app.route({
    ...endpointRoute("cancelAccount"),
    handler: async (req, reply) => {
      await profile.cancel(currentUser(req), req.body.code);
      reply.clearCookie(SESSION_COOKIE, { path: "/" });
      return ok(null);
    }
  });
  app.get("/uploads/:month/:file", { schema: { hide: true } }, async (req, reply) => {
    const key = `${req.params.month}/${req.params.file}`;
    const stream = storage.open ? await storage.open(key) : null;
    if (!stream) return reply.code(404).type("text/plain; charset=utf-8").send("Not Found");
    const ext = key.slice(key.lastIndexOf(".") + 1);
    return reply.type(MIME[ext] ?? "application/octet-stream").header("cache-control", "public, max-age=31536000, immutable").header("x-content-type-options", "nosniff").header("content-security-policy", "default-src 'none'; sandbox").send(stream);
  });
};
var profile_routes_default = profileRoutes;

// src/app.ts
import multipart from "@fastify/multipart";
import websocket from "@fastify/websocket";
var REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/;
var API_PATH = /^\/v\d+(\/|$)/;
function redactUrl(url) {
  return url.replace(/([?&](?:access_token|refresh_token|token|code)=)[^&#]*/gi, "$1[redacted]");
}
function prettyTransport(config) {
  if (config.env !== "development" || !process.stdout.isTTY) return {};
  try {
    createRequire(import.meta.url).resolve("pino-pretty");
  } catch {
    return {};
  }
  return { transport: { target: "pino-pretty", options: { translateTime: "HH:MM:ss.l", ignore: "pid,hostname" } } };
}
function loggerFor(config, stream) {
  return {
    level: config.logLevel,
    redact: ["req.headers.authorization", "req.headers.cookie", 'res.headers["set-cookie"]'],
    serializers: {
      req: (req) => ({
        method: req.method,
        url: redactUrl(req.url),
        host: req.host,
        remoteAddress: req.ip
      }),
      // Database errors without their parameters: those are what users typed.
      err: serializeError
    },
    ...stream ? { stream } : prettyTransport(config)
  };
}
async function buildApp(config, opts = {}) {
  const now = opts.now ?? (() => /* @__PURE__ */ new Date());
  const app = Fastify({
    logger: opts.logger ?? loggerFor(config, opts.logStream),
    bodyLimit: config.bodyLimit,
    // Accept a caller's request id (load balancer, client) when it looks sane; otherwise make one.
    genReqId: (req) => {
      const given = req.headers["x-request-id"];
      return typeof given === "string" && REQUEST_ID.test(given) ? given : randomUUID3();
    },
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    // Shutdown drains connections first (plugins/drain.ts); close() then finds none left.
    forceCloseConnections: "idle",
    // Requests arriving during close() get the 503 envelope from the drain plugin instead.
    return503OnClosing: false,
    // req.ip, and req.protocol (HSTS, Secure cookies), from X-Forwarded-* only behind a proxy we trust (TRUST_PROXY).
    trustProxy: config.trustProxy,
    // Transport and routing failures leave in the envelope too, with Connection: close.
    clientErrorHandler,
    frameworkErrors: frameworkErrorHandler
  });
  const database = await openMigrated(config.db, app.log);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook("onSend", async (req, reply) => {
    reply.header("x-request-id", req.id);
  });
  await app.register(cookie);
  await app.register(context_default);
  await app.register(errors_default);
  await app.register(body_default);
  await app.register(drain_default);
  const mediaOrigins = config.media.provider === "cdn" ? [config.media.cdnBaseUrl, config.media.livePullBaseUrl].flatMap((u) => u ? [new URL(u).origin] : []) : [];
  await app.register(security_default, { mediaOrigins });
  await app.register(openapi_default);
  await app.register(db_default, { database });
  let started;
  try {
    started = await startUp(app, { seed: opts.seed ?? true, demoAccounts: config.env !== "production", now, ...opts.searchIndexGate ? { searchGate: opts.searchIndexGate } : {} });
  } catch (err) {
    await app.database.close().catch(() => void 0);
    throw err;
  }
  await app.register(accounts_plugin_default, { config, now, ...opts.sender ? { sender: opts.sender } : {} });
  await app.register(auth_default, { authenticate: (token) => app.accounts.tokens.authenticate(app.db, token) });
  await app.register(web_default, { webDist: config.webDist });
  await app.register(health_routes_default, { search: () => started.search.readiness });
  await app.register(media_plugin_default, { settings: config.media, appSecret: config.appSecret, now });
  await app.register(media_routes_default, { now });
  await app.register(home_routes_default, { now });
  await app.register(courses_routes_default, { now });
  await app.register(site_routes_default, { site: config.site, now });
  await app.register(pages_routes_default, { site: config.site, now });
  await app.register(news_routes_default, { now });
  await app.register(member_routes_default, { now });
  await app.register(speakers_routes_default, { now });
  await app.register(places_routes_default, { now });
  await app.register(lives_routes_default, { now });
  await app.register(realtime_default, { redis: config.redis });
  await app.register(websocket, { options: { maxPayload: 4096 } });
  const liveRoomMedia = {
    live: async (liveId, userId) => await app.media.liveAccess(liveId, { userId }) === "login" ? "login" : (await app.media.liveStream(liveId))?.media ?? null,
    recording: (rec) => app.media.recordingMedia(rec)
  };
  await app.register(live_room_routes_default, { now, media: liveRoomMedia, ...opts.liveRoom });
  await app.register(topics_routes_default, { now });
  await app.register(papers_routes_default);
  await app.register(search_routes_default, { index: started.search });
  await app.register(auth_routes_default);
  await app.register(wechat_routes_default);
  await app.register(multipart, { limits: { fileSize: config.imageUploadLimitBytes, files: 1 } });
  await app.register(profile_routes_default);
  await app.register(rewards_routes_default, { now, settings: config.rewards, ...opts.rewards });
  const points = { spend: spendOrderPoints, giveBack: returnOrderPoints };
  await app.register(money_routes_default, { now, payments: config.payments, devTools: config.env !== "production", points });
  if (config.env !== "production") await app.register(dev_routes_default);
  app.setNotFoundHandler((req, reply) => {
    const path = req.url.split("?", 1)[0] ?? "/";
    if (API_PATH.test(path) || req.method !== "GET" && req.method !== "HEAD") return sendNotFound(req, reply);
    return app.serveSpa(req, reply);
  });
  return app;
}

// src/server.ts
var FORCE_EXIT_AFTER_DRAIN_MS = 1e4;
async function main() {
  const started = performance.now();
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(`medportal: ${err.message}`);
      process.exit(2);
    }
    throw err;
  }
  let lock;
  if (config.db.driver === "pglite") {
    try {
      lock = acquireDataDirLock(config.dataDir);
    } catch (err) {
      if (err instanceof DataDirLockedError) {
        console.error(`medportal: ${err.message}`);
        process.exit(1);
      }
      throw err;
    }
  }
  const app = await buildApp(config);
  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (err) {
    app.log.fatal({ err }, "could not start");
    await app.close().catch((closeErr) => app.log.error({ err: closeErr }, "error while closing after a failed start"));
    lock?.release();
    process.exit(1);
  }
  app.log.info(
    { db: config.db.driver, dataDir: config.dataDir, webDist: config.webDist, startup_ms: Math.round(performance.now() - started) },
    "medportal server ready"
  );
  let closing = false;
  const drainMs = config.shutdownDrainS * 1e3;
  const shutdown = (signal) => {
    if (closing) {
      app.log.warn({ signal }, "second signal: exiting now");
      process.exit(1);
    }
    closing = true;
    app.log.info({ signal, drain_s: config.shutdownDrainS }, "shutting down: no new connections, answering requests already received");
    const force = setTimeout(() => {
      app.log.error("shutdown did not finish after the drain: exiting");
      process.exit(1);
    }, drainMs + FORCE_EXIT_AFTER_DRAIN_MS);
    force.unref();
    app.drain(drainMs).then(({ cutOff }) => {
      if (cutOff > 0) app.log.warn({ cut_off: cutOff, drain_s: config.shutdownDrainS }, "drain time over: requests still in flight were cut off");
      return app.close();
    }).then(() => {
      lock?.release();
      app.log.info("stopped");
      process.exit(0);
    }).catch((err) => {
      app.log.error({ err }, "error while shutting down");
      lock?.release();
      process.exit(1);
    });
  };
  process.on("SIGTERM", shutdown);
  process.on("SIGINT", shutdown);
  process.on("unhandledRejection", (err) => {
    app.log.fatal({ err }, "unhandled promise rejection");
    process.exit(1);
  });
}
main().catch((err) => {
  console.error("medportal: failed to start:", err);
  process.exit(1);
});
//# sourceMappingURL=server.mjs.map
