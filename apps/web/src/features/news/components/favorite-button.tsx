import { useTranslation } from 'react-i18next';
import { errorText } from '../../../shared/errors';
import { requireMember } from '../../../shared/session';
import { showNotice } from '../../../shared/ui/notice-store';
import { useFavoriteNews } from '../api/news';

/** Favourite the item: a member action (anonymous visitors get the confirm-login dialog). */
export function FavoriteButton({ newsId, favorite }: { newsId: number; favorite: boolean }) {
  const { t } = useTranslation('news');
  const mutation = useFavoriteNews(newsId);
  return (
    <button
      type="button"
      className={`button${favorite ? '' : ' button--primary'}`}
      aria-pressed={favorite}
      disabled={mutation.isPending}
      data-testid="favorite-button"
      onClick={() => requireMember(() => mutation.mutate(!favorite, { onError: (error) => showNotice(errorText(error)) }))}
    >
      {favorite ? t('detail.favorited') : t('detail.favorite')}
    </button>
  );
}
