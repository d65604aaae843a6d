import { useTranslation } from 'react-i18next';
import type { HomeBlockOf } from '@medportal/contract';
import { ActionLink } from '../../../shared/ui/action-link';
import { Image } from '../../../shared/ui/image';
import { BlockSection } from './block-section';

/** Columns (programmes): cover, title, description, number of issues. */
export function ColumnsBlock({ block }: { block: HomeBlockOf<'columns'> }) {
  const { t } = useTranslation('home');
  return (
    <BlockSection block={block}>
      <ul className="card-grid card-grid--3">
        {block.data.items.map((column) => (
          <li key={column.id}>
            <ActionLink action={column.action} className="card column-card">
              <span className="card__media">
                <Image src={column.cover} alt="" className="card__image" />
              </span>
              <span className="card__body">
                <span className="card__title">{column.title}</span>
                {column.desc ? <span className="card__desc clamp-2">{column.desc}</span> : null}
                <span className="card__meta">{t('column.issues', { count: column.issue })}</span>
              </span>
            </ActionLink>
          </li>
        ))}
      </ul>
    </BlockSection>
  );
}
