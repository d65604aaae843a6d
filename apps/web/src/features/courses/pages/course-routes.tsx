import { loadNamespaces } from '../../../shared/i18n';
import { CourseAlbumPage } from './course-album-page';
import { CourseListPage } from './course-list-page';
import { CourseMorePage } from './course-more-page';

/** Route loader of the course lists: the `course` texts arrive with the route. */
export async function loader(): Promise<null> {
  await loadNamespaces('course');
  return null;
}

// The lists only: the detail pages (player, purchase, credits) are a chunk of their own
// (course-detail-routes), which a reader of the list does not download.
export const listRoute = { Component: CourseListPage, loader };
export const moreRoute = { Component: CourseMorePage, loader };
export const albumRoute = { Component: CourseAlbumPage, loader };
