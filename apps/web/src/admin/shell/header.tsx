import { useGetIdentity, useGetLocale, useLogout, useSetLocale, useTranslate } from '@refinedev/core';
import { Button, Layout, Segmented, Space, Typography, theme } from 'antd';

interface Identity {
  id: number;
  name: string;
}

/** The console's header: who is logged in, the language switch (zh/en, remembered) and logging out. */
export function ConsoleHeader() {
  const t = useTranslate();
  const locale = useGetLocale();
  const setLocale = useSetLocale();
  const { data: identity } = useGetIdentity<Identity>();
  const { mutate: logout } = useLogout();
  const { token } = theme.useToken();
  return (
    <Layout.Header
      style={{
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'flex-end',
        gap: 16,
        padding: '0 24px',
        height: 56,
        background: token.colorBgElevated,
        borderBottom: `1px solid ${token.colorBorderSecondary}`,
        position: 'sticky',
        top: 0,
        zIndex: 10,
      }}
    >
      <Space size="middle">
        <Segmented
          aria-label={t('app.language')}
          size="small"
          value={locale()}
          options={[
            { label: '中文', value: 'zh' },
            { label: 'English', value: 'en' },
          ]}
          onChange={(value) => void setLocale(String(value))}
        />
        {identity ? <Typography.Text>{identity.name}</Typography.Text> : null}
        <Button size="small" onClick={() => logout()}>
          {t('buttons.logout')}
        </Button>
      </Space>
    </Layout.Header>
  );
}
