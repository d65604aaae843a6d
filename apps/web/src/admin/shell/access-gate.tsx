import { useLogout, usePermissions, useTranslate } from '@refinedev/core';
import { Button, Result, Space, Spin } from 'antd';
import type { ReactNode } from 'react';
import type { AdminArea } from '@medportal/contract/constants';

/** Staff see the console; a logged-in user without any admin area sees why not, and can log out. */
export function AccessGate({ children }: { children: ReactNode }) {
  const { data: areas, isLoading } = usePermissions<AdminArea[]>({});
  if (isLoading) return <Spin fullscreen />;
  if (!areas || areas.length === 0) return <NoAccess />;
  return children;
}

export function NoAccess() {
  const t = useTranslate();
  const { mutate: logout } = useLogout();
  return (
    <Result
      status="403"
      title={t('noAccess.title')}
      subTitle={t('noAccess.body')}
      extra={
        <Space>
          <Button type="primary" onClick={() => logout()}>
            {t('noAccess.logout')}
          </Button>
          <Button href="/">{t('noAccess.site')}</Button>
        </Space>
      }
    />
  );
}
