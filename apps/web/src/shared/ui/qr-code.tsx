import { lazy, Suspense } from 'react';

// The QR encoder stays out of the initial bundle: it loads when a QR is first shown.
const QrSvg = lazy(() => import('./qr-svg'));

export interface QrCodeProps {
  /** The text (a URL) the code encodes. */
  value: string;
  /** Accessible name, e.g. "QR code: WeChat official account". */
  label: string;
  size?: number;
}

export function QrCode({ value, label, size = 120 }: QrCodeProps) {
  return (
    <Suspense fallback={<span className="qr-code qr-code--loading" style={{ width: size, height: size }} aria-hidden="true" />}>
      <QrSvg value={value} size={size} label={label} />
    </Suspense>
  );
}
