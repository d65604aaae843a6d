import type { CSSProperties } from 'react';

/** A grey placeholder shown while content loads. */
export function Skeleton({ width, height, className = '' }: { width?: CSSProperties['width']; height?: CSSProperties['height']; className?: string }) {
  return <span className={`skeleton ${className}`} style={{ width, height }} aria-hidden="true" />;
}
