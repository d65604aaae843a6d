import { useState, type ImgHTMLAttributes } from 'react';

/** Shown when an image fails to load (spec §8). */
export const DEFAULT_IMAGE = '/default-image.svg';

export interface ImageProps extends Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'loading' | 'onError'> {
  src: string | null | undefined;
  alt: string;
  /** Load eagerly with high priority (the first banner slide); everything else lazy-loads. */
  priority?: boolean;
}

/** An image that lazy-loads, decodes off the main thread and falls back to the default image. */
export function Image({ src, alt, priority = false, ...rest }: ImageProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const usable = src && src !== failedSrc ? src : DEFAULT_IMAGE;
  return (
    <img
      {...rest}
      src={usable}
      alt={alt}
      loading={priority ? 'eager' : 'lazy'}
      decoding="async"
      fetchPriority={priority ? 'high' : undefined}
      onError={() => {
        if (usable !== DEFAULT_IMAGE) setFailedSrc(usable);
      }}
    />
  );
}
