import type { HomeBlockOf } from '@medportal/contract';
import { BlockSection } from './block-section';
import { CourseCard } from './course-card';

/** Courses in a grid. */
export function CoursesBlock({ block }: { block: HomeBlockOf<'courses'> }) {
  return (
    <BlockSection block={block}>
      <ul className="card-grid card-grid--4">
        {block.data.items.map((course) => (
          <li key={course.id}>
            <CourseCard course={course} />
          </li>
        ))}
      </ul>
    </BlockSection>
  );
}
