import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../api-client';
import { formatDateTime } from '../format/date';
import { useLang } from '../hooks/use-lang';
import { ErrorState } from '../ui/error-state';
import { QrCode } from '../ui/qr-code';
import './scan-qr.css';
import { sharedKeys } from '../query-keys';


/**
 * The moderators' "scan-to-watch" QR (spec §2 /redirect): a signed, expiring link to this live.
 * Fetched when opened, so each showing carries a fresh expiry; "full screen" fills the projected
 * congress screen with it (the SVG scales without blur).
 */
export function ScanQrPanel({ liveId }: { liveId: number }) {
  const { t } = useTranslation('pages');
  const lang = useLang();
  const [open, setOpen] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const link = useQuery({
    queryKey: sharedKeys.redirectLink(liveId),
    queryFn: ({ signal }) => api.call('liveRedirectLink', { params: { id: liveId }, signal }),
    enabled: open,
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
  if (!open) {
    return (
      <button type="button" className="button" onClick={() => setOpen(true)} data-testid="scan-qr-open">
        {t('share.showQr')}
      </button>
    );
  }
  return (
    <div className="scan-qr" ref={box} data-testid="scan-qr">
      <h3 className="scan-qr__title">{t('share.showQr')}</h3>
      {link.isPending ? <div className="scan-qr__loading" role="status" aria-label={t('share.loading')} /> : null}
      {link.isError ? <ErrorState error={link.error} onRetry={() => void link.refetch()} /> : null}
      {link.data ? (
        <>
          <QrCode value={link.data.url} size={280} label={t('share.showQr')} />
          <p className="scan-qr__expires" data-testid="scan-qr-expires">
            {t('share.qrExpires', { time: formatDateTime(link.data.expires_at, lang) })}
          </p>
          <p className="scan-qr__help">{t('share.qrHelp')}</p>
          <div className="scan-qr__actions">
            {typeof document !== 'undefined' && document.fullscreenEnabled ? (
              <button type="button" className="button button--primary" onClick={() => void box.current?.requestFullscreen().catch(() => undefined)}>
                {t('share.qrFullscreen')}
              </button>
            ) : null}
            <button type="button" className="button" onClick={() => void link.refetch()} disabled={link.isFetching}>
              {t('share.qrRenew')}
            </button>
            <button type="button" className="button" onClick={() => setOpen(false)}>
              {t('share.qrHide')}
            </button>
          </div>
        </>
      ) : null}
    </div>
  );
}
