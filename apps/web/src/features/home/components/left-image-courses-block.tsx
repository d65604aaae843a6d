import type { HomeBlockOf } from '@medportal/contract';
import { BlockSection } from './block-section';
import { CourseCard } from './course-card';

/** Courses as rows with the cover on the left. */
export function LeftImageCoursesBlock({ block }: { block: HomeBlockOf<'left_image_courses'> }) {
  return (
    <BlockSection block={block}>
      <ul className="card-list card-list--2">
        {block.data.items.map((course) => (
          <li key={course.id}>
            <CourseCard course={course} variant="left-image" />
          </li>
        ))}
      </ul>
    </BlockSection>
  );
}
