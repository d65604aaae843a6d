import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { DataOf } from '@medportal/contract';
import { paths } from '../../../config/paths';
import { errorText } from '../../../shared/errors';
import { storeLoginResult } from '../../../shared/session';
import { launchMeeting } from '../api/meetings';

/** A token works once: a second effect run (remount, strict mode) waits for the same answer. */
const launches = new Map<string, Promise<DataOf<'meetingLaunch'>>>();
function launchOnce(token: string): Promise<DataOf<'meetingLaunch'>> {
  let p = launches.get(token);
  if (!p) {
    p = launchMeeting(token);
    launches.set(token, p);
  }
  return p;
}

/**
 * `/meeting/launch?token=`: uses the host's single-use launch token, which logs the host in (a
 * fresh session, also in an app web-view or another browser), then opens the room as its moderator.
 */
export function LaunchPage() {
  const { t } = useTranslation('meeting');
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const token = search.get('token') ?? '';
  const [error, setError] = useState<string | null>(token ? null : t('launch.missing'));

  useEffect(() => {
    if (!token) return;
    let live = true;
    launchOnce(token)
      .then(async (data) => {
        storeLoginResult(data.login);
        if (live) await navigate(paths.liveRoom.getHref(data.live_id), { replace: true });
      })
      .catch((e: unknown) => {
        if (live) setError(errorText(e));
      });
    return () => {
      live = false;
    };
  }, [token, navigate]);

  return (
    <div className="container meeting-join">
      <section className="meeting-join__panel" aria-labelledby="meeting-launch-heading" aria-busy={!error || undefined}>
        <h1 id="meeting-launch-heading">{error ? t('launch.failed') : t('launch.title')}</h1>
        {error ? (
          <>
            <p className="form-error" role="alert">
              {error}
            </p>
            <Link className="button" to={paths.myMeeting.getHref()}>
              {t('launch.back')}
            </Link>
          </>
        ) : (
          <p role="status">{t('launch.working')}</p>
        )}
      </section>
    </div>
  );
}
