import { useLogin, useTranslate } from '@refinedev/core';
import { Alert, Button, Card, Form, Input, Layout, Segmented, Typography } from 'antd';
import { useGetLocale, useSetLocale } from '@refinedev/core';
import type { ConsoleLogin } from '../providers/auth-provider';

/** The console's login: mobile number and password (the site's password login). */
export function LoginPage() {
  const t = useTranslate();
  const locale = useGetLocale();
  const setLocale = useSetLocale();
  const { mutate: login, isPending, error, data } = useLogin<ConsoleLogin>();
  const failure = data && !data.success ? data.error?.message : error?.message;
  return (
    <Layout style={{ minHeight: '100vh', alignItems: 'center', justifyContent: 'center', padding: 24 }}>
      <Card style={{ width: '100%', maxWidth: 400 }}>
        <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', marginBottom: 24 }}>
          <Typography.Title level={3} style={{ margin: 0 }}>
            {t('login.title')}
          </Typography.Title>
          <Segmented
            aria-label={t('app.language')}
            size="small"
            value={locale()}
            options={[
              { label: '中', value: 'zh' },
              { label: 'EN', value: 'en' },
            ]}
            onChange={(value) => void setLocale(String(value))}
          />
        </div>
        {failure ? <Alert type="error" showIcon message={failure} style={{ marginBottom: 16 }} role="alert" /> : null}
        <Form<ConsoleLogin> layout="vertical" requiredMark={false} onFinish={(values) => login(values)}>
          <Form.Item name="account" label={t('login.account')} rules={[{ required: true, message: t('login.accountRequired') }]}>
            <Input autoComplete="username" inputMode="tel" size="large" />
          </Form.Item>
          <Form.Item name="password" label={t('login.password')} rules={[{ required: true, message: t('login.passwordRequired') }]}>
            <Input.Password autoComplete="current-password" size="large" />
          </Form.Item>
          <Button type="primary" htmlType="submit" size="large" block loading={isPending}>
            {t('login.submit')}
          </Button>
        </Form>
      </Card>
    </Layout>
  );
}
