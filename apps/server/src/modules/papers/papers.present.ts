import type { ApiLanguage, PaperCard } from '@medportal/contract';
import { presentPaper } from '../home/home.present.ts';
import type { PaperRow } from './papers.repository.ts';

/** The home block's paper with its id and date (lists, topics and the detail page). */
export function presentPaperCard(r: PaperRow, lang: ApiLanguage): PaperCard {
  return { ...presentPaper(r, lang), id: r.id, published_at: r.publishedAt ? r.publishedAt.toISOString() : null };
}
