import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QrCode } from '../../../shared/ui/qr-code';
import { ErrorState } from '../../../shared/ui/error-state';
import type { LoginData } from '../api/accounts';
import { useWechatLogin } from '../hooks/use-wechat-login';
import { AgreementField } from './agreement-field';

export interface WechatQrLoginProps {
  /** Passed to the server so a real WeChat redirect can come back to it. */
  callback?: string;
  onLoggedIn: (login: LoginData) => void;
}

/**
 * The agreement box first (unticked), then the WeChat QR to scan: WeChat login may create an
 * account, so no QR is asked for before the visitor agreed.
 */
export function WechatQrLogin(props: WechatQrLoginProps) {
  const { t } = useTranslation('auth');
  const [agreed, setAgreed] = useState(false);
  return (
    <div className="wechat-login-consent">
      <AgreementField checked={agreed} onChange={setAgreed} />
      {agreed ? (
        <WechatQr {...props} />
      ) : (
        <div className="wechat-login">
          <div className="wechat-login__qr">
            <span className="qr-code qr-code--loading" style={{ width: 200, height: 200 }} aria-hidden="true" />
          </div>
          <p className="wechat-login__status" data-testid="wechat-agree-hint">
            {t('agreement.wechatHint')}
          </p>
        </div>
      )}
    </div>
  );
}

/** The WeChat QR to scan, its live status, and a refresh once it expired or was cancelled. */
function WechatQr({ callback, onLoggedIn }: WechatQrLoginProps) {
  const { t } = useTranslation('auth');
  const { state, refresh } = useWechatLogin(callback, onLoggedIn);

  if (state.phase === 'error') return <ErrorState error={state.error} onRetry={refresh} />;

  const status = state.phase === 'ready' ? state.status : 'waiting';
  const over = status === 'expired' || status === 'cancelled';
  return (
    <div className="wechat-login">
      <div className={`wechat-login__qr${over ? ' wechat-login__qr--over' : ''}`} aria-busy={state.phase === 'loading' || undefined}>
        {state.phase === 'ready' ? (
          <div data-testid="wechat-qr" data-qr-value={state.qr.qr_url} data-ticket={state.qr.ticket}>
            <QrCode value={state.qr.qr_url} label={t('wechat.qrLabel')} size={200} />
          </div>
        ) : (
          <span className="qr-code qr-code--loading" style={{ width: 200, height: 200 }} aria-hidden="true" />
        )}
        {over ? (
          <div className="wechat-login__overlay">
            <button type="button" className="button button--primary" onClick={refresh}>
              {t('wechat.refresh')}
            </button>
          </div>
        ) : null}
      </div>
      <p className="wechat-login__status" role="status" aria-live="polite">
        {state.phase === 'loading' ? t('wechat.loading') : t(`wechat.status.${status}`)}
      </p>
      {state.phase === 'ready' && state.qr.sandbox && !over ? (
        <p className="wechat-login__sandbox">
          {t('wechat.sandboxNote')}{' '}
          <a href={state.qr.qr_url} target="_blank" rel="noopener noreferrer">
            {t('wechat.sandboxOpen')}
          </a>
        </p>
      ) : null}
    </div>
  );
}
