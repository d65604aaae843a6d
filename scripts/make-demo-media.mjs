#!/usr/bin/env node
// Makes the committed demo media under apps/server/media/demo/ (decision record 0022): short
// H.264/AAC HLS clips, each with a visible title, a running timer and a beeping tone, in two
// renditions, plus a poster and zh/en WebVTT subtitles. The output is committed, so a fresh
// machine needs no ffmpeg; run this only to change the clips (needs ffmpeg with libfreetype).
//
//   node scripts/make-demo-media.mjs [path/to/ffmpeg]
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const FFMPEG = process.argv[2] ?? process.env.FFMPEG ?? 'ffmpeg';
const OUT = new URL('../apps/server/media/demo/', import.meta.url).pathname;
const FONT = '/usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc';
const MONO = '/usr/share/fonts/truetype/dejavu/DejaVuSansMono-Bold.ttf';

/** Clip length and HLS segment length, in seconds; the live simulation loops these segments. */
export const CLIP_S = 60;
export const SEGMENT_S = 4;

const CLIPS = [
  { key: 'a', zh: '演示视频 A · 临床指南', en: 'Demo clip A · Clinical guidelines', colour: '0x0f766e', tone: 440 },
  { key: 'b', zh: '演示视频 B · 病例讨论', en: 'Demo clip B · Case discussion', colour: '0x1d4ed8', tone: 523 },
  { key: 'c', zh: '演示视频 C · 手术演示', en: 'Demo clip C · Surgical technique', colour: '0x7e22ce', tone: 659 },
  { key: 'd', zh: '演示视频 D · 学术会议', en: 'Demo clip D · Conference session', colour: '0xbe123c', tone: 784 },
];

const RENDITIONS = [
  { name: '360p', width: 640, height: 360, maxrate: 360_000 },
  { name: '240p', width: 426, height: 240, maxrate: 160_000 },
];

const esc = (s) => s.replace(/\\/g, '\\\\').replace(/:/g, '\\:').replace(/'/g, "\\'");

function filter(clip, r) {
  const k = r.height / 360;
  const px = (n) => Math.round(n * k);
  return [
    `drawbox=x=0:y=ih-${px(10)}:w=iw*t/${CLIP_S}:h=${px(10)}:color=white@0.8:t=fill`,
    `drawtext=fontfile=${FONT}:text='${esc(clip.zh)}':fontcolor=white:fontsize=${px(30)}:x=(w-tw)/2:y=h*0.18`,
    `drawtext=fontfile=${FONT}:text='${esc(clip.en)}':fontcolor=white@0.85:fontsize=${px(20)}:x=(w-tw)/2:y=h*0.18+${px(42)}`,
    `drawtext=fontfile=${MONO}:text='%{pts\\:hms}':fontcolor=white:fontsize=${px(64)}:x=(w-tw)/2:y=h*0.5`,
    `drawtext=fontfile=${MONO}:text='${r.name}':fontcolor=white@0.7:fontsize=${px(16)}:x=w-tw-${px(12)}:y=${px(12)}`,
  ].join(',');
}

function vtt(clip, lang) {
  const cues = [];
  const stamp = (s) => `00:${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}.000`;
  for (let s = 0, n = 1; s < CLIP_S; s += 5, n += 1) {
    const text = lang === 'zh' ? `${clip.zh}：第 ${n} 段字幕` : `${clip.en}: subtitle ${n}`;
    cues.push(`${n}\n${stamp(s)} --> ${stamp(Math.min(s + 5, CLIP_S))}\n${text}\n`);
  }
  return `WEBVTT\n\n${cues.join('\n')}`;
}

rmSync(OUT, { recursive: true, force: true });
const assets = [];
for (const clip of CLIPS) {
  const dir = join(OUT, clip.key);
  for (const r of RENDITIONS) {
    const rdir = join(dir, r.name);
    mkdirSync(rdir, { recursive: true });
    execFileSync(
      FFMPEG,
      [
        '-hide_banner', '-loglevel', 'error', '-y',
        '-f', 'lavfi', '-i', `color=c=${clip.colour}:s=${r.width}x${r.height}:r=25:d=${CLIP_S}`,
        '-f', 'lavfi', '-i', `sine=frequency=${clip.tone}:beep_factor=2:sample_rate=44100:duration=${CLIP_S}`,
        '-vf', filter(clip, r),
        '-c:v', 'libx264', '-profile:v', 'main', '-preset', 'slow', '-crf', '30', '-pix_fmt', 'yuv420p',
        '-maxrate', String(r.maxrate), '-bufsize', String(r.maxrate * 2),
        // A keyframe at every segment boundary, so every rendition switches and loops cleanly.
        '-g', String(25 * SEGMENT_S), '-keyint_min', String(25 * SEGMENT_S), '-sc_threshold', '0',
        '-c:a', 'aac', '-b:a', '32k', '-ac', '1',
        '-f', 'hls', '-hls_time', String(SEGMENT_S), '-hls_playlist_type', 'vod',
        '-hls_segment_filename', join(rdir, 'seg_%02d.ts'),
        join(rdir, 'index.m3u8'),
      ],
      { stdio: 'inherit' },
    );
  }
  // Peak bandwidth per rendition (largest segment), for the master playlist and the quality menu.
  const renditions = RENDITIONS.map((r) => {
    const rdir = join(dir, r.name);
    const peak = Math.max(...readdirSync(rdir).filter((f) => f.endsWith('.ts')).map((f) => statSync(join(rdir, f)).size));
    return { name: r.name, width: r.width, height: r.height, bandwidth: Math.ceil((peak * 8) / SEGMENT_S / 1000) * 1000 };
  });
  writeFileSync(
    join(dir, 'master.m3u8'),
    ['#EXTM3U', '#EXT-X-VERSION:3', ...renditions.flatMap((r) => [
      `#EXT-X-STREAM-INF:BANDWIDTH=${r.bandwidth},RESOLUTION=${r.width}x${r.height},CODECS="avc1.4d401e,mp4a.40.2",NAME="${r.name}"`,
      `${r.name}/index.m3u8`,
    ])].join('\n') + '\n',
  );
  assets.push({ key: `demo-${clip.key}`, path: `demo/${clip.key}`, durationS: CLIP_S, segmentS: SEGMENT_S, poster: 'poster.jpg',
    subtitles: [{ lang: 'zh', path: 'zh.vtt' }, { lang: 'en', path: 'en.vtt' }], renditions });
  execFileSync(FFMPEG, ['-hide_banner', '-loglevel', 'error', '-y', '-i', join(dir, '360p', 'seg_01.ts'), '-frames:v', '1', '-q:v', '6', join(dir, 'poster.jpg')]);
  writeFileSync(join(dir, 'zh.vtt'), vtt(clip, 'zh'));
  writeFileSync(join(dir, 'en.vtt'), vtt(clip, 'en'));
}

writeFileSync(
  new URL('../apps/server/src/seed/data/demo-media.ts', import.meta.url),
  `// Made by scripts/make-demo-media.mjs with the files under apps/server/media/demo/; do not edit.\n` +
    `export const DEMO_MEDIA = ${JSON.stringify(assets, null, 2)} as const;\n`,
);

let total = 0;
const walk = (d) => {
  for (const f of readdirSync(d)) {
    const p = join(d, f);
    if (statSync(p).isDirectory()) walk(p);
    else total += statSync(p).size;
  }
};
walk(OUT);
console.log(`demo media in ${OUT}: ${(total / 1024 / 1024).toFixed(2)} MB`);
