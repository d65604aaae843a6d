import { spawn } from 'node:child_process';
import { mkdir, readdir, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { AssetRendition } from '../../db/schema/index.ts';

/**
 * ffmpeg and ffprobe from the operating system (Debian's package; decision record 0064): what
 * the server has, what an uploaded file is, and its HLS renditions, poster and duration.
 */

export interface FfmpegTools {
  ffmpegPath: string;
  ffprobePath: string;
}

export interface FfmpegStatus {
  available: boolean;
  version: string | null;
  path: string;
}

/** A tool could not be started at all (not installed, not executable). */
export class ToolMissingError extends Error {
  override name = 'ToolMissingError';
}

/** A tool ran and failed; `detail` is the tail of what it wrote to stderr. */
export class ToolFailedError extends Error {
  override name = 'ToolFailedError';
  constructor(
    message: string,
    readonly detail: string,
  ) {
    super(message);
  }
}

interface RunOptions {
  /** Called with each chunk of stdout as it arrives. */
  onStdout?: (chunk: string) => void;
  signal?: AbortSignal;
}

/** Runs a tool to its end: its stdout, or ToolMissingError / ToolFailedError. */
function run(cmd: string, args: readonly string[], opts: RunOptions = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'], ...(opts.signal ? { signal: opts.signal } : {}) });
    let out = '';
    let err = '';
    child.stdout.setEncoding('utf8').on('data', (c: string) => {
      if (opts.onStdout) opts.onStdout(c);
      else if (out.length < 4 * 1024 * 1024) out += c;
    });
    child.stderr.setEncoding('utf8').on('data', (c: string) => {
      err = (err + c).slice(-8192);
    });
    child.on('error', (e: NodeJS.ErrnoException) => {
      if (e.code === 'ENOENT' || e.code === 'EACCES') reject(new ToolMissingError(`${cmd}: ${e.code}`));
      else reject(e);
    });
    child.on('close', (code, signal) => {
      if (code === 0) resolve(out);
      else reject(new ToolFailedError(`${cmd} exited with ${code ?? signal}`, err.trim().split('\n').slice(-6).join('\n')));
    });
  });
}

/** Whether ffmpeg runs here, and its version (`ffmpeg -version`'s first line). */
export async function ffmpegStatus(tools: FfmpegTools): Promise<FfmpegStatus> {
  try {
    const out = await run(tools.ffmpegPath, ['-hide_banner', '-version']);
    const version = /ffmpeg version (\S+)/.exec(out)?.[1] ?? (out.split('\n')[0] ?? '').slice(0, 100);
    await run(tools.ffprobePath, ['-hide_banner', '-version']);
    return { available: true, version, path: tools.ffmpegPath };
  } catch {
    return { available: false, version: null, path: tools.ffmpegPath };
  }
}

/** Containers a video may come in (ffprobe's format names); images and bare audio are not among them. */
const VIDEO_FORMATS = new Set(['mov', 'mp4', 'm4a', '3gp', '3g2', 'mj2', 'matroska', 'webm', 'avi', 'mpegts', 'flv', 'mpeg', 'asf', 'mxf', 'ogg']);
/** Stream codecs that are still pictures, not video. */
const IMAGE_CODECS = new Set(['png', 'mjpeg', 'gif', 'bmp', 'webp', 'tiff', 'jpeg2000']);

export interface Probe {
  durationS: number;
  width: number;
  height: number;
  hasAudio: boolean;
}

/** What the file is, by its bytes: a video with its size and duration, or null when it is not one. */
export async function probe(tools: FfmpegTools, file: string): Promise<Probe | null> {
  let out: string;
  try {
    out = await run(tools.ffprobePath, ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file]);
  } catch (e) {
    if (e instanceof ToolFailedError) return null;
    throw e;
  }
  const info = JSON.parse(out) as {
    format?: { format_name?: string; duration?: string };
    streams?: Array<{ codec_type?: string; codec_name?: string; width?: number; height?: number; duration?: string; disposition?: { attached_pic?: number } }>;
  };
  const formats = (info.format?.format_name ?? '').split(',');
  if (!formats.some((f) => VIDEO_FORMATS.has(f))) return null;
  const video = info.streams?.find((s) => s.codec_type === 'video' && !s.disposition?.attached_pic && !IMAGE_CODECS.has(s.codec_name ?? ''));
  if (!video?.width || !video.height) return null;
  const durationS = Number(info.format?.duration ?? video.duration ?? 0);
  if (!Number.isFinite(durationS) || durationS <= 0) return null;
  return { durationS, width: video.width, height: video.height, hasAudio: info.streams?.some((s) => s.codec_type === 'audio') ?? false };
}

/** The ladder: each rung that does not upscale the source (the smallest source gets one at its own height). */
const LADDER = [
  { name: '360p', height: 360, videoKbps: 800, audioKbps: 96 },
  { name: '720p', height: 720, videoKbps: 2500, audioKbps: 128 },
] as const;

export interface RenditionPlan {
  name: string;
  width: number;
  height: number;
  videoKbps: number;
  audioKbps: number;
}

const even = (n: number) => Math.max(2, Math.round(n / 2) * 2);

export function planRenditions(src: { width: number; height: number }): RenditionPlan[] {
  const fits = LADDER.filter((r) => r.height <= src.height);
  const rungs = fits.length ? fits : [{ ...LADDER[0], name: `${even(src.height)}p`, height: even(src.height) }];
  return rungs.map((r) => ({ ...r, width: even((src.width * r.height) / src.height) }));
}

