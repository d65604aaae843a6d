import { ActionType, type ApiLanguage, type Banner, type Column, type Paper, type PaperCard, type Special } from '@medportal/contract';
import type { banners, columns, papers, specials } from '../../db/schema/index.ts';
import { pick } from '../../lib/i18n.ts';
import { action } from './content.present.ts';

/** Presenters shared by every module that shows columns, papers, specials and banners (home blocks, speaker tabs, topics, site chrome). */

export function presentColumn(r: typeof columns.$inferSelect, lang: ApiLanguage): Column {
  return {
    id: r.id,
    cover: r.cover,
    title: pick(lang, r.titleZh, r.titleEn),
    desc: pick(lang, r.descZh, r.descEn),
    issue: r.issueCount,
    action: action(ActionType.ROUTE, { url: '/column/index' }),
  };
}

export function presentPaper(r: typeof papers.$inferSelect, lang: ApiLanguage): Paper {
  return {
    uuid: r.uuid,
    title: pick(lang, r.titleZh, r.titleEn),
    abstract: pick(lang, r.abstractZh, r.abstractEn),
    full_journal: r.fullJournal,
    doi: r.doi,
    action: action(ActionType.MODULE_DETAIL, { module: 'paper', module_id: r.id }),
  };
}

/** The home block's paper with its id and date (paper lists, topics, speaker documents, the detail page). */
export function presentPaperCard(r: typeof papers.$inferSelect, lang: ApiLanguage): PaperCard {
  return { ...presentPaper(r, lang), id: r.id, published_at: r.publishedAt ? r.publishedAt.toISOString() : null };
}

/** Albums open their themed channel page; topics the generic module page. */
export function presentSpecial(r: typeof specials.$inferSelect, lang: ApiLanguage): Special {
  return {
    id: r.id,
    title: pick(lang, r.titleZh, r.titleEn),
    cover: r.cover,
    desc: pick(lang, r.descZh, r.descEn),
    action:
      r.kind === 'album' && r.themeId !== null
        ? action(ActionType.ROUTE, { url: `/special/${r.themeId}/${r.id}` })
        : action(ActionType.MODULE_DETAIL, { module: 'topic', module_id: r.id }),
  };
}

export function presentBanner(r: typeof banners.$inferSelect, lang: ApiLanguage): Banner {
  return { id: r.id, title: pick(lang, r.titleZh, r.titleEn), image: r.image, action: r.action };
}
