import { useTranslation } from 'react-i18next';
import type { HomeBlockOf } from '@medportal/contract';
import { linkifyDoi } from '../../../shared/format/doi';
import { ActionLink } from '../../../shared/ui/action-link';
import { BlockSection } from './block-section';

/** Literature papers: title, clamped abstract, journal and a DOI link. */
export function PapersBlock({ block }: { block: HomeBlockOf<'papers'> }) {
  const { t } = useTranslation('home');
  return (
    <BlockSection block={block}>
      <ul className="paper-list">
        {block.data.items.map((paper) => (
          <li key={paper.uuid}>
            <article className="paper">
              <h3 className="paper__title">
                <ActionLink action={paper.action}>{paper.title}</ActionLink>
              </h3>
              {paper.abstract ? <p className="paper__abstract clamp-3">{paper.abstract}</p> : null}
              <p className="paper__meta">
                {paper.full_journal ? <cite className="paper__journal">{paper.full_journal}</cite> : null}
                {paper.doi ? (
                  <span className="paper__doi">
                    <abbr title={t('paper.doiTitle')}>DOI</abbr> {linkifyDoi(paper.doi)}
                  </span>
                ) : null}
              </p>
            </article>
          </li>
        ))}
      </ul>
    </BlockSection>
  );
}
