import { useCallback } from 'react';
import type { WatchModule } from '@medportal/contract';
import { pathOf } from '@medportal/contract/routes';
import { api } from '../api-client';
import { sendBeacon } from '../beacon';
import { useSession } from '../session';
import type { PlayerProgress } from './video-player';

/**
 * The player's `onProgress` for lives and recordings: watch-time heartbeats
 * (`POST /v1/user/watch_log`) while signed in; a beacon when the page goes.
 */
export function useWatchLog(moduleName: WatchModule, id: number): (p: PlayerProgress) => void {
  const session = useSession();
  const signedIn = session.status === 'authenticated' || session.token !== null;
  return useCallback(
    (p: PlayerProgress) => {
      if (!signedIn) return;
      const body = { module_name: moduleName, id, played_s: Math.floor(p.played), session_id: p.sessionId };
      if (p.reason === 'leave') sendBeacon(pathOf('watchLog'), body);
      else void api.call('watchLog', { body }).catch(() => undefined);
    },
    [signedIn, moduleName, id],
  );
}
