import type { Special } from '@medportal/contract';
import { ActionLink } from '../../../shared/ui/action-link';
import { Image } from '../../../shared/ui/image';

/** A special album or special topic: cover, title, description. */
export function SpecialCard({ special, wide = false }: { special: Special; wide?: boolean }) {
  return (
    <ActionLink action={special.action} className={`card special-card${wide ? ' special-card--wide' : ''}`}>
      <span className="card__media">
        <Image src={special.cover} alt="" className="card__image" />
      </span>
      <span className="card__body">
        <span className="card__title">{special.title}</span>
        {special.desc ? <span className="card__desc clamp-2">{special.desc}</span> : null}
      </span>
    </ActionLink>
  );
}
