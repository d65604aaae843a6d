import { eq } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import * as s from '../db/schema/index.ts';
import { coverUrl } from '../modules/media/index.ts';
import { DEMO_MEDIA } from './data/demo-media.ts';
import { ALBUM_ABOUT, ALBUM_CONFIGS_SEED, SELECTED_CHANNELS_SEED } from './data/selected.ts';

const DAY_MS = 86_400_000;

function transcript(lang: 'zh' | 'en', title: string, summary: string, speaker: string, org: string): string {
  return lang === 'zh'
    ? [
        `主持人：欢迎收看本期节目。今天我们邀请到${org}的${speaker}教授，谈谈“${title}”。`,
        `${speaker}：谢谢邀请。${summary}`,
        '主持人：这些结果对日常临床实践意味着什么？',
        `${speaker}：首先要准确识别适合的患者，治疗前做好基线评估；其次要重视不良反应的早期识别与分级处理；最后，需要多学科团队共同制定随访计划。我们期待更长期的随访数据进一步验证这些结论。`,
        '主持人：感谢您的精彩分享。',
      ].join('\n\n')
    : [
        `Host: Welcome to this episode. Today we are joined by ${speaker} of ${org} to talk about “${title}”.`,
        `${speaker}: Thank you for having me. ${summary}`,
        'Host: What do these results mean for everyday practice?',
        `${speaker}: First, identify the right patients and complete a baseline assessment before treatment. Second, recognise adverse events early and manage them by grade. Finally, plan follow-up together with the multidisciplinary team. Longer follow-up will tell us whether these conclusions hold.`,
        'Host: Thank you for sharing your insights.',
      ].join('\n\n');
}

/**
 * The selected-content channels with their tags and videos (each bound to a demo clip), and the
 * look and videos of the three themed albums. Runs after the specials it configures are written.
 */
export async function seedSelected(tx: Tx, now: Date): Promise<void> {
  const channelIds = new Map<string, number>();
  const videosByChannel = new Map<string, Array<{ id: number; kind: string }>>();
  for (const ch of SELECTED_CHANNELS_SEED) {
    const [row] = await tx
      .insert(s.selectedChannels)
      .values({
        slug: ch.slug,
        nameZh: ch.name[0],
        nameEn: ch.name[1],
        sloganZh: ch.slogan[0],
        sloganEn: ch.slogan[1],
        introZh: ch.intro[0],
        introEn: ch.intro[1],
        aboutZh: ch.about[0],
        aboutEn: ch.about[1],
        copyrightZh: ch.copyright[0],
        copyrightEn: ch.copyright[1],
        logo: coverUrl('logo', `sel-${ch.slug}`, ch.label),
        color: ch.color,
        hasHotspot: ch.hasHotspot,
      })
      .returning({ id: s.selectedChannels.id });
    const channelId = row!.id;
    channelIds.set(ch.slug, channelId);

    const tagIds = new Map<string, number>();
    let sort = 0;
    for (const [key, [kind, zh, en, descZh, descEn]] of Object.entries(ch.tags)) {
      const [tag] = await tx
        .insert(s.selectedTags)
        .values({ channelId, kind, nameZh: zh, nameEn: en, descZh, descEn, cover: coverUrl('special', `sel-${ch.slug}-${key}`, en.slice(0, 18)), sort: sort++ })
        .returning({ id: s.selectedTags.id });
      tagIds.set(key, tag!.id);
    }

    const list: Array<{ id: number; kind: string }> = [];
    for (const [i, [kind, titleZh, titleEn, summaryZh, summaryEn, speakerIdx, tagKeys]] of ch.videos.entries()) {
      const speakers = speakerIdx.map((k) => {
        const [nameZh, nameEn, orgZh, orgEn] = ch.speakers[k]!;
        return { nameZh, nameEn, orgZh, orgEn };
      });
      const lead = speakers[0]!;
      const [video] = await tx
        .insert(s.selectedVideos)
        .values({
          channelId,
          kind,
          titleZh,
          titleEn,
          summaryZh,
          summaryEn,
          transcriptZh: transcript('zh', titleZh, summaryZh, lead.nameZh, lead.orgZh),
          transcriptEn: transcript('en', titleEn, summaryEn, lead.nameEn, lead.orgEn),
          cover: coverUrl('live', `sel-${ch.slug}-v${i + 1}`, `${ch.label} · ${lead.nameEn}`),
          speakers,
          // Newest first in the seed's order, a few days apart.
          publishedAt: new Date(now.getTime() - (i * 3 + 1) * DAY_MS),
          status: 'published',
        })
        .returning({ id: s.selectedVideos.id });
      const videoId = video!.id;
      const asset = DEMO_MEDIA[videoId % DEMO_MEDIA.length]!;
      await tx.update(s.selectedVideos).set({ durationS: asset.durationS }).where(eq(s.selectedVideos.id, videoId));
      await tx.insert(s.mediaBindings).values({ targetType: 'selected', targetId: videoId, assetId: (videoId % DEMO_MEDIA.length) + 1 });
      await tx.insert(s.selectedVideoTags).values(tagKeys.map((key) => ({ videoId, tagId: tagIds.get(key)! })));
      list.push({ id: videoId, kind });
    }
    videosByChannel.set(ch.slug, list);
  }

  for (const a of ALBUM_CONFIGS_SEED) {
    // Specials are seeded with ids in SPECIALS order (build.ts).
    const specialId = a.specialIndex + 1;
    await tx.insert(s.specialAlbumConfigs).values({
      specialId,
      channelId: channelIds.get(a.channel)!,
      subtitleZh: a.subtitle[0],
      subtitleEn: a.subtitle[1],
      banner: coverUrl('banner', `album-${specialId}`),
      primaryColor: a.primary,
      accentColor: a.accent,
      menus: [...a.menus],
      introZh: a.intro[0],
      introEn: a.intro[1],
      aboutZh: `${a.intro[0]}\n\n${ALBUM_ABOUT[0]}`,
      aboutEn: `${a.intro[1]}\n\n${ALBUM_ABOUT[1]}`,
      copyrightZh: SELECTED_CHANNELS_SEED.find((c) => c.slug === a.channel)!.copyright[0],
      copyrightEn: SELECTED_CHANNELS_SEED.find((c) => c.slug === a.channel)!.copyright[1],
    });
    const picked = videosByChannel.get(a.channel)!.filter((v, i) => a.pick(v.kind, i));
    await tx.insert(s.specialAlbumVideos).values(picked.map((v, sort) => ({ specialId, videoId: v.id, sort })));
  }
}
