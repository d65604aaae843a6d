import { useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, redirect, useSearchParams, type LoaderFunctionArgs } from 'react-router';
import { paths } from '../../../config/paths';
import { browserNavigation } from '../../../shared/env';
import { loadNamespaces } from '../../../shared/i18n';
import { ensureSession } from '../../../shared/session-guard';
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
  const tabRefs = useRef<Record<Tab, HTMLButtonElement | null>>({ sms: null, password: null, wechat: null });

  const onTabKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    const i = TABS.indexOf(tab);
    let next: Tab | null = null;
    if (event.key === 'ArrowRight') next = TABS[(i + 1) % TABS.length]!;
    else if (event.key === 'ArrowLeft') next = TABS[(i - 1 + TABS.length) % TABS.length]!;
    else if (event.key === 'Home') next = TABS[0];
    else if (event.key === 'End') next = TABS[TABS.length - 1]!;
    if (!next) return;
    event.preventDefault();
    setTab(next);
    tabRefs.current[next]?.focus();
  };

  return (
    <AuthCard title={t('login.title')} page="login">
      <div className="tabs" role="tablist" aria-label={t('login.methods')}>
        {TABS.map((name) => (
          <button
            key={name}
            ref={(el) => {
              tabRefs.current[name] = el;
            }}
            type="button"
            role="tab"
            id={`login-tab-${name}`}
            data-testid={`login-tab-${name}`}
            aria-selected={tab === name}
            aria-controls={`login-panel-${name}`}
            tabIndex={tab === name ? 0 : -1}
            className="tabs__tab"
            onClick={() => setTab(name)}
            onKeyDown={onTabKey}
          >
            {t(`login.tabs.${name}`)}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`login-panel-${tab}`} aria-labelledby={`login-tab-${tab}`} className="tabs__panel">
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