export const SEGMENT_S = 4;

/**
 * Encodes `input` into `outDir`: one folder per rendition (`360p/index.m3u8`, `seg_000.ts`, ...),
 * `master.m3u8` listing them with bandwidth and resolution, and `poster.jpg`. Renditions are
 * encoded one after the other (one ffmpeg at a time on a small machine); `onProgress` gets 0–99.
 */
export async function transcode(
  tools: FfmpegTools,
  input: string,
  outDir: string,
  src: Probe,
  onProgress: (pct: number) => void,
  signal?: AbortSignal,
): Promise<{ renditions: AssetRendition[]; durationS: number }> {
  const plans = planRenditions(src);
  const renditions: AssetRendition[] = [];
  await mkdir(outDir, { recursive: true });
  for (const [i, r] of plans.entries()) {
    const dir = join(outDir, r.name);
    await mkdir(dir, { recursive: true });
    const args = [
      '-hide_banner', '-nostdin', '-y', '-loglevel', 'error', '-progress', 'pipe:1', '-nostats',
      '-i', input,
      '-map', '0:v:0', ...(src.hasAudio ? ['-map', '0:a:0'] : []),
      '-vf', `scale=${r.width}:${r.height}`,
      '-c:v', 'libx264', '-preset', 'veryfast', '-profile:v', 'main', '-level', '3.1', '-pix_fmt', 'yuv420p',
      '-b:v', `${r.videoKbps}k`, '-maxrate', `${Math.round(r.videoKbps * 1.2)}k`, '-bufsize', `${r.videoKbps * 2}k`,
      // A keyframe at every segment boundary, so each segment starts cleanly.
      '-force_key_frames', `expr:gte(t,n_forced*${SEGMENT_S})`, '-sc_threshold', '0',
      ...(src.hasAudio ? ['-c:a', 'aac', '-b:a', `${r.audioKbps}k`, '-ac', '2', '-ar', '48000'] : []),
      '-f', 'hls', '-hls_time', String(SEGMENT_S), '-hls_playlist_type', 'vod', '-hls_list_size', '0',
      '-hls_segment_filename', join(dir, 'seg_%03d.ts'),
      join(dir, 'index.m3u8'),
    ];
    let buffered = '';
    await run(tools.ffmpegPath, args, {
      ...(signal ? { signal } : {}),
      onStdout: (chunk) => {
        buffered += chunk;
        const lines = buffered.split('\n');
        buffered = lines.pop() ?? '';
        for (const line of lines) {
          const m = /^out_time_(?:us|ms)=(\d+)/.exec(line);
          if (!m) continue;
          const done = Math.min(1, Number(m[1]) / 1e6 / src.durationS);
          onProgress(Math.min(99, Math.floor(((i + done) / plans.length) * 100)));
        }
      },
    });
    renditions.push({ name: r.name, width: r.width, height: r.height, bandwidth: await measuredBandwidth(dir, src.durationS, r) });
  }
  const master = ['#EXTM3U', '#EXT-X-VERSION:3'];
  const codecs = src.hasAudio ? 'avc1.4d401f,mp4a.40.2' : 'avc1.4d401f';
  for (const r of renditions) {
    master.push(`#EXT-X-STREAM-INF:BANDWIDTH=${r.bandwidth},RESOLUTION=${r.width}x${r.height},CODECS="${codecs}",NAME="${r.name}"`, `${r.name}/index.m3u8`);
  }
  await writeFile(join(outDir, 'master.m3u8'), `${master.join('\n')}\n`);
  await poster(tools, input, join(outDir, 'poster.jpg'), src, signal);
  return { renditions, durationS: Math.max(1, Math.round(src.durationS)) };
}

/** Bits per second the rendition's segments take on average (at least what was asked of the encoder is not promised). */
async function measuredBandwidth(dir: string, durationS: number, r: RenditionPlan): Promise<number> {
  let bytes = 0;
  for (const f of await readdir(dir)) if (f.endsWith('.ts')) bytes += (await stat(join(dir, f))).size;
  const measured = Math.round((bytes * 8) / Math.max(durationS, 0.1));
  return measured > 0 ? measured : (r.videoKbps + r.audioKbps) * 1000;
}

/** A JPEG frame from a third of the way in (at most 5 s), no taller than 720 pixels. */
async function poster(tools: FfmpegTools, input: string, out: string, src: Probe, signal?: AbortSignal): Promise<void> {
  const at = Math.min(5, src.durationS / 3);
  const height = even(Math.min(720, src.height));
  await run(
    tools.ffmpegPath,
    ['-hide_banner', '-nostdin', '-y', '-loglevel', 'error', '-ss', at.toFixed(2), '-i', input, '-frames:v', '1', '-vf', `scale=-2:${height}`, '-q:v', '3', out],
    signal ? { signal } : {},
  );
}

/** A still image file turned into a JPEG no taller than 1080 pixels (a PNG poster). */
export async function imageToJpeg(tools: FfmpegTools, input: string, out: string): Promise<void> {
  await run(tools.ffmpegPath, ['-hide_banner', '-nostdin', '-y', '-loglevel', 'error', '-i', input, '-frames:v', '1', '-vf', "scale='min(1920,iw)':-2", '-q:v', '3', out]);
}
