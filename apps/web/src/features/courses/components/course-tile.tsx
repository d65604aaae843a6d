import { useTranslation } from 'react-i18next';
import type { Course } from '@medportal/contract';
import { CourseType } from '@medportal/contract/codes';
import { learnCountText } from '../../../shared/format/count';
import { useLang } from '../../../shared/hooks/use-lang';
import { ActionLink } from '../../../shared/ui/action-link';
import { Image } from '../../../shared/ui/image';
import { Price } from '../../../shared/ui/price';

/** A course in a course grid: cover, series badge, title, tags, learners and price. */
export function CourseTile({ course }: { course: Course }) {
  const { t } = useTranslation(['course', 'common']);
  const lang = useLang();
  return (
    <ActionLink action={course.action} className="course-tile">
      <span className="course-tile__media">
        <Image src={course.cover} alt="" className="course-tile__image" />
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

export function CourseGrid({ courses }: { courses: Course[] }) {
  return (
    <ul className="course-grid">
      {courses.map((c) => (
        <li key={c.id}>
          <CourseTile course={c} />
        </li>
      ))}
    </ul>
  );
}
