import { useTranslation } from 'react-i18next';
import type { Course } from '@medportal/contract';
import { CourseType } from '@medportal/contract/codes';
import { learnCountText } from '../../../shared/format/count';
import { useLang } from '../../../shared/hooks/use-lang';
import { ActionLink } from '../../../shared/ui/action-link';
import { Image } from '../../../shared/ui/image';
import { Price } from '../../../shared/ui/price';

/** A course in a course grid: cover, series badge, title, tags, learners and price. */
export function CourseTile({ course, priority = false }: { course: Course; priority?: boolean }) {
  const { t } = useTranslation(['course', 'common']);
  const lang = useLang();
  return (
    <ActionLink action={course.action} className="course-tile">
      <span className="course-tile__media">
        <Image src={course.cover} alt="" className="course-tile__image" priority={priority} />
        {course.course_type === CourseType.SERIES ? <span className="course-badge">{t('course:series')}</span> : null}
      </span>
      <span className="course-tile__title">{course.title}</span>
      {course.tags.length ? (
        <span className="course-tags">
          {course.tags.slice(0, 3).map((tag) => (
            <span key={tag.id} className="course-tag">
              {tag.title}
            </span>
          ))}
        </span>
      ) : null}
      <span className="course-tile__meta">
        <span>{t('common:learnCount', { count: learnCountText(course, lang) })}</span>
        <Price course={course} />
      </span>
    </ActionLink>
  );
}

/**
 * `eager`: how many covers load at once with high priority, for a grid at the top of a page (its
 * first cover is the page's largest paint; a lazy image starts loading only after layout).
 */
export function CourseGrid({ courses, eager = 0 }: { courses: Course[]; eager?: number }) {
  return (
    <ul className="course-grid">
      {courses.map((c, i) => (
        <li key={c.id}>
          <CourseTile course={c} priority={i < eager} />
        </li>
      ))}
    </ul>
  );
}
