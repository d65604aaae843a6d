import { useTranslation } from 'react-i18next';
import type { HomeBlockOf } from '@medportal/contract';
import { linkifyDoi } from '../../../shared/format/doi';
import { ActionLink } from '../../../shared/ui/action-link';
import { BlockSection } from './block-section';

/** Introductory text paragraphs, each with an optional link. */
export function IntroTextBlock({ block }: { block: HomeBlockOf<'intro_text'> }) {
  const { t } = useTranslation('home');
  return (
    <BlockSection block={block}>
      <div className="intro-list">
        {block.data.items.map((intro) => (
          <article key={intro.id} className="intro">
            {intro.title ? <h3 className="intro__title">{intro.title}</h3> : null}
            <p className="intro__text">{linkifyDoi(intro.text)}</p>
            {intro.action ? (
              <ActionLink action={intro.action} className="intro__more">
                {t('moreAbout', { title: intro.title || block.header.title })}
              </ActionLink>
            ) : null}
          </article>
        ))}
      </div>
    </BlockSection>
  );
}
