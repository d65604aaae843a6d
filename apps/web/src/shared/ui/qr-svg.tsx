import qrcode from 'qrcode-generator';

// The library's default byte mode is Latin-1; URLs with non-ASCII text must be UTF-8.
const utf8 = new TextEncoder();
qrcode.stringToBytes = (s: string) => Array.from(utf8.encode(s));

const QUIET_ZONE = 2;

/** Path data for the dark modules of a QR code for `value` (error correction M). */
export function qrPath(value: string): { size: number; d: string } {
  const qr = qrcode(0, 'M');
  qr.addData(value, 'Byte');
  qr.make();
  const count = qr.getModuleCount();
  const parts: string[] = [];
  for (let row = 0; row < count; row += 1) {
    let col = 0;
    while (col < count) {
      if (!qr.isDark(row, col)) {
        col += 1;
        continue;
      }
      const start = col;
      while (col < count && qr.isDark(row, col)) col += 1;
      parts.push(`M${start + QUIET_ZONE} ${row + QUIET_ZONE}h${col - start}v1h${start - col}z`);
    }
  }
  return { size: count + QUIET_ZONE * 2, d: parts.join('') };
}

export interface QrSvgProps {
  value: string;
  size: number;
  label: string;
}

// Encoding tries all eight masks (tens of ms on a phone): each value is encoded once per visit,
// not again on every render of the footer or a reopened popover.
const encoded = new Map<string, { size: number; d: string }>();
function cachedQrPath(value: string) {
  let path = encoded.get(value);
  if (!path) {
    path = qrPath(value);
    encoded.set(value, path);
  }
  return path;
}

/** A real, scannable QR code drawn as SVG. Loaded lazily by QrCode. */
export default function QrSvg({ value, size, label }: QrSvgProps) {
  const { size: modules, d } = cachedQrPath(value);
  return (
    <span className="qr-code" data-qr-value={value} style={{ width: size, height: size }}>
      <svg viewBox={`0 0 ${modules} ${modules}`} width={size} height={size} role="img" aria-label={label} shapeRendering="crispEdges">
        <rect width={modules} height={modules} fill="#fff" />
        <path d={d} fill="#000" />
      </svg>
    </span>
  );
}
