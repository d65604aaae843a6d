import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { NICKNAME_MAX_LENGTH } from '@medportal/contract/constants';
import { FormError, TextField } from '../components/field';
import { AuthCard, ResultState } from '../components/auth-card';
import { wechatCallback } from '../api/accounts';
import { checkNickname } from '../lib/validate';
import type { FieldErrorValue } from '../hooks/use-form';

type Phase = 'consent' | 'submitting' | 'confirmed' | 'cancelled' | 'failed' | 'invalid';

/**
 * `/wx/auth`, opened on the phone: with `code` and `state` (WeChat's redirect) it confirms the
 * login at once; with `state` alone (the sandbox QR) it reports the scan and asks for consent.
 */
export function WxAuthPage() {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const state = params.get('state') ?? '';
  const code = params.get('code') ?? '';
  const sandbox = params.get('sandbox') === '1';
  const [phase, setPhase] = useState<Phase>(!state ? 'invalid' : code ? 'submitting' : 'consent');
  const [error, setError] = useState<unknown>(null);
  const [nickname, setNickname] = useState(() => t('wxAuth.defaultNickname'));
  const [nicknameError, setNicknameError] = useState<FieldErrorValue | null>(null);
  const reported = useRef<string | null>(null);

  // One report per state, even when effects run twice (StrictMode) or the page re-renders.
  useEffect(() => {
    if (!state || reported.current === state) return;
    reported.current = state;
    if (code) {
      wechatCallback({ state, code, decision: 'confirm' }).then(
        () => setPhase('confirmed'),
        (err: unknown) => {
          setError(err);
          setPhase('failed');
        },
      );
    } else {
      // The computer shows "scanned" once this lands; a failure here surfaces on confirm.
      wechatCallback({ state, decision: 'scanned' }).catch(() => undefined);
    }
  }, [state, code]);

  const decide = async (decision: 'confirm' | 'cancel') => {
    if (decision === 'confirm' && sandbox) {
      const problem = checkNickname(nickname);
      setNicknameError(problem);
      if (problem) return;
    }
    setError(null);
    setPhase('submitting');
    try {
      await wechatCallback(
        decision === 'cancel'
          ? { state, decision }
          : { state, decision, ...(sandbox ? { code: `sandbox:${nickname.trim()}` } : {}) },
      );
      setPhase(decision === 'confirm' ? 'confirmed' : 'cancelled');
    } catch (err) {
      setError(err);
      setPhase(decision === 'confirm' && !code ? 'consent' : 'failed');
    }
  };

  if (phase === 'invalid') {
    return (
      <AuthCard title={t('wxAuth.title')} page="wx-auth">
        <ResultState tone="warning" title={t('wxAuth.invalid')} />
      </AuthCard>
    );
  }
  if (phase === 'confirmed') {
    return (
      <AuthCard title={t('wxAuth.title')} page="wx-auth">
        <ResultState title={t('wxAuth.confirmed')} body={t('wxAuth.returnToComputer')} />
      </AuthCard>
    );
  }
  if (phase === 'cancelled') {
    return (
      <AuthCard title={t('wxAuth.title')} page="wx-auth">
        <ResultState tone="info" title={t('wxAuth.cancelled')} />
      </AuthCard>
    );
  }
  if (phase === 'failed') {
    return (
      <AuthCard title={t('wxAuth.title')} page="wx-auth">
        <FormError error={error} />
        <ResultState tone="warning" title={t('wxAuth.failed')} body={t('wxAuth.failedHint')} />
      </AuthCard>
    );
  }
  if (code) {
    return (
      <AuthCard title={t('wxAuth.title')} page="wx-auth">
        <p role="status">{t('wxAuth.confirming')}</p>
      </AuthCard>
    );
  }

  const busy = phase === 'submitting';
  return (
    <AuthCard title={t('wxAuth.title')} page="wx-auth">
      <div className="consent">
        <span className="consent__logo" aria-hidden="true">
          M
        </span>
        <p className="consent__text">{t('wxAuth.consent')}</p>
        <ul className="consent__scopes">
          <li>{t('wxAuth.scopeProfile')}</li>
        </ul>
        {sandbox ? (
          <>
            <p className="consent__sandbox">{t('wxAuth.sandboxNote')}</p>
            <TextField
              label={t('wxAuth.nickname')}
              value={nickname}
              maxLength={NICKNAME_MAX_LENGTH}
              onChange={(v) => {
                setNickname(v);
                setNicknameError(null);
              }}
              error={nicknameError}
              disabled={busy}
            />
          </>
        ) : null}
        <FormError error={error} />
        <div className="consent__actions">
          <button type="button" className="button button--primary button--block" data-testid="wx-confirm" disabled={busy} aria-busy={busy || undefined} onClick={() => void decide('confirm')}>
            {t('wxAuth.confirm')}
          </button>
          <button type="button" className="button button--block" disabled={busy} onClick={() => void decide('cancel')}>
            {t('wxAuth.cancel')}
          </button>
        </div>
      </div>
    </AuthCard>
  );
}

export const Component = WxAuthPage;
export { accountLoader as loader } from '../lib/loaders';
