import { errorText } from '../errors';
import { requireMember } from '../session';
import { showNotice } from './notice-store';

interface FavoriteMutation {
  isPending: boolean;
  mutate: (on: boolean, options: { onError: (error: unknown) => void }) => void;
}

/**
 * Favourite an item: a member action (anonymous visitors get the confirm-login dialog). The flag
 * comes from the server's answer held in the detail query, so it flips only on success.
 */
export function FavoriteButton({ favorite, mutation, label }: { favorite: boolean; mutation: FavoriteMutation; label: { add: string; added: string } }) {
  return (
    <button
      type="button"
      className={`button${favorite ? '' : ' button--primary'}`}
      aria-pressed={favorite}
      disabled={mutation.isPending}
      data-testid="favorite-button"
      onClick={() => requireMember(() => mutation.mutate(!favorite, { onError: (error) => showNotice(errorText(error)) }))}
    >
      {favorite ? label.added : label.add}
    </button>
  );
}
