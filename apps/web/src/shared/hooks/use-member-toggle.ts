import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { errorText } from '../errors';
import { requireMember } from '../session';
import { showNotice } from '../ui/notice-store';

export interface MemberToggle {
  /** Switch on or off; anonymous visitors get the confirm-login dialog instead (Cancel does nothing). */
  toggle: (on: boolean) => void;
  isPending: boolean;
}

/**
 * Like, follow, subscribe, favourite, remind: one member action behind a button. The cached state
 * changes in `onSuccess` only, from the server's answer (code 0), so a refused or failed call leaves
 * it as it was and says why in a notice; the button is disabled while a call is in flight.
 */
export function useMemberToggle<R>(options: { mutationFn: (on: boolean) => Promise<R>; onSuccess: (result: R, client: QueryClient) => void }): MemberToggle {
  const client = useQueryClient();
  const mutation = useMutation({ mutationFn: options.mutationFn, onSuccess: (result) => options.onSuccess(result, client) });
  return {
    toggle: (on) => requireMember(() => mutation.mutate(on, { onError: (error) => showNotice(errorText(error)) })),
    isPending: mutation.isPending,
  };
}
