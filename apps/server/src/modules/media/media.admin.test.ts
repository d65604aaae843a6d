import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AdminMediaDetail, CourseChaptersData, ErrorCode, MediaStatusData, MEDIA_TUS_PATH, PriceType, type StaffRole } from '@medportal/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, courseChapters, courses, mediaAssets, userRoles } from '../../db/schema/index.ts';
import { buildTestApp } from '../../../test/build-test-app.ts';
import { bearer, call, makeUser } from '../../../test/factories.ts';
import { TranscodeWorker } from './media.jobs.ts';

/** A real 2-second H.264/AAC MP4 made by ffmpeg, as an operator would upload. */
let mp4: Buffer;
let png: Buffer;
let work: string;
beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'media-admin-test-'));
  const file = join(work, 'clip.mp4');
  execFileSync('ffmpeg', [
    '-hide_banner', '-loglevel', 'error', '-y',
    '-f', 'lavfi', '-i', 'testsrc=duration=2:size=640x360:rate=25',
    '-f', 'lavfi', '-i', 'sine=duration=2',
    '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', file,
  ]);
  mp4 = readFileSync(file);
  execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=size=64x64', '-frames:v', '1', join(work, 'still.png')]);
  png = readFileSync(join(work, 'still.png'));
});

const b64 = (s: string) => Buffer.from(s, 'utf8').toString('base64');

async function staff(app: FastifyInstance, role: StaffRole | null) {
  const u = await makeUser(app);
  if (role) await app.db.insert(userRoles).values({ userId: u.id, role });
  return u.access;
}

function tus(app: FastifyInstance, token: string | null, method: string, url: string, headers: Record<string, string> = {}, payload?: Buffer) {
  return app.inject({
    method: method as 'POST',
    url,
    headers: { 'tus-resumable': '1.0.0', ...(token ? bearer(token) : {}), ...headers },
    ...(payload ? { payload } : {}),
  });
}

/** Creates an upload; returns its URL. */
async function create(app: FastifyInstance, token: string, size: number, name = 'clip.mp4', title = '测试视频') {
  const r = await tus(app, token, 'POST', MEDIA_TUS_PATH, { 'upload-length': String(size), 'upload-metadata': `filename ${b64(name)},title ${b64(title)}` });
  expect(r.statusCode, r.body).toBe(201);
  const loc = r.headers.location as string;
  expect(loc).toMatch(new RegExp(`^${MEDIA_TUS_PATH}/[0-9a-f]{32}$`));
  return loc;
}

