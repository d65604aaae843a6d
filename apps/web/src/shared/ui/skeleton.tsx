import type { CSSProperties } from 'react';

/**
 * A grey placeholder shown while content loads. `text` makes it one line of the surrounding text
 * (put it in the element that will hold the text), so it is exactly as tall as what replaces it.
 */
export function Skeleton({
  width,
  height,
  className = '',
  text = false,
}: {
  width?: CSSProperties['width'];
  height?: CSSProperties['height'];
  className?: string;
  text?: boolean;
}) {
  return (
    <span className={`skeleton${text ? ' skeleton--text' : ''} ${className}`} style={{ width, height }} aria-hidden="true">
      {text ? '\u00a0' : null}
    </span>
  );
}
