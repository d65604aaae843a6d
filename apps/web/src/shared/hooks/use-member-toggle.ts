import { useMutation, useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { errorText } from '../errors';
import { requireMember } from '../session';
import { announce } from '../ui/announcer';
import { showNotice } from '../ui/notice-store';

export interface MemberToggle {
  /**
   * Switch on or off; anonymous visitors get the confirm-login dialog instead (Cancel does
   * nothing). `done` is said to screen-reader users once the server has agreed ("Followed").
   * A call while one is in flight is ignored.
   */
  toggle: (on: boolean, done?: string) => void;
  isPending: boolean;
}

/**
 * Like, follow, subscribe, favourite, remind: one member action behind a button. The cached state
 * changes in `onSuccess` only, from the server's answer (code 0), so a refused or failed call leaves
 * it as it was and says why in a notice. While a call is in flight the button says so with
 * `aria-disabled` and stays focusable (a disabled button would drop keyboard focus to the page).
 */
export function useMemberToggle<R>(options: {
  mutationFn: (on: boolean) => Promise<R>;
  /**
   * The queries `onSuccess` writes the answer into. A read of them still in flight (the member's
   * own answers asked for right after hydration, say) was answered before the change and would
   * put the old state back when it lands: it is cancelled first.
   */
  updates: readonly QueryKey[];
  onSuccess: (result: R, client: QueryClient) => void;
}): MemberToggle {
  const client = useQueryClient();
  const mutation = useMutation({
    mutationFn: options.mutationFn,
    onSuccess: async (result) => {
      await Promise.all(options.updates.map((queryKey) => client.cancelQueries({ queryKey })));
      options.onSuccess(result, client);
    },
  });
  return {
    toggle: (on, done) =>
      requireMember(() => {
        if (mutation.isPending) return;
        mutation.mutate(on, {
          onSuccess: () => {
            if (done) announce(done);
          },
          onError: (error) => showNotice(errorText(error)),
        });
      }),
    isPending: mutation.isPending,
  };
}
