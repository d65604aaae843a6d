import { useTranslation } from 'react-i18next';
import { FavoriteButton } from '../../../shared/ui/favorite-button';
import { usePaperFavorite } from '../api/topics';

/** Favourite a paper with the shared button and this feature's texts. */
export function PaperFavoriteButton({ paperId, favorite }: { paperId: number; favorite: boolean }) {
  const { t } = useTranslation('topic');
  const mutation = usePaperFavorite(paperId);
  return <FavoriteButton favorite={favorite} mutation={mutation} label={{ add: t('paper.favorite'), added: t('paper.favorited') }} />;
}
