import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { BodyOf } from '@medportal/contract';
import { pathOf } from '@medportal/contract/routes';
import { api } from '../../../shared/api-client';
import { sendBeacon } from '../../../shared/beacon';
import { courseKeys } from './keys';
import type { PlayerProgress } from '../../../shared/player';

/**
 * The player's `onProgress` for a chapter: a learning heartbeat (`learn_log`) every 15 s while
 * playing and on pause or end, a beacon when the page goes. Progress shown on the page refreshes
 * after a pause, the end or leaving.
 */
export function useLearnHeartbeat(courseId: number, chapterId: number, signedIn: boolean): (p: PlayerProgress) => void {
  const client = useQueryClient();
  return useCallback(
    (p: PlayerProgress) => {
      if (!signedIn) return;
      const body: BodyOf<'courseLearnLog'> = {
        chapter_id: chapterId,
        position_s: Math.floor(p.position),
        played_s: Math.floor(p.played),
        session_id: p.sessionId,
      };
      if (p.reason === 'leave') {
        sendBeacon(pathOf('courseLearnLog', { id: courseId }), body);
        void client.invalidateQueries({ queryKey: courseKeys.progress(courseId), refetchType: 'none' });
        return;
      }
      void api
        .call('courseLearnLog', { params: { id: courseId }, body })
        .then(() => (p.reason === 'tick' || p.reason === 'start' ? undefined : client.invalidateQueries({ queryKey: courseKeys.progress(courseId) })))
        .catch(() => undefined);
    },
    [client, courseId, chapterId, signedIn],
  );
}
