import {
  type ApiLanguage,
  type DataOf,
  ErrorCode,
  type Page,
  SPECIAL_ALBUM_THEMES,
  SPECIAL_MENUS,
  type SelectedChannelSlug,
  type SelectedTagKind,
  type SelectedVideoCard,
  type SpecialMenu,
  type VideoListQuery,
} from '@medportal/contract';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { pick } from '../../lib/i18n.ts';
import type { MediaService } from '../media/index.ts';
import { pageOf } from '../shared/paginate.ts';
import { presentChannel, presentTag, presentVideo } from './selected.present.ts';
import * as repo from './selected.repository.ts';

/** Latest videos and hot topics a channel's home shows. */
const HOME_LATEST = 8;
const HOME_TOPICS = 6;
const RELATED = 4;

const MENU_TITLES: Record<SpecialMenu, { zh: string; en: string }> = {
  topic: { zh: '热点专题', en: 'Hot topics' },
  field: { zh: '疾病领域', en: 'Disease areas' },
  meetings: { zh: '会议报道', en: 'Meetings' },
  search: { zh: '搜索', en: 'Search' },
  about: { zh: '关于专辑', en: 'About' },
  copyright: { zh: '版权声明', en: 'Copyright' },
};

const isMenu = (key: string): key is SpecialMenu => (SPECIAL_MENUS as readonly string[]).includes(key);

/** The two video journals' selected-content channels and the themed special albums built on their videos. */
export class SelectedService {
  constructor(
    private readonly db: Db,
    private readonly media: MediaService,
    private readonly now: () => Date,
  ) {}

  private async channel(slug: SelectedChannelSlug) {
    const row = await repo.findChannel(this.db, slug);
    if (!row) throw new AppError(ErrorCode.NOT_FOUND);
    return row;
  }

  /** Only themes 1 and 3 take an album id; an album of another theme, unpublished or missing is not found. */
  private async album(themeId: number, albumId: number) {
    if (!(SPECIAL_ALBUM_THEMES as readonly number[]).includes(themeId)) throw new AppError(ErrorCode.NOT_FOUND);
    const row = await repo.findAlbum(this.db, themeId, albumId);
    if (!row) throw new AppError(ErrorCode.NOT_FOUND);
    return row;
  }

  private async cards(rows: repo.VideoRow[], slugOf: (channelId: number) => SelectedChannelSlug, lang: ApiLanguage): Promise<SelectedVideoCard[]> {
    const tags = await repo.tagsOf(
      this.db,
      rows.map((r) => r.id),
    );
    return rows.map((r) => presentVideo(r, slugOf(r.channelId), tags.get(r.id) ?? [], lang));
  }

  private async videoPage(scope: repo.Scope, slug: SelectedChannelSlug, q: VideoListQuery, lang: ApiLanguage): Promise<Page<SelectedVideoCard>> {
    const { rows, total } = await repo.pageVideos(this.db, scope, { tagId: q.tag_id, keyword: q.keyword }, this.now(), q.page_size, (q.page - 1) * q.page_size);
    return pageOf(await this.cards(rows, () => slug, lang), q, total);
  }

  async home(slug: SelectedChannelSlug, lang: ApiLanguage): Promise<DataOf<'selectedHome'>> {
    const ch = await this.channel(slug);
    const scope = { channelId: ch.id };
    const [latest, topics] = await Promise.all([
      this.videoPage(scope, slug, { page: 1, page_size: HOME_LATEST }, lang),
      repo.tagsWithCounts(this.db, ch.id, 'topic', scope, this.now()),
    ]);
    return { channel: presentChannel(ch, lang), latest: latest.items, topics: topics.slice(0, HOME_TOPICS).map((t) => presentTag(t.tag, t.n, lang)) };
  }

