import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import type { StaffRole } from '@medportal/contract';
import type { FastifyInstance } from 'fastify';
import { userRoles } from '../src/db/schema/index.ts';
import { bearer, makeUser } from './factories.ts';

/**
 * A stand-in for the web app's server renderer (dist-ssr/ beside the build), for preview tests:
 * the news page shows the article's title and body, the home page its block titles, each read
 * through the API in-process exactly as the real renderer reads them (with the preview header the
 * web plugin adds). The real renderer is covered by the e2e suite.
 */
const RENDERER = `
export function route(url) {
  const u = new URL(url, 'http://x');
  const lang = u.searchParams.get('lang');
  return { kind: 'page', url: u.pathname + (lang ? '?lang=' + lang : ''), status: 200 };
}
export async function render({ url, lang, fetch }) {
  const u = new URL(url, 'http://x');
  const language = lang === 'en' ? 'en' : 'zh_CN';
  const m = /^\\/news\\/(\\d+)$/.exec(u.pathname);
  const api = m ? '/v1/news/' + m[1] : u.pathname === '/' ? '/v1/pc_index' : null;
  if (!api) return null;
  const res = await fetch(api + '?language=' + language, { method: 'GET', headers: {} });
  const body = await res.json();
  let html;
  if (body.code !== 0) html = '<main>missing ' + body.code + '</main>';
  else if (m) html = '<main><h1>' + body.data.title + '</h1><div>' + body.data.body_html + '</div></main>';
  else html = '<main>' + body.data.blocks.filter((b) => !b.header.hide).map((b) => '<h2>' + b.header.title + '</h2>').join('') + '</main>';
  return { status: body.code === 0 ? 200 : 404, html, state: '{}', meta: { title: 'Page', siteName: 'Site', description: '', jsonLd: [] } };
}
`;

/** A web build directory with the stand-in renderer: pass as `config.webDist`. */
export function standInWebDist(): string {
  const root = mkdtempSync(join(tmpdir(), 'medportal-admin-content-'));
  const dist = join(root, 'dist');
  mkdirSync(dist);
  mkdirSync(join(root, 'dist-ssr'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>Shell</title></head><body><div id="root"></div></body></html>');
  writeFileSync(join(root, 'dist-ssr', 'entry-server.js'), RENDERER);
  return dist;
}

/** A logged-in user with these staff roles: their Authorization header and id. */
export async function staffUser(app: FastifyInstance, ...roles: StaffRole[]): Promise<{ id: number; headers: Record<string, string> }> {
  const u = await makeUser(app);
  for (const role of roles) await app.db.insert(userRoles).values({ userId: u.id, role });
  return { id: u.id, headers: bearer(u.access) };
}

/** A real PNG of this size. */
export function png(width = 2, height = 3): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (b: Buffer) => {
    let c = 0xffffffff;
    for (const byte of b) c = (crcTable[(c ^ byte) & 0xff] ?? 0) ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const td = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const c = Buffer.alloc(4);
    c.writeUInt32BE(crc(td));
    return Buffer.concat([len, td, c]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  const raw = Buffer.alloc((width * 3 + 1) * height, 0x7f);
  for (let y = 0; y < height; y++) raw[y * (width * 3 + 1)] = 0;
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}

/** A multipart upload of one file in field `field`, declared as `contentType`. */
export function multipart(headers: Record<string, string>, filename: string, content: Buffer, contentType = 'image/png', field = 'file') {
  const boundary = '----medportal-admin-boundary';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ...headers } };
}
