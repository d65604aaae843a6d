import type { ApiLanguage, Appraisal, AppraiseTag, CourseChapter } from '@medportal/contract';
import type { appraiseTags, courseChapters } from '../../db/schema/index.ts';
import { pick } from '../../lib/i18n.ts';

export { presentCourse, presentSpeaker } from '../shared/content.present.ts';

export function presentChapter(r: typeof courseChapters.$inferSelect, lang: ApiLanguage): Omit<CourseChapter, 'media' | 'locked_reason'> {
  return { id: r.id, title: pick(lang, r.titleZh, r.titleEn), duration_s: r.durationS, free_preview: r.isFree, sort: r.sort };
}

export function presentAppraiseTag(r: typeof appraiseTags.$inferSelect, lang: ApiLanguage): AppraiseTag {
  return { id: r.id, title: pick(lang, r.titleZh, r.titleEn) };
}

export function presentAppraisal(
  r: { id: number; rating: number; content: string; tagIds: number[]; createdAt: Date; nickname: string; avatarUrl: string },
  tagsById: Map<number, AppraiseTag>,
): Appraisal {
  return {
    id: r.id,
    nickname: r.nickname,
    avatar_url: r.avatarUrl,
    rating: r.rating,
    content: r.content,
    tags: r.tagIds.flatMap((id) => {
      const t = tagsById.get(id);
      return t ? [t] : [];
    }),
    created_at: r.createdAt.toISOString(),
  };
}
