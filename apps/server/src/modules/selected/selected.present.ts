import type { ApiLanguage, SelectedChannel, SelectedChannelSlug, SelectedTag, SelectedVideoCard } from '@medportal/contract';
import { pick } from '../../lib/i18n.ts';
import type { ChannelRow, TagRow, VideoRow } from './selected.repository.ts';

export function presentChannel(r: ChannelRow, lang: ApiLanguage): SelectedChannel {
  return {
    slug: r.slug as SelectedChannelSlug,
    name: pick(lang, r.nameZh, r.nameEn),
    slogan: pick(lang, r.sloganZh, r.sloganEn),
    intro: pick(lang, r.introZh, r.introEn),
    logo: r.logo,
    color: r.color,
    has_hotspot: r.hasHotspot,
  };
}

export function presentTag(r: TagRow, count: number, lang: ApiLanguage): SelectedTag {
  return { id: r.id, kind: r.kind, name: pick(lang, r.nameZh, r.nameEn), desc: pick(lang, r.descZh, r.descEn), cover: r.cover, count };
}

export function presentVideo(r: VideoRow, channel: SelectedChannelSlug, tags: TagRow[], lang: ApiLanguage): SelectedVideoCard {
  return {
    id: r.id,
    channel,
    kind: r.kind,
    title: pick(lang, r.titleZh, r.titleEn),
    summary: pick(lang, r.summaryZh, r.summaryEn),
    cover: r.cover,
    duration_s: r.durationS,
    published_at: r.publishedAt.toISOString(),
    speakers: r.speakers.map((s) => ({ name: pick(lang, s.nameZh, s.nameEn), organization: pick(lang, s.orgZh, s.orgEn) })),
    tags: tags.map((t) => ({ id: t.id, kind: t.kind, name: pick(lang, t.nameZh, t.nameEn) })),
  };
}
