import type { CSSProperties } from 'react';
import type { HomeBlockOf } from '@medportal/contract';
import { ActionLink } from '../../../shared/ui/action-link';
import { Image } from '../../../shared/ui/image';
import { BlockSection } from './block-section';

/** Only plain colour values are used as a tag background; anything else falls back to the theme. */
const SAFE_COLOR = /^(#[0-9a-f]{3,8}|rgba?\([\d\s.,%]+\)|hsla?\([\d\s.,%deg]+\))$/i;

export const tagStyle = (color: string): CSSProperties | undefined =>
  SAFE_COLOR.test(color.trim()) ? { backgroundColor: color.trim(), color: '#fff' } : undefined;

/** Search result cards with a coloured tag. */
export function SearchItemsBlock({ block }: { block: HomeBlockOf<'search_items'> }) {
  return (
    <BlockSection block={block}>
      <ul className="card-grid card-grid--4">
        {block.data.items.map((item) => (
          <li key={`${item.id}-${item.item_id}`}>
            <ActionLink action={item.action} className="card search-card">
              <span className="card__media">
                <Image src={item.cover} alt="" className="card__image" />
                {item.tag ? (
                  <span className="badge search-card__tag" style={tagStyle(item.tag_bg_color)}>
                    {item.tag}
                  </span>
                ) : null}
              </span>
              <span className="card__body">
                <span className="card__title clamp-2">{item.title}</span>
              </span>
            </ActionLink>
          </li>
        ))}
      </ul>
    </BlockSection>
  );
}
