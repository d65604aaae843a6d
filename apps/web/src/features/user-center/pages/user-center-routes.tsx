import { redirect } from 'react-router';
import { paths } from '../../../config/paths';
import { loadNamespaces } from '../../../shared/i18n';
import { MyCoursePage } from './my-course-page';
import { UserCenterLayout } from './user-center-layout';
import { WatchPage } from './watch-page';

/** The centre's texts arrive with its layout. */
async function loader(): Promise<null> {
  await loadNamespaces('member');
  return null;
}

export const layoutRoute = { Component: UserCenterLayout, loader };
export const myCourseRoute = { Component: MyCoursePage };
export const watchRoute = { Component: WatchPage };
/** `/user` opens the first page of the centre. */
export const indexRoute = { loader: () => redirect(paths.user.mycourse.getHref()) };
