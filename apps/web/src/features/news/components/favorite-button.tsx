import { useTranslation } from 'react-i18next';
import { FavoriteButton as SharedFavoriteButton } from '../../../shared/ui/favorite-button';
import { useFavoriteNews } from '../api/news';

/** Favourite the news item with the shared button and this feature's texts. */
export function FavoriteButton({ newsId, favorite }: { newsId: number; favorite: boolean }) {
  const { t } = useTranslation('news');
  const mutation = useFavoriteNews(newsId);
  return <SharedFavoriteButton favorite={favorite} mutation={mutation} label={{ add: t('detail.favorite'), added: t('detail.favorited') }} />;
}
