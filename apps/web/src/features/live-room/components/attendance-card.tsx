import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../shared/errors';
import { announce } from '../../../shared/ui/announcer';
import { attendanceQueryOptions, useAnswerPresence } from '../api/live-room';

/** Seconds until `iso`, ticking each second while above zero. */
function useSecondsLeft(iso: string | undefined): number {
  const [now, setNow] = useState(() => Date.now());
  const left = iso ? Math.max(0, Math.ceil((Date.parse(iso) - now) / 1000)) : 0;
  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setNow(Date.now()), 1000);
    return () => clearTimeout(timer);
  }, [left, now]);
  return left;
}

/**
 * My attendance of the live (minutes counted, presence checks answered) and, while a check is
 * open, the "still here?" prompt: focused when it appears and announced to screen readers.
 */
export function AttendanceCard({ liveId, onAir }: { liveId: number; onAir: boolean }) {
  const { t } = useTranslation('liveRoom');
  // Minutes move while on air: read them again every minute.
  const mine = useQuery({ ...attendanceQueryOptions(liveId), refetchInterval: onAir ? 60_000 : false });
  const answer = useAnswerPresence(liveId);
  // An answer's error belongs to its check: a new check starts without it.
  const [failed, setFailed] = useState<{ checkId: number; text: string } | null>(null);
  const check = mine.data?.open_check ?? null;
  const left = useSecondsLeft(check && !check.answered ? check.closes_at : undefined);
  const prompting = check !== null && !check.answered && left > 0;
  const button = useRef<HTMLButtonElement>(null);
  const promptId = prompting ? check.id : null;
  const error = failed && (promptId === null || failed.checkId === promptId) ? failed.text : null;

  useEffect(() => {
    if (promptId === null) return;
    announce(t('attend.prompt'), 'assertive');
    button.current?.focus();
  }, [promptId, t]);

  if (mine.isPending) return <section className="lr-card lr-attend" aria-busy="true" aria-label={t('attend.title')} />;
  if (mine.isError) {
    return (
      <section className="lr-card lr-attend" aria-labelledby="lr-attend-title">
        <h2 id="lr-attend-title">{t('attend.title')}</h2>
        <p className="lr-muted">{errorText(mine.error)}</p>
        <button type="button" className="button" onClick={() => void mine.refetch()}>
          {t('attend.retry')}
        </button>
      </section>
    );
  }
  const a = mine.data;
  const minutes = Math.floor(a.attended_seconds / 60);
  return (
    <section className="lr-card lr-attend" aria-labelledby="lr-attend-title" data-testid="attendance" data-seconds={a.attended_seconds} data-answered={a.presence_checks.answered}>
      <h2 id="lr-attend-title">{t('attend.title')}</h2>
      {prompting ? (
        <div className="lr-attend__prompt" role="alertdialog" aria-labelledby="lr-attend-q" aria-describedby="lr-attend-left" data-testid="presence-prompt">
          <p id="lr-attend-q" className="lr-attend__question">
            {t('attend.prompt')}
          </p>
          <p id="lr-attend-left" className="lr-muted">
            {t('attend.left', { count: left })}
          </p>
          <button
            ref={button}
            type="button"
            className="button button--primary"
            disabled={answer.isPending}
            onClick={() =>
              answer.mutate(check.id, {
                onSuccess: () => announce(t('attend.thanks')),
                onError: (err) => setFailed({ checkId: check.id, text: errorText(err) }),
              })
            }
          >
            {t('attend.here')}
          </button>
        </div>
      ) : null}
      {error ? (
        <p role="alert" className="lr-notice">
          {error}
        </p>
      ) : null}
      <dl className="lr-attend__figures">
        <div>
          <dt>{t('attend.minutes')}</dt>
          <dd data-testid="attendance-minutes">{t('attend.minutesValue', { count: minutes, total: Math.round(a.scheduled_seconds / 60) })}</dd>
        </div>
        <div>
          <dt>{t('attend.checks')}</dt>
          <dd data-testid="attendance-checks">{t('attend.checksValue', { answered: a.presence_checks.answered, asked: a.presence_checks.asked })}</dd>
        </div>
      </dl>
      {a.attended_seconds === 0 && onAir ? <p className="lr-muted">{t('attend.empty')}</p> : null}
    </section>
  );
}
