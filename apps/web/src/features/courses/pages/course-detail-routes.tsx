import { loadNamespaces } from '../../../shared/i18n';
import { CourseDetailPage, CourseH5Page } from './course-detail-page';

/** Route loader of a course's page: its texts, the player's and the purchase's arrive with the route. */
export async function loader(): Promise<null> {
  await loadNamespaces('course', 'player', 'money');
  return null;
}

export const detailRoute = { Component: CourseDetailPage, loader };
export const h5Route = { Component: CourseH5Page, loader };
