import { useMenu, usePermissions, useTranslate } from '@refinedev/core';
import { Result, Spin } from 'antd';
import { Navigate } from 'react-router';
import type { AdminArea } from '@medportal/contract/constants';

/**
 * `/admin`: the first page the operator can reach (the menu's first entry). A dashboard will
 * take its place.
 */
export function HomeRedirect() {
  const t = useTranslate();
  const { menuItems } = useMenu();
  const { data: areas, isLoading } = usePermissions<AdminArea[]>({});
  if (isLoading) return <Spin />;
  const reachable = (area: unknown) => (areas ?? []).includes(area as AdminArea);
  const first = menuItems
    .flatMap((item) => (item.children.length > 0 ? item.children : [item]))
    .find((item) => item.route && reachable(item.meta?.area));
  if (first?.route) return <Navigate to={first.route} replace />;
  const names = (areas ?? []).map((a) => t(`areas.${a}`)).join(t('common.listSeparator', '、'));
  return <Result status="info" title={t('home.noPages', { areas: names })} />;
}
