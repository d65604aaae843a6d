import { useCallback, useEffect, useRef, useState } from 'react';
import { ErrorCode } from '@medportal/contract/codes';
import { wechatLoginInfo, wechatQrConnect, type LoginData, type WechatLoginStatus, type WechatQr } from '../api/accounts';
import { errorCode } from '../lib/api-errors';

/** How often the QR login status is asked while waiting for the phone. */
export const WECHAT_POLL_MS = 1500;

export type WechatLoginState =
  | { phase: 'loading' }
  | { phase: 'error'; error: unknown }
  | { phase: 'ready'; qr: WechatQr; status: WechatLoginStatus };

/**
 * A WeChat QR login (the visitor has agreed to the user agreement and privacy policy): gets a ticket, then polls its status every 1.5 s until the phone confirms
 * (the login goes to `onConfirmed`), cancels, or the ticket expires. Polling stops on unmount.
 */
export function useWechatLogin(callback: string | undefined, onConfirmed: (login: LoginData) => void) {
  const [state, setState] = useState<WechatLoginState>({ phase: 'loading' });
  const [generation, setGeneration] = useState(0);
  const onConfirmedRef = useRef(onConfirmed);
  useEffect(() => {
    onConfirmedRef.current = onConfirmed;
  });

  useEffect(() => {
    const controller = new AbortController();
    let stopped = false;
    let pollTimer: ReturnType<typeof setTimeout> | undefined;
    let expiryTimer: ReturnType<typeof setTimeout> | undefined;
    const stop = () => {
      stopped = true;
      clearTimeout(pollTimer);
      clearTimeout(expiryTimer);
      controller.abort();
    };
    const finish = (status: WechatLoginStatus) => {
      stop();
      setState((s) => (s.phase === 'ready' ? { ...s, status } : s));
    };

    wechatQrConnect(callback ? { callback, agree_terms: 'true' } : { agree_terms: 'true' }, controller.signal).then(
      (qr) => {
        if (stopped) return;
        setState({ phase: 'ready', qr, status: 'waiting' });
        if (qr.expires_in > 0) expiryTimer = setTimeout(() => finish('expired'), qr.expires_in * 1000);
        const poll = async () => {
          try {
            const info = await wechatLoginInfo(qr.ticket, controller.signal);
            if (stopped) return;
            if (info.status === 'confirmed' && info.login) {
              finish('confirmed');
              onConfirmedRef.current(info.login);
              return;
            }
            if (info.status === 'cancelled' || info.status === 'expired') {
              finish(info.status);
              return;
            }
            setState((s) => (s.phase === 'ready' && s.status !== info.status ? { ...s, status: info.status } : s));
          } catch (error) {
            if (stopped) return;
            if (errorCode(error) === ErrorCode.TICKET_EXPIRED) {
              finish('expired');
              return;
            }
            // A transient failure (network, timeout): keep polling until the ticket expires.
          }
          if (!stopped) pollTimer = setTimeout(() => void poll(), WECHAT_POLL_MS);
        };
        pollTimer = setTimeout(() => void poll(), WECHAT_POLL_MS);
      },
      (error: unknown) => {
        if (!stopped) setState({ phase: 'error', error });
      },
    );
    return stop;
  }, [callback, generation]);

  /** A new ticket and QR (after expiry, cancel or a failed load). */
  const refresh = useCallback(() => {
    setState({ phase: 'loading' });
    setGeneration((g) => g + 1);
  }, []);

  return { state, refresh };
}
