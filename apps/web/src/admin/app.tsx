import { Authenticated, Refine, useTranslate } from '@refinedev/core';
import { ErrorComponent, ThemedLayout, ThemedSider, ThemedTitle, useNotificationProvider } from '@refinedev/antd';
import routerProvider, { CatchAllNavigate, DocumentTitleHandler } from '@refinedev/react-router';
import { App as AntdApp, ConfigProvider } from 'antd';
import enUS from 'antd/es/locale/en_US';
import zhCN from 'antd/es/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { useLayoutEffect, useMemo, useState } from 'react';
import { BrowserRouter, Navigate, Outlet, Route, Routes, useLocation } from 'react-router';
import type { Lang } from '../shared/i18n';
import { AREAS, consoleResources } from './areas';
import { i18nProviderFor, translate } from './i18n';
import { accessControlProvider } from './providers/access-control';
import { authProvider } from './providers/auth-provider';
import { dataProvider } from './providers/data-provider';
import { AccessGate } from './shell/access-gate';
import { ConsoleHeader } from './shell/header';
import { HomeRedirect } from './shell/home';
import { LoginPage } from './shell/login-page';

/** The brand colour of the public site (STYLE.md), so the console reads as the same product. */
const THEME = { token: { colorPrimary: '#14a39a', borderRadius: 6 } };

function Title({ collapsed }: { collapsed: boolean }) {
  const t = useTranslate();
  return <ThemedTitle collapsed={collapsed} text={t('app.title')} icon={<img src="/favicon.svg" alt="" width={22} height={22} />} />;
}

/**
 * Puts the key of the location on screen on <html data-location> once its route has rendered, as
 * the public app does, so browser tests wait for a navigation to finish instead of guessing.
 */
function LocationMarker() {
  const { key } = useLocation();
  useLayoutEffect(() => {
    document.documentElement.dataset.location = key;
  }, [key]);
  return null;
}

/**
 * The operator console: refine with antd, routed under /admin, in zh or en. Each area registers
 * its resources and routes in areas/index.ts.
 */
export function ConsoleApp({ initialLang }: { initialLang: Lang }) {
  const [lang, setLang] = useState<Lang>(initialLang);
  const i18nProvider = useMemo(() => i18nProviderFor(lang, setLang), [lang]);
  const resources = useMemo(() => consoleResources((key) => i18nProvider.translate(key)), [i18nProvider]);
  dayjs.locale(lang === 'zh' ? 'zh-cn' : 'en');
  return (
    <BrowserRouter basename="/admin">
      <LocationMarker />
      <ConfigProvider locale={lang === 'zh' ? zhCN : enUS} theme={THEME}>
        <AntdApp>
          <Refine
            routerProvider={routerProvider}
            dataProvider={dataProvider}
            authProvider={authProvider}
            accessControlProvider={accessControlProvider}
            i18nProvider={i18nProvider}
            notificationProvider={useNotificationProvider}
            resources={resources}
            options={{ syncWithLocation: true, warnWhenUnsavedChanges: true, disableTelemetry: true, reactQuery: { clientConfig: { defaultOptions: { queries: { retry: false } } } } }}
          >
            <Routes>
              <Route
                element={
                  <Authenticated key="console" fallback={<CatchAllNavigate to="/login" />}>
                    <AccessGate>
                      <ThemedLayout Header={ConsoleHeader} Title={Title} Sider={(props) => <ThemedSider {...props} fixed render={({ items }) => items} />}>
                        <Outlet />
                      </ThemedLayout>
                    </AccessGate>
                  </Authenticated>
                }
              >
                <Route index element={<HomeRedirect />} />
                {AREAS.map((a) => (
                  <Route key={a.area}>{a.routes}</Route>
                ))}
                <Route path="*" element={<ErrorComponent />} />
              </Route>
              <Route
                element={
                  <Authenticated key="login" fallback={<Outlet />}>
                    <Navigate to="/" replace />
                  </Authenticated>
                }
              >
                <Route path="/login" element={<LoginPage />} />
              </Route>
            </Routes>
            <DocumentTitleHandler handler={({ resource }) => [resource?.meta?.label, translate('app.title')].filter(Boolean).join(' · ')} />
          </Refine>
        </AntdApp>
      </ConfigProvider>
    </BrowserRouter>
  );
}
