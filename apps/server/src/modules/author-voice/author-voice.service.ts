import {
  type ApiLanguage,
  type AuthorRegion,
  type AuthorTalkCard,
  type AuthorTalkDetail,
  type AuthorTalkListQuery,
  type AuthorVoiceFilters,
  type AuthorVoiceHome,
  ErrorCode,
  type LinkupCard,
  type LinkupDetail,
  type Page,
  type PageQuery,
  type VoiceAuthor,
} from '@medportal/contract';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { pick } from '../../lib/i18n.ts';
import type { MediaService } from '../media/index.ts';
import { presentPaperCard } from '../shared/editorial.present.ts';
import { pageOf } from '../shared/paginate.ts';
import * as repo from './author-voice.repository.ts';

const HOME_TALKS = 8;
const HOME_LINKUPS = 3;
const RELATED = 4;

const field = (f: repo.TalkRow['field'], lang: ApiLanguage) => ({ id: f.id, title: pick(lang, f.nameZh, f.nameEn) });

function author(t: repo.TalkRow['talk'], lang: ApiLanguage): VoiceAuthor {
  return {
    name: pick(lang, t.authorNameZh, t.authorNameEn),
    affiliation: pick(lang, t.authorRoleZh, t.authorRoleEn),
    country: pick(lang, t.countryZh, t.countryEn),
    region: t.region as AuthorRegion,
    avatar: t.avatar,
  };
}

function card(r: repo.TalkRow, lang: ApiLanguage): AuthorTalkCard {
  return {
    id: r.talk.id,
    title: pick(lang, r.talk.titleZh, r.talk.titleEn),
    summary: pick(lang, r.talk.summaryZh, r.talk.summaryEn),
    cover: r.talk.cover,
    duration_s: r.talk.durationS,
    author: author(r.talk, lang),
    field: field(r.field, lang),
    journal: r.paper.fullJournal,
    published_at: r.talk.publishedAt.toISOString(),
  };
}

const transcriptOf = (t: repo.TalkRow['talk'], lang: ApiLanguage): string[] => (lang === 'en' && t.transcriptEn?.length ? t.transcriptEn : t.transcriptZh);

/** Author talks and international link-ups: lists, filters, and details with signed media. */
export class AuthorVoiceService {
  constructor(
    private readonly db: Db,
    private readonly media: MediaService,
  ) {}

  async home(lang: ApiLanguage): Promise<AuthorVoiceHome> {
    const [talks, linkups, counts] = await Promise.all([
      repo.pageTalks(this.db, {}, 1, HOME_TALKS),
      this.linkups({ page: 1, page_size: HOME_LINKUPS }, lang),
      repo.countVisible(this.db),
    ]);
    return { talks: talks.rows.map((r) => card(r, lang)), linkups: linkups.items, talk_count: counts.talks, linkup_count: counts.linkups };
  }

  async filters(lang: ApiLanguage): Promise<AuthorVoiceFilters> {
    const { fields, journals } = await repo.filterValues(this.db);
    return { fields: fields.map((f) => field(f, lang)), journals };
  }

  async talks(q: AuthorTalkListQuery, lang: ApiLanguage): Promise<Page<AuthorTalkCard>> {
    const { rows, total } = await repo.pageTalks(this.db, { fieldId: q.field_id, journal: q.journal }, q.page, q.page_size);
    return pageOf(rows.map((r) => card(r, lang)), q, total);
  }

  async talk(id: number, lang: ApiLanguage): Promise<AuthorTalkDetail> {
    const row = await repo.findTalk(this.db, id);
    if (!row) throw new AppError(ErrorCode.NOT_FOUND);
    const [media, related] = await Promise.all([this.media.mediaFor('author_talk', [id]), repo.relatedTalks(this.db, row.talk, RELATED)]);
    return {
      ...card(row, lang),
      transcript: transcriptOf(row.talk, lang),
      paper: presentPaperCard(row.paper, lang),
      media: media.get(id) ?? null,
      related: related.map((r) => card(r, lang)),
    };
  }

  /** A link-up needs both of its talks visible: without one it is not a pairing. */
  private async withTalks(rows: repo.LinkupRow[]): Promise<Array<{ row: repo.LinkupRow; cn: repo.TalkRow; overseas: repo.TalkRow }>> {
    const talks = await repo.talksByIds(this.db, rows.flatMap((r) => [r.linkup.cnTalkId, r.linkup.overseasTalkId]));
    return rows.flatMap((row) => {
      const cn = talks.get(row.linkup.cnTalkId);
      const overseas = talks.get(row.linkup.overseasTalkId);
      return cn && overseas ? [{ row, cn, overseas }] : [];
    });
  }

  private linkupCard(x: { row: repo.LinkupRow; cn: repo.TalkRow; overseas: repo.TalkRow }, lang: ApiLanguage): LinkupCard {
    const l = x.row.linkup;
    return {
      id: l.id,
      title: pick(lang, l.titleZh, l.titleEn),
      summary: pick(lang, l.summaryZh, l.summaryEn),
      cover: l.cover,
      duration_s: l.durationS,
      held_at: l.heldAt.toISOString(),
      field: field(x.row.field, lang),
      cn_author: author(x.cn.talk, lang),
      overseas_author: author(x.overseas.talk, lang),
    };
  }

  async linkups(q: PageQuery, lang: ApiLanguage): Promise<Page<LinkupCard>> {
    const { rows, total } = await repo.pageLinkups(this.db, q.page, q.page_size);
    return pageOf((await this.withTalks(rows)).map((x) => this.linkupCard(x, lang)), q, total);
  }

  async linkup(id: number, lang: ApiLanguage): Promise<LinkupDetail> {
    const row = await repo.findLinkup(this.db, id);
    const [x] = row ? await this.withTalks([row]) : [];
    if (!x) throw new AppError(ErrorCode.NOT_FOUND);
    const media = await this.media.mediaFor('author_linkup', [id]);
    const talk = (r: repo.TalkRow) => ({ ...card(r, lang), paper: presentPaperCard(r.paper, lang) });
    return {
      ...this.linkupCard(x, lang),
      transcript: x.row.linkup.transcript.map((line) => ({ speaker: line.speaker, text: lang === 'en' ? line.en : line.zh })),
      media: media.get(id) ?? null,
      talks: [talk(x.cn), talk(x.overseas)],
    };
  }
}
