import type { Lang } from '../../../shared/i18n';
import { sharedKeys } from '../../../shared/query-keys';
import type { CourseFilters } from './courses';

/**
 * Query keys of the course feature, shortest first: a longer key starts with a shorter one, so
 * invalidating `course(id)` reaches every query about that course.
 */
export const courseKeys = {
  all: sharedKeys.courses,
  list: (lang: Lang, f: CourseFilters) => ['course', 'list', lang, f] as const,
  more: (lang: Lang, q: { dep_val: string; keyword: string; page: number }) => ['course', 'more', lang, q] as const,
  appraiseTags: (lang: Lang) => ['course', 'appraise-tags', lang] as const,
  albumBar: (lang: Lang) => ['course', 'album-bar', lang] as const,
  album: (id: number, lang: Lang) => ['course', 'album', id, lang] as const,
  course: (id: number) => ['course', id] as const,
  details: (id: number) => ['course', id, 'detail'] as const,
  detail: (id: number, lang: Lang) => ['course', id, 'detail', lang] as const,
  chapters: (id: number, lang: Lang, signedIn: boolean) => ['course', id, 'chapters', lang, signedIn] as const,
  progress: (id: number) => ['course', id, 'progress'] as const,
  chapterProgress: (id: number) => ['course', id, 'progress', 'chapters'] as const,
  series: (id: number, lang: Lang) => ['course', id, 'series', lang] as const,
  guessLike: (id: number, lang: Lang) => ['course', id, 'guess', lang] as const,
  appraisals: (id: number, lang: Lang, page: number) => ['course', id, 'appraisals', lang, page] as const,
};
