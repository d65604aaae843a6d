process.setSourceMapsEnabled?.(true);

// src/lib/payments/provider-support.ts
var PaymentProviderError = class extends Error {
  constructor(channel, code, detail, httpStatus = null) {
    super(`${channel} ${code}: ${detail}`);
    this.channel = channel;
    this.code = code;
    this.detail = detail;
    this.httpStatus = httpStatus;
  }
  channel;
  code;
  detail;
  httpStatus;
  name = "PaymentProviderError";
};
async function send(channel, fetchImpl, url, init, timeoutMs) {
  try {
    const res = await fetchImpl(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    return { status: res.status, headers: res.headers, text: await res.text() };
  } catch (err) {
    throw new PaymentProviderError(channel, "NETWORK", err instanceof Error ? err.message : String(err));
  }
}
function headerOf(headers, name) {
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() !== wanted) continue;
    return Array.isArray(value) ? value[0] : value;
  }
  return void 0;
}
var CHINA_OFFSET_MS = 8 * 36e5;
function chinaParts(d) {
  const c = new Date(d.getTime() + CHINA_OFFSET_MS);
  const p = (n) => String(n).padStart(2, "0");
  return [
    `${c.getUTCFullYear()}-${p(c.getUTCMonth() + 1)}-${p(c.getUTCDate())}`,
    `${p(c.getUTCHours())}:${p(c.getUTCMinutes())}:${p(c.getUTCSeconds())}`
  ];
}
function chinaDateTime(d) {
  return chinaParts(d).join(" ");
}
function chinaRfc3339(d) {
  return `${chinaParts(d).join("T")}+08:00`;
}
function parseChinaDateTime(s) {
  const m = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(s ?? "");
  if (!m) return null;
  const [, y, mo, d, h, mi, se] = m.map(Number);
  const t = Date.UTC(y, mo - 1, d, h, mi, se) - CHINA_OFFSET_MS;
  return Number.isFinite(t) ? new Date(t) : null;
}
function fenToYuan(fen) {
  if (!Number.isSafeInteger(fen) || fen < 0) throw new RangeError(`amount must be a non-negative integer of fen, got ${fen}`);
  return `${Math.floor(fen / 100)}.${String(fen % 100).padStart(2, "0")}`;
}
function yuanToFen(yuan) {
  const m = /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(yuan ?? "");
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? "").padEnd(2, "0"));
}
function assertFen(name, fen) {
  if (!Number.isSafeInteger(fen) || fen <= 0) throw new RangeError(`${name} must be a positive integer of fen, got ${fen}`);
}
function truncate(s, max) {
  const chars = Array.from(s);
  return chars.length <= max ? s : chars.slice(0, max).join("");
}
function truncateUtf8(s, maxBytes) {
  let out = "";
  let bytes = 0;
  for (const ch of s) {
    const n = Buffer.byteLength(ch, "utf8");
    if (bytes + n > maxBytes) break;
    out += ch;
    bytes += n;
  }
  return out;
}

export {
  PaymentProviderError,
  send,
  headerOf,
  chinaDateTime,
  chinaRfc3339,
  parseChinaDateTime,
  fenToYuan,
  yuanToFen,
  assertFen,
  truncate,
  truncateUtf8
};
//# sourceMappingURL=chunk-VRHTC6GS.mjs.map
