import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, redirect, useSearchParams, type LoaderFunctionArgs } from 'react-router';
import { paths } from '../../../config/paths';
import { browserNavigation } from '../../../shared/env';
import { loadNamespaces } from '../../../shared/i18n';
import { ensureSession } from '../../../shared/session-guard';
import { useTabs } from '../../../shared/ui/tabs';
import { AuthCard } from '../components/auth-card';
import { PasswordLoginForm } from '../components/password-login-form';
import { SmsLoginForm } from '../components/sms-login-form';
import { WechatQrLogin } from '../components/wechat-qr-login';
import { useAfterLogin } from '../hooks/use-after-login';
import { callbackParam, resolveCallback } from '../lib/callback';

const TABS = ['sms', 'password', 'wechat'] as const;
type Tab = (typeof TABS)[number];
const isTab = (v: string | null): v is Tab => TABS.includes(v as Tab);

/**
 * Sends a visitor who is already logged in straight to the callback (spec §4), or home when the
 * callback is missing or leads off-site.
 */
export async function loginLoader({ request }: Pick<LoaderFunctionArgs, 'request'>): Promise<null> {
  const [session] = await Promise.all([ensureSession(), loadNamespaces('auth')]);
  if (session.status !== 'authenticated') return null;
  const target = resolveCallback(callbackParam(new URL(request.url).search));
  if (target.kind === 'route') throw redirect(target.to);
  browserNavigation.assign(target.href);
  return null;
}

/** `/login?callback=`: SMS code, password, or WeChat QR. */
export function LoginPage() {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const [tab, setTab] = useState<Tab>(() => (isTab(params.get('type')) ? (params.get('type') as Tab) : 'sms'));
  const { onLoggedIn, passOn } = useAfterLogin();
  const tabs = useTabs({ keys: TABS, selected: tab, onSelect: setTab, tabId: (name) => `login-tab-${name}`, panelId: 'login-panel' });

  return (
    <AuthCard title={t('login.title')} page="login">
      <div className="tabs" {...tabs.listProps} aria-label={t('login.methods')}>
        {TABS.map((name) => (
          <button key={name} {...tabs.tabProps(name)} data-testid={`login-tab-${name}`} className="tabs__tab">
            {t(`login.tabs.${name}`)}
          </button>
        ))}
      </div>
      <div {...tabs.panelProps} className="tabs__panel">
        {tab === 'sms' ? <SmsLoginForm onLoggedIn={onLoggedIn} /> : null}
        {tab === 'password' ? <PasswordLoginForm onLoggedIn={onLoggedIn} /> : null}
        {tab === 'wechat' ? <WechatQrLogin callback={passOn} onLoggedIn={onLoggedIn} /> : null}
      </div>
      <p className="auth-card__footer">
        <Link to={paths.register.getHref(passOn)}>{t('login.register')}</Link>
        <span aria-hidden="true"> · </span>
        <Link to={paths.forget.getHref()}>{t('login.forgot')}</Link>
      </p>
    </AuthCard>
  );
}

export const loader = loginLoader;
export const Component = LoginPage;