const patch = (app: FastifyInstance, token: string, url: string, offset: number, chunk: Buffer) =>
  tus(app, token, 'PATCH', url, { 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' }, chunk);

/** Uploads `bytes` in two chunks with a resume in between (the offset asked with HEAD); returns the last PATCH. */
async function upload(app: FastifyInstance, token: string, bytes: Buffer, name?: string) {
  const url = await create(app, token, bytes.length, name);
  const half = Math.floor(bytes.length / 2);
  expect((await patch(app, token, url, 0, bytes.subarray(0, half))).statusCode).toBe(204);
  const head = await tus(app, token, 'HEAD', url);
  expect(head.statusCode).toBe(200);
  const offset = Number(head.headers['upload-offset']);
  expect(offset).toBe(half);
  return patch(app, token, url, offset, bytes.subarray(offset));
}

async function detail(app: FastifyInstance, token: string, id: number) {
  const r = await call(app, { url: `/v1/admin/media/${id}`, headers: bearer(token) });
  expect(r.code, JSON.stringify(r)).toBe(0);
  return AdminMediaDetail.parse(r.data);
}

/** Waits for the queue to finish the asset (ready or failed). */
async function settled(app: FastifyInstance, token: string, id: number) {
  for (;;) {
    await app.mediaJobs.idle();
    const d = await detail(app, token, id);
    if (d.status === 'ready' || d.status === 'failed') return d;
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('media library', () => {
  let app: FastifyInstance;
  let editor: string;
  beforeAll(async () => {
    app = await buildTestApp();
    editor = await staff(app, 'editor');
  });
  afterAll(async () => {
    await app?.close();
  });

  it('refuses tus requests without a login or a role reaching content or lives, and API calls outside the area', async () => {
    const noLogin = await tus(app, null, 'POST', MEDIA_TUS_PATH, { 'upload-length': '10' });
    expect(noLogin.statusCode).toBe(401);
    for (const role of [null, 'moderator', 'finance', 'service'] as const) {
      const token = await staff(app, role);
      const r = await tus(app, token, 'POST', MEDIA_TUS_PATH, { 'upload-length': '10' });
      expect(r.statusCode, String(role)).toBe(403);
      expect((await call(app, { url: '/v1/admin/media', headers: bearer(token) })).code).toBe(ErrorCode.FORBIDDEN);
    }
    // A live producer may upload (a replay), not browse the content library.
    const producer = await staff(app, 'live_producer');
    expect((await tus(app, producer, 'POST', MEDIA_TUS_PATH, { 'upload-length': '10' })).statusCode).toBe(201);
    expect((await call(app, { url: '/v1/admin/media', headers: bearer(producer) })).code).toBe(ErrorCode.FORBIDDEN);
    expect((await call(app, { url: '/v1/admin/media_choices', headers: bearer(producer) })).code).toBe(0);
    // An editor may not set a live's replay.
    expect((await call(app, { method: 'PUT', url: '/v1/admin/lives/1/replay', payload: { asset_id: 1 }, headers: bearer(editor) })).code).toBe(ErrorCode.FORBIDDEN);
    // Someone else's upload cannot be touched without the role either.
    const url = await create(app, editor, 10);
    const stranger = await staff(app, null);
    expect((await tus(app, stranger, 'HEAD', url)).statusCode).toBe(403);
    expect((await tus(app, stranger, 'DELETE', url)).statusCode).toBe(403);
  });

  it('refuses an upload over MEDIA_UPLOAD_MAX_BYTES and bytes that are not a video', async () => {
    const big = await tus(app, editor, 'POST', MEDIA_TUS_PATH, { 'upload-length': String(5 * 1024 ** 3) });
    expect(big.statusCode).toBe(413);
    const before = await app.db.select({ id: mediaAssets.id }).from(mediaAssets);
    const text = Buffer.from('this is not a video, whatever its name says\n'.repeat(200));
    const r = await upload(app, editor, text, 'movie.mp4');
    expect(r.statusCode).toBe(415);
    expect(r.body).toContain('not a video');
    expect((await app.db.select({ id: mediaAssets.id }).from(mediaAssets)).length).toBe(before.length);
    // A still image is not a video either.
    expect((await upload(app, editor, png, 'image.mp4')).statusCode).toBe(415);
  });

  it('uploads in chunks with a resume, transcodes to HLS with a poster, plays, and plays for a chapter once attached', async () => {
    const status = MediaStatusData.parse((await call(app, { url: '/v1/admin/media/status', headers: bearer(editor) })).data);
    expect(status.ffmpeg.available).toBe(true);
    expect(status.ffmpeg.version).toBeTruthy();

    const done = await upload(app, editor, mp4);
    expect(done.statusCode).toBe(204);
    const id = Number(done.headers['upload-asset-id']);
    expect(id).toBeGreaterThan(0);

    const d = await settled(app, editor, id);
    expect(d.error).toBeNull();
    expect(d).toMatchObject({ status: 'ready', progress: 100, title: '测试视频', original_filename: 'clip.mp4', size_bytes: mp4.length, duration_s: 2 });
    // 640x360 in: a 360p rendition, never upscaled to 720p.
    expect(d.renditions).toEqual([expect.objectContaining({ name: '360p', width: 640, height: 360 })]);
    expect(d.renditions[0]?.bandwidth).toBeGreaterThan(0);

    // The console's player: the signed master playlist leads to a rendition playlist and its segments.
    const media = d.media;
    if (!media) throw new Error('no media');
    const master = await app.inject({ url: media.hls_url });
    expect(master.statusCode).toBe(200);
    expect(master.body).toMatch(/#EXT-X-STREAM-INF:BANDWIDTH=\d+,RESOLUTION=640x360,CODECS="[^"]+",NAME="360p"/);
    const variantUri = master.body.split('\n').find((l) => l.startsWith('360p/index.m3u8'));
    const variant = await app.inject({ url: new URL(variantUri ?? '', `http://x${media.hls_url}`).pathname + '?' + (variantUri ?? '').split('?')[1] });
    expect(variant.statusCode).toBe(200);
    expect(variant.body).toContain('#EXT-X-ENDLIST');
    const segUri = variant.body.split('\n').find((l) => l.startsWith('seg_'));
    const base = new URL(variantUri ?? '', `http://x${media.hls_url}`);
    const seg = await app.inject({ url: `${new URL(segUri?.split('?')[0] ?? '', base).pathname}?${segUri?.split('?')[1]}` });
    expect(seg.statusCode).toBe(200);
    expect(seg.headers['content-type']).toBe('video/mp2t');
    expect(seg.rawPayload[0]).toBe(0x47); // MPEG-TS sync byte
    const poster = await app.inject({ url: media.poster });
    expect(poster.statusCode).toBe(200);
    expect(poster.rawPayload.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));

    // The list finds it by title and status.
    const list = await call<{ items: Array<{ id: number }>; total: number }>(app, { url: `/v1/admin/media?q=${encodeURIComponent('测试')}&status=ready`, headers: bearer(editor) });
    expect(list.data.items.map((i) => i.id)).toContain(id);

    // Subtitles: WebVTT only.
    const vtt = (body: string, lang: string) =>
      call(app, {
        method: 'POST',
        url: `/v1/admin/media/${id}/subtitles/${lang}`,
        headers: { ...bearer(editor), 'content-type': 'multipart/form-data; boundary=XB' },
        payload: `--XB\r\nContent-Disposition: form-data; name="file"; filename="s.vtt"\r\nContent-Type: text/vtt\r\n\r\n${body}\r\n--XB--\r\n`,
      });
    expect((await vtt('1\n00:00:00,000 --> 00:00:01,000\nSRT, not WebVTT\n', 'zh')).code).toBe(ErrorCode.MEDIA_BAD_SUBTITLE);
    const okVtt = await vtt('WEBVTT\n\n00:00.000 --> 00:01.000\n你好\n', 'zh');
    expect(okVtt.code, JSON.stringify(okVtt)).toBe(0);
    const withSubs = await detail(app, editor, id);
    expect(withSubs.subtitles).toEqual(['zh']);
    const sub = withSubs.media?.subtitles[0]?.url ?? '';
    expect((await app.inject({ url: sub })).body).toContain('你好');

    // Rename: a stale updated_at is refused.
    const stale = await call(app, { method: 'PUT', url: `/v1/admin/media/${id}`, payload: { title: 'x', updated_at: '2000-01-01T00:00:00.000Z' }, headers: bearer(editor) });
    expect(stale.code).toBe(ErrorCode.ADMIN_EDIT_CONFLICT);
    const renamed = await call(app, { method: 'PUT', url: `/v1/admin/media/${id}`, payload: { title: '新标题', updated_at: withSubs.updated_at }, headers: bearer(editor) });
    expect(renamed.code).toBe(0);

    // Attach to a chapter of a free course: its public chapter list plays this asset.
    const [course] = await app.db.select({ id: courses.id }).from(courses).where(and(eq(courses.priceType, PriceType.FREE), eq(courses.status, 'published'))).orderBy(asc(courses.id)).limit(1);
    const [chapter] = await app.db.select({ id: courseChapters.id }).from(courseChapters).where(eq(courseChapters.courseId, course?.id ?? 0)).orderBy(asc(courseChapters.sort)).limit(1);
    const chapterId = chapter?.id ?? 0;
    expect((await call(app, { method: 'POST', url: `/v1/admin/media/${id}/bindings`, payload: { target_type: 'chapter', target_id: 999_999 }, headers: bearer(editor) })).code).toBe(ErrorCode.MEDIA_TARGET_NOT_FOUND);
    const bound = await call(app, { method: 'POST', url: `/v1/admin/media/${id}/bindings`, payload: { target_type: 'chapter', target_id: chapterId }, headers: bearer(editor) });
    expect(bound.code, JSON.stringify(bound)).toBe(0);
    expect(AdminMediaDetail.parse(bound.data).bindings_list).toEqual([expect.objectContaining({ target_type: 'chapter', target_id: chapterId })]);
    const pub = await call(app, { url: `/v2/user/course/${course?.id}/chapter` });
    const played = CourseChaptersData.parse(pub.data).items.find((c) => c.id === chapterId);
    const key = (await app.db.select({ key: mediaAssets.key }).from(mediaAssets).where(eq(mediaAssets.id, id)))[0]?.key;
    expect(played?.media?.hls_url).toContain(`/media/hls/up/${key}/master.m3u8?`);
    expect(played?.duration_s).toBe(2);
    expect((await app.inject({ url: played?.media?.hls_url ?? '' })).statusCode).toBe(200);

    // Delete is refused while bound, allowed once detached.
    expect((await call(app, { method: 'DELETE', url: `/v1/admin/media/${id}`, headers: bearer(editor) })).code).toBe(ErrorCode.MEDIA_ASSET_BOUND);
    expect((await call(app, { method: 'DELETE', url: `/v1/admin/media/${id}/bindings/chapter/${chapterId}`, headers: bearer(editor) })).code).toBe(0);
    expect((await call(app, { method: 'DELETE', url: `/v1/admin/media/${id}`, headers: bearer(editor) })).code).toBe(0);
    expect((await call(app, { url: `/v1/admin/media/${id}`, headers: bearer(editor) })).code).toBe(ErrorCode.NOT_FOUND);

    // Every write is in the audit log.
    const actions = (await app.db.select({ action: auditLog.action, target: auditLog.target }).from(auditLog)).filter((a) => a.action.startsWith('media.'));
    expect(actions.map((a) => a.action)).toEqual(expect.arrayContaining(['media.upload', 'media.subtitle', 'media.rename', 'media.bind', 'media.unbind', 'media.delete']));
  });
});

describe('media library without ffmpeg', () => {
  let app: FastifyInstance;
  afterAll(async () => {
    await app?.close();
  });

  it('says so in the status and fails an upload with that reason, keeping it', async () => {
    app = await buildTestApp({ config: { media: { ffmpegPath: '/nonexistent/ffmpeg', ffprobePath: '/nonexistent/ffprobe' } } });
    const editor = await staff(app, 'editor');
    const status = MediaStatusData.parse((await call(app, { url: '/v1/admin/media/status', headers: bearer(editor) })).data);
    expect(status.ffmpeg).toEqual({ available: false, version: null, path: '/nonexistent/ffmpeg' });
    const done = await upload(app, editor, mp4);
    expect(done.statusCode).toBe(204);
    const d = await settled(app, editor, Number(done.headers['upload-asset-id']));
    expect(d.status).toBe('failed');
    expect(d.error?.en).toBe('ffmpeg is not installed on the server');
    expect(d.error?.zh).toContain('ffmpeg');
    const [row] = await app.db.select().from(mediaAssets).where(eq(mediaAssets.id, d.id));
    expect(existsSync(join(app.mediaJobs.settings.uploadDir, row?.uploadId ?? 'none'))).toBe(true);
    expect((await call(app, { method: 'POST', url: `/v1/admin/media/${d.id}/retry`, headers: bearer(editor) })).code).toBe(ErrorCode.MEDIA_FFMPEG_MISSING);
  });
});

describe('media transcode queue', () => {
  let app: FastifyInstance;
  afterAll(async () => {
    await app?.mediaJobs.stop();
    await app?.close();
  });

  it('claims a job once across processes, and resumes a job whose process died mid-transcode', async () => {
    // This process takes no jobs by itself: the test plays the processes.
    app = await buildTestApp({ mediaLibrary: { transcode: false, worker: { leaseMs: 60_000 } } });
    const editor = await staff(app, 'editor');
    const done = await upload(app, editor, mp4);
    const id = Number(done.headers['upload-asset-id']);
    expect((await detail(app, editor, id)).status).toBe('uploaded');

    const settings = app.mediaJobs.settings;
    const a = new TranscodeWorker(app.db, settings, app.log, { name: 'host-a' });
    const b = new TranscodeWorker(app.db, settings, app.log, { name: 'host-b' });
    const [first, second] = await Promise.all([a.claim(), b.claim()]);
    expect([first?.id, second?.id].filter((x) => x === id)).toHaveLength(1);

    // Host A dies mid-job: its lease runs out with partial output on disk.
    const [row] = await app.db.select().from(mediaAssets).where(eq(mediaAssets.id, id));
    await app.db.update(mediaAssets).set({ status: 'transcoding', progress: 40, claimedBy: 'host-a', claimedUntil: new Date(Date.now() - 1000) }).where(eq(mediaAssets.id, id));
    mkdirSync(join(settings.libraryDir, row?.key ?? 'x', '360p'), { recursive: true });
    writeFileSync(join(settings.libraryDir, row?.key ?? 'x', '360p', 'seg_000.ts'), 'partial');
    // Host B, looking at the queue, takes it over and finishes it.
    await b.start();
    try {
      const d = await settled(app, editor, id);
      expect(d.status).toBe('ready');
      expect(d.renditions.map((r) => r.name)).toEqual(['360p']);
      const seg = readFileSync(join(settings.libraryDir, row?.key ?? 'x', '360p', 'seg_000.ts'));
      expect(seg[0]).toBe(0x47);
    } finally {
      await b.stop();
    }
  });

  it('a restarted process takes back its own unfinished job at once', async () => {
    const editor = await staff(app, 'editor');
    const done = await upload(app, editor, mp4);
    const id = Number(done.headers['upload-asset-id']);
    // Claimed by "host-c" whose lease has not run out: nobody else may take it...
    await app.db.update(mediaAssets).set({ status: 'transcoding', claimedBy: 'host-c', claimedUntil: new Date(Date.now() + 3_600_000) }).where(eq(mediaAssets.id, id));
    const other = new TranscodeWorker(app.db, app.mediaJobs.settings, app.log, { name: 'host-d' });
    expect(await other.claim()).toBeNull();
    // ...but host-c, starting again after a crash, resumes it.
    const c = new TranscodeWorker(app.db, app.mediaJobs.settings, app.log, { name: 'host-c' });
    await c.start();
    try {
      await c.idle();
      expect((await settled(app, editor, id)).status).toBe('ready');
    } finally {
      await c.stop();
    }
  });
});
