import { Route } from 'react-router';
import type { ConsoleArea } from '../types';
import { CourseCreatePage, CourseEditPage } from './course-edit';
import { CourseListPage } from './course-list';
import { CreditDesignationPage } from './credit-designation';
import { coursesTexts } from './texts';

/** Courses and series (area `content`): list, editor with chapters, publication and preview (decision record 0065). */
export const coursesArea: ConsoleArea = {
  area: 'content',
  resources: [{ name: 'courses', list: '/courses', create: '/courses/new', edit: '/courses/:id', meta: { labelKey: 'courses.title' } }],
  routes: (
    <>
      <Route path="/courses" element={<CourseListPage />} />
      <Route path="/courses/new" element={<CourseCreatePage />} />
      <Route path="/courses/:id" element={<CourseEditPage />} />
    </>
  ),
  texts: coursesTexts,
};

/** The credit designation of a course, series or live (area `credits`), reachable by kind and id. */
export const creditDesignationArea: ConsoleArea = {
  area: 'credits',
  resources: [{ name: 'credit_designations', list: '/credit-designations', meta: { labelKey: 'credit.title' } }],
  routes: (
    <>
      <Route path="/credit-designations" element={<CreditDesignationPage />} />
      <Route path="/credit-designations/:kind/:id" element={<CreditDesignationPage />} />
    </>
  ),
  texts: { zh: {}, en: {} },
};