  async tags(slug: SelectedChannelSlug, kind: SelectedTagKind, lang: ApiLanguage): Promise<DataOf<'selectedTags'>> {
    const ch = await this.channel(slug);
    // Meeting highlights are a hemonc-only section: elsewhere the page does not exist.
    if (kind === 'hotspot' && !ch.hasHotspot) throw new AppError(ErrorCode.NOT_FOUND);
    const rows = await repo.tagsWithCounts(this.db, ch.id, kind, { channelId: ch.id }, this.now());
    return rows.map((r) => presentTag(r.tag, r.n, lang));
  }

  async videos(slug: SelectedChannelSlug, q: VideoListQuery, lang: ApiLanguage): Promise<DataOf<'selectedVideos'>> {
    const ch = await this.channel(slug);
    return this.videoPage({ channelId: ch.id }, slug, q, lang);
  }

  async video(slug: SelectedChannelSlug, id: number, lang: ApiLanguage): Promise<DataOf<'selectedVideo'>> {
    const ch = await this.channel(slug);
    const row = await repo.findVideo(this.db, ch.id, id, this.now());
    if (!row) throw new AppError(ErrorCode.NOT_FOUND);
    const [card] = await this.cards([row], () => slug, lang);
    const firstTopic = card!.tags.find((t) => t.kind === 'topic') ?? card!.tags[0];
    const [media, related] = await Promise.all([
      this.media.mediaFor('selected', [row.id]),
      this.videoPage({ channelId: ch.id }, slug, { page: 1, page_size: RELATED + 1, ...(firstTopic ? { tag_id: firstTopic.id } : {}) }, lang),
    ]);
    return {
      ...card!,
      transcript: pick(lang, row.transcriptZh, row.transcriptEn),
      media: media.get(row.id) ?? null,
      related: related.items.filter((v) => v.id !== row.id).slice(0, RELATED),
    };
  }

  async doc(slug: SelectedChannelSlug, doc: 'about' | 'copyright', lang: ApiLanguage): Promise<DataOf<'selectedDoc'>> {
    const ch = await this.channel(slug);
    const name = pick(lang, ch.nameZh, ch.nameEn);
    return doc === 'about'
      ? { title: name, body: pick(lang, ch.aboutZh, ch.aboutEn) }
      : { title: name, body: pick(lang, ch.copyrightZh, ch.copyrightEn) };
  }

  async config(themeId: number, albumId: number, lang: ApiLanguage): Promise<DataOf<'specialConfig'>> {
    const { special, config, channel } = await this.album(themeId, albumId);
    const l = lang === 'en' ? 'en' : 'zh';
    return {
      theme_id: themeId,
      album_id: albumId,
      title: pick(lang, special.titleZh, special.titleEn),
      subtitle: pick(lang, config.subtitleZh, config.subtitleEn),
      banner: config.banner,
      primary_color: config.primaryColor,
      accent_color: config.accentColor,
      menus: config.menus.filter(isMenu).map((key) => ({ key, title: MENU_TITLES[key][l] })),
      intro: pick(lang, config.introZh, config.introEn),
      about: pick(lang, config.aboutZh, config.aboutEn),
      copyright: pick(lang, config.copyrightZh, config.copyrightEn),
      channel: channel.slug as SelectedChannelSlug,
    };
  }

  async albumTags(themeId: number, albumId: number, kind: SelectedTagKind, lang: ApiLanguage): Promise<DataOf<'specialTags'>> {
    const { channel } = await this.album(themeId, albumId);
    const rows = await repo.tagsWithCounts(this.db, channel.id, kind, { albumId }, this.now());
    return rows.map((r) => presentTag(r.tag, r.n, lang));
  }

  async albumVideos(themeId: number, albumId: number, q: VideoListQuery, lang: ApiLanguage): Promise<DataOf<'specialVideos'>> {
    const { channel } = await this.album(themeId, albumId);
    return this.videoPage({ albumId }, channel.slug as SelectedChannelSlug, q, lang);
  }
}
