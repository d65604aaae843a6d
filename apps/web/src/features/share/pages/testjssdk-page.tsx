import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shared/api-client';
import { errorText } from '../../../shared/errors';
import { isLoggedIn } from '../../../shared/session';
import { QrCode } from '../../../shared/ui/qr-code';
import { applyShare, configureWechat, fetchWxConfig, isWechat, signedUrl, type ConfigResult, type WxJsSdk } from '../../../shared/wechat-jssdk';
import { fetchFollowQr, fetchSubscribe, shareKeys } from '../api/share';
import '../share.css';

type ApiName = 'updateAppMessageShareData' | 'updateTimelineShareData' | 'previewImage' | 'scanQRCode';
const APIS: ApiName[] = ['updateAppMessageShareData', 'updateTimelineShareData', 'previewImage', 'scanQRCode'];

/** Calls one JS-SDK API with sample data; resolves with WeChat's answer. */
function tryApi(wx: WxJsSdk, name: ApiName): Promise<string> {
  const image = new URL('/favicon.svg', window.location.origin).toString();
  return new Promise((resolve) => {
    const done = { success: () => resolve('ok'), fail: (e: unknown) => resolve(JSON.stringify(e)) };
    if (name === 'previewImage') {
      wx.previewImage({ current: image, urls: [image] });
      resolve('ok');
    } else if (name === 'scanQRCode') {
      wx.scanQRCode({ needResult: 1, success: (res) => resolve(res.resultStr ?? 'ok'), fail: done.fail });
    } else if (name === 'updateAppMessageShareData') {
      wx.updateAppMessageShareData({ title: document.title, desc: 'JS-SDK test', link: signedUrl(), imgUrl: image, ...done });
    } else {
      wx.updateTimelineShareData({ title: document.title, link: signedUrl(), imgUrl: image, ...done });
    }
  });
}

function Subscribe() {
  const { t } = useTranslation('pages');
  const loggedIn = isLoggedIn();
  const status = useQuery({ queryKey: shareKeys.mpSubscribe, queryFn: fetchSubscribe, enabled: loggedIn, retry: false });
  const qr = useQuery({ queryKey: shareKeys.mpQrCode, queryFn: fetchFollowQr, retry: false });
  return (
    <section className="jssdk__card" aria-labelledby="jssdk-sub">
      <h2 id="jssdk-sub">{t('share.jssdk.subscribe')}</h2>
      {!loggedIn ? <p>{t('share.jssdk.loginNeeded')}</p> : null}
      {status.isPending && loggedIn ? <p role="status">{t('share.jssdk.pending')}</p> : null}
      {status.isError ? <p role="alert">{errorText(status.error)}</p> : null}
      {status.data ? (
        <p data-testid="jssdk-subscribe">
          {!status.data.has_wechat ? t('share.jssdk.noWechat') : status.data.subscribed ? t('share.jssdk.subscribed') : t('share.jssdk.notSubscribed')}
          {status.data.sandbox ? ` (${t('share.jssdk.sandbox')})` : ''}
        </p>
      ) : null}
      {qr.data ? (
        <figure className="jssdk__qr">
          <QrCode value={qr.data.qr_url} size={140} label={t('share.jssdk.followQr')} />
          <figcaption>{t('share.jssdk.followQr')}</figcaption>
        </figure>
      ) : null}
      {qr.isError ? <p role="alert">{errorText(qr.error)}</p> : null}
    </section>
  );
}

/** `/testjssdk` (spec §2 test page, for operators): the wx.config result and a button per API used. */
export function Component() {
  const { t } = useTranslation('pages');
  const inWechat = typeof navigator !== 'undefined' && isWechat();
  const url = typeof window === 'undefined' ? '' : signedUrl();
  // Inside WeChat the real configuration; outside only what the server signs for this address.
  const config = useQuery({
    queryKey: shareKeys.jssdkTest(url, inWechat),
    queryFn: async (): Promise<ConfigResult> => (inWechat ? configureWechat(url) : { ok: false, error: '', config: await fetchWxConfig(url) }),
    retry: false,
    staleTime: Infinity,
  });
  const [results, setResults] = useState<Partial<Record<ApiName, string>>>({});
  const result = config.data;
  const signed = result?.config ?? null;
  const wx = result?.ok ? result.wx : null;
  return (
    <div className="jssdk container" data-testid="testjssdk">
      <h1 className="share-card__title">{t('share.titleJssdk')}</h1>
      <p className="jssdk__intro">{t('share.jssdk.intro')}</p>
      <section className="jssdk__card" aria-labelledby="jssdk-env">
        <h2 id="jssdk-env">{t('share.jssdk.env')}</h2>
        <p data-testid="jssdk-env" data-wechat={inWechat}>
          <strong>{inWechat ? t('share.jssdk.inWechat') : t('share.jssdk.notWechat')}</strong>
        </p>
        <p className="jssdk__mono">{typeof navigator === 'undefined' ? '' : navigator.userAgent}</p>
      </section>
      <section className="jssdk__card" aria-labelledby="jssdk-config">
        <h2 id="jssdk-config">
          {t('share.jssdk.config')}{' '}
          {inWechat && result ? (
            <span className={`badge jssdk__state jssdk__state--${result.ok ? 'ok' : 'fail'}`} data-testid="jssdk-config-state">
              {result.ok ? t('share.jssdk.ok') : t('share.jssdk.fail')}
            </span>
          ) : null}
        </h2>
        {config.isPending ? <p role="status">{t('share.jssdk.pending')}</p> : null}
        {config.isError ? <p role="alert">{isApiError(config.error) ? errorText(config.error) : String(config.error)}</p> : null}
        {result && !result.ok && result.error ? <p role="alert">{result.error}</p> : null}
        {signed ? (
          <dl className="jssdk__config" data-testid="jssdk-config">
            <dt>url</dt>
            <dd className="jssdk__mono">{url}</dd>
            <dt>appId</dt>
            <dd className="jssdk__mono">{signed.app_id}</dd>
            <dt>timestamp</dt>
            <dd className="jssdk__mono">{signed.timestamp}</dd>
            <dt>nonceStr</dt>
            <dd className="jssdk__mono">{signed.nonce_str}</dd>
            <dt>signature</dt>
            <dd className="jssdk__mono" data-testid="jssdk-signature">
              {signed.signature}
              {signed.sandbox ? ` (${t('share.jssdk.sandbox')})` : ''}
            </dd>
            <dt>jsApiList</dt>
            <dd className="jssdk__mono">{signed.js_api_list.join(', ')}</dd>
          </dl>
        ) : null}
      </section>
      <section className="jssdk__card" aria-labelledby="jssdk-apis">
        <h2 id="jssdk-apis">{t('share.jssdk.tryApi')}</h2>
        <ul className="jssdk__apis">
          {APIS.map((name) => (
            <li key={name}>
              <button
                type="button"
                className="button"
                disabled={!wx}
                onClick={() => {
                  if (!wx) return;
                  setResults((r) => ({ ...r, [name]: t('share.jssdk.pending') }));
                  if (name === 'updateAppMessageShareData') applyShare(wx, { title: document.title, desc: 'JS-SDK test' });
                  void tryApi(wx, name).then((res) => setResults((r) => ({ ...r, [name]: res })));
                }}
              >
                {t('share.jssdk.tryApi')} <code>{name}</code>
              </button>
              {results[name] ? <span className="jssdk__mono">{results[name]}</span> : null}
            </li>
          ))}
        </ul>
      </section>
      <Subscribe />
    </div>
  );
}
