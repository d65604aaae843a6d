import type { HomeBlockOf } from '@medportal/contract';
import { BlockSection } from './block-section';
import { CourseCard } from './course-card';

/** Featured courses with large covers, two to a row. */
export function BigCoursesBlock({ block }: { block: HomeBlockOf<'big_courses'> }) {
  return (
    <BlockSection block={block}>
      <ul className="card-grid card-grid--2">
        {block.data.items.map((course) => (
          <li key={course.id}>
            <CourseCard course={course} variant="big" />
          </li>
        ))}
      </ul>
    </BlockSection>
  );
}
