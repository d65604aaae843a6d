import type { HomeBlockOf } from '@medportal/contract';
import { BlockSection } from './block-section';
import { CourseCard } from './course-card';

/** Course series, each with its series badge and updated-lesson count. */
export function CourseSeriesBlock({ block }: { block: HomeBlockOf<'course_series'> }) {
  return (
    <BlockSection block={block}>
      <ul className="card-grid card-grid--3">
        {block.data.items.map((course) => (
          <li key={course.id}>
            <CourseCard course={course} variant="series" />
          </li>
        ))}
      </ul>
    </BlockSection>
  );
}
