import type { ResourceProps } from '@refinedev/core';
import type { ReactElement } from 'react';
import type { AdminArea } from '@medportal/contract/constants';
import type { Texts } from '../texts';

/**
 * One area of the console (decision record 0063). Its resources name their list/show/create
 * routes and a `meta.labelKey` (a text key); the registry adds `meta.area` and puts them under the
 * area's menu group. Its routes are `<Route>` elements under the console layout. Its texts are
 * merged into the console's `admin` namespace (use keys under the area's own name).
 */
export interface ConsoleArea {
  area: AdminArea;
  resources: ResourceProps[];
  routes: ReactElement;
  texts: { zh: Texts; en: Texts };
}
