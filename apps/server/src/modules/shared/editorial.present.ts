import { ActionType, type ApiLanguage, type Column, type Paper } from '@medportal/contract';
import type { columns, papers } from '../../db/schema/index.ts';
import { pick } from '../../lib/i18n.ts';
import { action } from './content.present.ts';

/** Presenters shared by every module that shows columns and papers (home blocks, speaker tabs, paper lists). */

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
