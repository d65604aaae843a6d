import { useTranslation } from 'react-i18next';
import type { Course } from '@medportal/contract';
import { CourseType } from '@medportal/contract/codes';
import { learnCountText } from '../../../shared/format/count';
import { useLang } from '../../../shared/hooks/use-lang';
import { ActionLink } from '../../../shared/ui/action-link';
import { Image } from '../../../shared/ui/image';
import { Price } from '../../../shared/ui/price';

export type CourseCardVariant = 'grid' | 'big' | 'left-image' | 'series';

/** A course: cover, series badge (course_type 2), title, learners and price. */
export function CourseCard({ course, variant = 'grid' }: { course: Course; variant?: CourseCardVariant }) {
  const { t } = useTranslation(['home', 'common']);
  const lang = useLang();
  const isSeries = course.course_type === CourseType.SERIES;
  return (
    <ActionLink action={course.action} className={`card course-card course-card--${variant}`}>
      <span className="card__media">
        <Image src={course.cover} alt="" className="card__image" />
        {isSeries ? (
          <span className="badge badge--series">
            {t('home:course.series')}
            {course.course_updated_count > 0 ? ` · ${t('home:course.updated', { count: course.course_updated_count })}` : ''}
          </span>
        ) : null}
      </span>
      <span className="card__body">
        <span className="card__title">{course.title}</span>
        {course.tags.length ? (
          <span className="tag-list">
            {course.tags.slice(0, 3).map((tag) => (
              <span key={tag.id} className="tag">
                {tag.title}
              </span>
            ))}
          </span>
        ) : null}
        <span className="card__meta">
          <span className="course-card__learners">{t('common:learnCount', { count: learnCountText(course, lang) })}</span>
          <Price course={course} />
        </span>
      </span>
    </ActionLink>
  );
}
