import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { AuthCard } from '../components/auth-card';
import { WechatQrLogin } from '../components/wechat-qr-login';
import { useAfterLogin } from '../hooks/use-after-login';
import { loginLoader } from './login-page';

/** `/auth`: log in by scanning a WeChat QR code. */
export function WechatAuthPage() {
  const { t } = useTranslation('auth');
  const { onLoggedIn, passOn } = useAfterLogin();
  return (
    <AuthCard title={t('wechat.title')} intro={t('wechat.intro')} page="wechat-auth">
      <WechatQrLogin callback={passOn} onLoggedIn={onLoggedIn} />
      <p className="auth-card__footer">
        <Link to={paths.login.getHref(passOn)}>{t('wechat.otherWays')}</Link>
      </p>
    </AuthCard>
  );
}

export const loader = loginLoader;
export const Component = WechatAuthPage;
