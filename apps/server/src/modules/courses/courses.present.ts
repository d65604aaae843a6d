import { type ApiLanguage, type Appraisal, type AppraiseTag, type CourseChapter, PriceType } from '@medportal/contract';
import type { appraiseTags, courseChapters } from '../../db/schema/index.ts';
import { pick } from '../../lib/i18n.ts';
import { avatarOf } from '../auth/index.ts';

export { presentCourse, presentSpeaker } from '../shared/content.present.ts';

/** Trial (试看) only means something on a paid course: in a free course every chapter is open anyway. */
export function presentChapter(r: typeof courseChapters.$inferSelect, course: { priceType: number }, lang: ApiLanguage): Omit<CourseChapter, 'media' | 'locked_reason'> {
  return { id: r.id, title: pick(lang, r.titleZh, r.titleEn), duration_s: r.durationS, free_preview: r.isFree && course.priceType === PriceType.PAID, sort: r.sort };
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
    avatar_url: avatarOf(r),
    rating: r.rating,
    content: r.content,
    tags: r.tagIds.flatMap((id) => {
      const t = tagsById.get(id);
      return t ? [t] : [];
    }),
    created_at: r.createdAt.toISOString(),
  };
}
