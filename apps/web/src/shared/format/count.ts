import { formatCount } from '@medportal/contract/format';
import type { Lang } from '../i18n';

export { formatCount };

/** The learner count to show: the server's `learn_count_show` when given, else formatted here. */
export const learnCountText = (course: { learn_count: number; learn_count_show?: string }, lang: Lang): string =>
  course.learn_count_show?.trim() || formatCount(course.learn_count, lang);
