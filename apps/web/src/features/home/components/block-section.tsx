import { useId, type CSSProperties, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { HomeBlock } from '@medportal/contract';
import { VisuallyHidden } from '../../../shared/ui/visually-hidden';
import { ActionLink } from '../../../shared/ui/action-link';

export interface BlockSectionProps {
  block: HomeBlock;
  children: ReactNode;
  /** Keep the heading for assistive technology only (the banner shows no title). */
  hideHeading?: boolean;
  style?: CSSProperties;
}

/**
 * The frame of every home block: `<section data-block-layout>` labelled by its heading, with the
 * "more" link when the block has a more_action. The link comes after the content in reading
 * order and is placed beside the heading by CSS.
 */
export function BlockSection({ block, children, hideHeading = false, style }: BlockSectionProps) {
  const { t } = useTranslation('home');
  const headingId = useId();
  const title = block.header.title || t(`layouts.${block.layout}`);
  const more = block.header.more_action;
  return (
    <section
      className={`home-block home-block--${block.layout}`}
      data-block-layout={block.layout}
      data-block-id={block.id}
      aria-labelledby={headingId}
      style={style}
    >
      <h2 id={headingId} className={hideHeading ? 'visually-hidden' : 'home-block__title'}>
        {title}
      </h2>
      <div className="home-block__body">{children}</div>
      {more && !hideHeading ? (
        // The block's title is part of the link's text (hidden), so the link says where it goes
        // out of context too, to screen readers and to search engines.
        <ActionLink action={more} className="home-block__more">
          {t('more')}
          <VisuallyHidden>{t('moreSuffix', { title })}</VisuallyHidden>
        </ActionLink>
      ) : null}
    </section>
  );
}
