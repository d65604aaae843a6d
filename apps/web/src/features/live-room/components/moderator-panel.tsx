import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LiveStatus } from '@medportal/contract/codes';
import { errorText } from '../../../shared/errors';
import { Dialog } from '../../../shared/ui/dialog';
import { announce } from '../../../shared/ui/announcer';
import { ScanQrPanel } from '../../../shared/share/scan-qr';
import {
  type LiveRoomDetail,
  type Polls,
  presenceScheduleQueryOptions,
  signsQueryOptions,
  topicsQueryOptions,
  useAnswer,
  useAskPresence,
  useClosePoll,
  useCreatePoll,
  useModerate,
  useSetPresenceSchedule,
  useSetStatus,
} from '../api/live-room';

/** Choices of the presence-check schedule, in minutes (0: none). */
const SCHEDULE_MINUTES = [0, 10, 15, 20, 30, 45, 60];

/** For the live's moderators: waiting questions, answers, polls, status and check-ins. */
export function ModeratorPanel({ live, polls }: { live: LiveRoomDetail; polls: Polls | undefined }) {
  const { t } = useTranslation('liveRoom');
  const id = live.id;
  const pending = useQuery(topicsQueryOptions(id, 'new', 'pending'));
  const all = useQuery(topicsQueryOptions(id, 'new', 'visible'));
  const signs = useQuery(signsQueryOptions(id));
  const moderate = useModerate(id);
  const answer = useAnswer(id);
  const status = useSetStatus(id);
  const createPoll = useCreatePoll(id);
  const closePoll = useClosePoll(id);
  const askPresence = useAskPresence(id);
  const schedule = useQuery(presenceScheduleQueryOptions(id));
  const setSchedule = useSetPresenceSchedule(id);
  const [answers, setAnswers] = useState<Record<number, string>>({});
  const [question, setQuestion] = useState('');
  const [options, setOptions] = useState('');
  const [multiple, setMultiple] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [confirmEnd, setConfirmEnd] = useState(false);
  const onError = (err: unknown) => setError(errorText(err));
  const openPoll = polls?.items.find((p) => p.status === 'open');
  const unanswered = (all.data?.items ?? []).filter((q) => !q.answered && q.status === 'approved');

  return (
    <section className="lr-card lr-mod lr-order-mod" aria-labelledby="lr-mod-title" data-testid="moderator-panel">
      <div className="lr-card__head">
        <h2 id="lr-mod-title">{t('mod.title')}</h2>
        <span className="lr-muted">{t('mod.signs', { count: signs.data?.total ?? 0 })}</span>
      </div>
      {error ? <p role="alert" className="lr-notice">{error}</p> : null}
      <div className="lr-mod__status">
        {live.live_status === LiveStatus.UPCOMING ? (
          <button type="button" className="button button--primary" onClick={() => status.mutate('start', { onError })}>
            {t('mod.start')}
          </button>
        ) : null}
        {live.live_status === LiveStatus.LIVE ? (
          <button type="button" className="button lr-danger" onClick={() => setConfirmEnd(true)}>
            {t('mod.end')}
          </button>
        ) : null}
        {live.live_status === LiveStatus.LIVE ? (
          <button
            type="button"
            className="button"
            disabled={askPresence.isPending}
            onClick={() => askPresence.mutate(undefined, { onSuccess: () => announce(t('attend.asked')), onError })}
          >
            {t('attend.ask')}
          </button>
        ) : null}
        {live.live_status === LiveStatus.ENDED ? (
          <button type="button" className="button button--primary" onClick={() => status.mutate('replay', { onError })}>
            {t('mod.replay')}
          </button>
        ) : null}
      </div>

      {live.live_status !== LiveStatus.ENDED && live.live_status !== LiveStatus.REPLAY ? <ScanQrPanel liveId={id} /> : null}

      {live.live_status !== LiveStatus.ENDED && live.live_status !== LiveStatus.REPLAY ? (
        <div className="lr-mod__row">
          <label htmlFor="lr-presence-every">{t('attend.schedule')}</label>
          <select
            id="lr-presence-every"
            value={schedule.data?.every_min ?? 0}
            disabled={!schedule.data || setSchedule.isPending}
            onChange={(e) => setSchedule.mutate(Number(e.target.value), { onSuccess: () => announce(t('attend.scheduleSaved')), onError })}
          >
            {SCHEDULE_MINUTES.map((m) => (
              <option key={m} value={m}>
                {m === 0 ? t('attend.scheduleOff') : t('attend.scheduleEvery', { count: m })}
              </option>
            ))}
          </select>
        </div>
      ) : null}

      <Dialog
        open={confirmEnd}
        role="alertdialog"
        title={t('mod.endConfirmTitle')}
        onClose={() => setConfirmEnd(false)}
        footer={
          <>
            <button type="button" className="button" data-autofocus onClick={() => setConfirmEnd(false)}>
              {t('mod.cancel')}
            </button>
            <button
              type="button"
              className="button lr-danger"
              disabled={status.isPending}
              onClick={() => status.mutate('end', { onError, onSettled: () => setConfirmEnd(false) })}
            >
              {t('mod.end')}
            </button>
          </>
        }
      >
        <p>{t('mod.endConfirm')}</p>
      </Dialog>

      <h3>{t('mod.pending', { count: pending.data?.total ?? 0 })}</h3>
      {pending.data?.total === 0 ? <p className="lr-muted">{t('mod.noPending')}</p> : null}
      <ul className="lr-topics">
        {(pending.data?.items ?? []).map((q) => (
          <li key={q.id} className="lr-topic" data-testid="pending-topic" data-topic-id={q.id}>
            <p className="lr-topic__content">
              <strong>{q.user.nickname}</strong> {q.content}
            </p>
            <div className="lr-mod__row">
              <button type="button" className="button button--primary" onClick={() => moderate.mutate({ topicId: q.id, action: 'approve' }, { onError })}>
                {t('mod.approve')}
              </button>
              <button type="button" className="button" onClick={() => moderate.mutate({ topicId: q.id, action: 'hide' }, { onError })}>
                {t('mod.hide')}
              </button>
            </div>
          </li>
        ))}
      </ul>

      <h3>{t('mod.toAnswer', { count: unanswered.length })}</h3>
      {all.data && unanswered.length === 0 ? <p className="lr-muted">{t('mod.noUnanswered')}</p> : null}
      <ul className="lr-topics">
        {unanswered.map((q) => (
          <li key={q.id} className="lr-topic" data-testid="answer-topic" data-topic-id={q.id}>
            <p className="lr-topic__content">{q.content}</p>
            <form
              className="lr-mod__row"
              onSubmit={(e) => {
                e.preventDefault();
                const text = (answers[q.id] ?? '').trim();
                if (text) answer.mutate({ topicId: q.id, answer: text }, { onError, onSuccess: () => setAnswers((a) => ({ ...a, [q.id]: '' })) });
              }}
            >
              <label className="visually-hidden" htmlFor={`answer-${q.id}`}>
                {t('mod.answerLabel')}
              </label>
              <input id={`answer-${q.id}`} value={answers[q.id] ?? ''} onChange={(e) => setAnswers((a) => ({ ...a, [q.id]: e.target.value }))} placeholder={t('mod.answerLabel')} />
              <button type="submit" className="button button--primary">
                {t('mod.answer')}
              </button>
              <button type="button" className="button" onClick={() => moderate.mutate({ topicId: q.id, action: q.pinned ? 'unpin' : 'pin' }, { onError })}>
                {q.pinned ? t('mod.unpin') : t('mod.pin')}
              </button>
              <button type="button" className="button" onClick={() => moderate.mutate({ topicId: q.id, action: 'hide' }, { onError })}>
                {t('mod.hide')}
              </button>
            </form>
          </li>
        ))}
      </ul>

      <h3>{t('mod.poll')}</h3>
      {openPoll ? (
        <button type="button" className="button" onClick={() => closePoll.mutate(openPoll.id, { onError })}>
          {t('mod.closePoll')}
        </button>
      ) : (
        <form
          className="lr-mod__poll"
          onSubmit={(e) => {
            e.preventDefault();
            const opts = options.split('\n').map((o) => o.trim()).filter(Boolean);
            createPoll.mutate(
              { question: question.trim(), options: opts, multiple },
              { onError, onSuccess: () => (setQuestion(''), setOptions('')) },
            );
          }}
        >
          <label>
            {t('mod.pollQuestion')}
            <input value={question} onChange={(e) => setQuestion(e.target.value)} required minLength={2} maxLength={200} />
          </label>
          <label>
            {t('mod.pollOptions')}
            <textarea value={options} onChange={(e) => setOptions(e.target.value)} rows={3} required />
          </label>
          <label className="lr-check">
            <input type="checkbox" checked={multiple} onChange={(e) => setMultiple(e.target.checked)} />
            {t('mod.pollMultiple')}
          </label>
          <button type="submit" className="button button--primary">
            {t('mod.openPoll')}
          </button>
        </form>
      )}
    </section>
  );
}
