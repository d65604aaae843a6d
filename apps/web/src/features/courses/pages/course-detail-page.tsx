import { useParams } from 'react-router';
import { CourseDetailView } from '../components/course-detail-view';
import { useRecordHistory } from '../../../shared/history';
import '../courses.css';

/** `/course/:id` inside the site chrome. */
export function CourseDetailPage() {
  const { id } = useParams();
  useRecordHistory('course', /^\d{1,10}$/.test(id ?? '') ? Number(id) : 0);
  return (
    <div className="container courses">
      <CourseDetailView key={id} id={/^\d{1,10}$/.test(id ?? '') ? Number(id) : 0} />
    </div>
  );
}

/** `/course_h5/:id`: the same detail for app web-views, without site chrome. */
export function CourseH5Page() {
  const { id } = useParams();
  return (
    <div className="courses courses--h5">
      <CourseDetailView key={id} id={/^\d{1,10}$/.test(id ?? '') ? Number(id) : 0} />
    </div>
  );
}
