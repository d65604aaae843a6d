import { type Action, ActionType, type ApiLanguage, type Course, type Speaker } from '@medportal/contract';
import { formatCount, pick } from '../../lib/i18n.ts';

/** Presenters shared by every module that shows courses and speakers (home, courses, ...). */

export interface CourseRow {
  id: number;
  courseType: number;
  titleZh: string;
  titleEn: string | null;
  cover: string;
  priceType: number;
  price: number;
  originalPrice: number;
  learnCount: number;
  courseUpdatedCount: number;
  tags: Array<{ id: number; titleZh: string; titleEn: string | null; cover: string | null }>;
}

export interface SpeakerRow {
  id: number;
  nameZh: string;
  nameEn: string | null;
  avatar: string;
  titleZh: string;
  titleEn: string | null;
  followerCount: number;
  hospitalZh: string | null;
  hospitalEn: string | null;
  organizationZh: string | null;
  organizationEn: string | null;
  departments: Array<{ id: number; nameZh: string; nameEn: string | null }>;
}

export function action(type: ActionType, data: Action['data'] = {}, target: Action['target'] = '_self'): Action {
  return { type, data, target };
}

export function presentCourse(r: CourseRow, lang: ApiLanguage): Course {
  return {
    id: r.id,
    title: pick(lang, r.titleZh, r.titleEn),
    cover: r.cover,
    course_type: r.courseType,
    price_type: r.priceType,
    price: r.price,
    original_price: r.originalPrice,
    learn_count: r.learnCount,
    learn_count_show: formatCount(r.learnCount, lang),
    course_updated_count: r.courseUpdatedCount,
    tags: r.tags.map((t) => ({ id: t.id, title: pick(lang, t.titleZh, t.titleEn), cover: t.cover })),
    action: action(ActionType.COURSE_DETAIL, { id: r.id }),
  };
}

/** Anonymous view: is_follow is false until accounts exist. */
export function presentSpeaker(r: SpeakerRow, lang: ApiLanguage): Speaker {
  return {
    id: r.id,
    name: pick(lang, r.nameZh, r.nameEn),
    avatar: r.avatar,
    title: pick(lang, r.titleZh, r.titleEn),
    organization: r.organizationZh ? { name: pick(lang, r.organizationZh, r.organizationEn) } : null,
    hospital: r.hospitalZh ? { name: pick(lang, r.hospitalZh, r.hospitalEn) } : null,
    departments: r.departments.map((d) => ({ id: d.id, title: pick(lang, d.nameZh, d.nameEn) })),
    is_follow: false,
    follower_count: r.followerCount,
    action: action(ActionType.SPEAKER_DETAIL, { id: r.id }),
  };
}

