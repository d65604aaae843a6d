import { loadNamespaces } from '../../../shared/i18n';
import { CourseAlbumPage } from './course-album-page';
import { CourseDetailPage, CourseH5Page } from './course-detail-page';
import { CourseListPage } from './course-list-page';
import { CourseMorePage } from './course-more-page';

/** Route loader of every course page: the `course` texts arrive with the route. */
export async function loader(): Promise<null> {
  await loadNamespaces('course', 'player', 'money');
  return null;
}

export const listRoute = { Component: CourseListPage, loader };
export const detailRoute = { Component: CourseDetailPage, loader };
export const h5Route = { Component: CourseH5Page, loader };
export const moreRoute = { Component: CourseMorePage, loader };
export const albumRoute = { Component: CourseAlbumPage, loader };
