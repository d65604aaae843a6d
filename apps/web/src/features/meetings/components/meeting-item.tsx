import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { errorText } from '../../../shared/errors';
import { formatDateTime, formatTime } from '../../../shared/format/date';
import { formatMeetingNumber } from '../../../shared/format/meeting-number';
import { useLang } from '../../../shared/hooks/use-lang';
import { useOrigin } from '../../../shared/hooks/use-origin';
import { Dialog } from '../../../shared/ui/dialog';
import { QrCode } from '../../../shared/ui/qr-code';
import { cancelMeeting, launchToken, meetingKeys, updateMeeting, type Meeting } from '../api/meetings';

/** One of my meetings: number, time, settings and what the host can do with it now. */
export function MeetingItem({ meeting: m }: { meeting: Meeting }) {
  const { t } = useTranslation('meeting');
  const lang = useLang();
  const origin = useOrigin();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [qr, setQr] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [removing, setRemoving] = useState(false);
  const [busy, setBusy] = useState<'start' | 'cancel' | 'remove' | null>(null);
  const [note, setNote] = useState<{ text: string; ok: boolean } | null>(null);
  const number = formatMeetingNumber(m.meeting_no);
  const link = `${origin}${m.join_path}`;
  const qrId = `meeting-qr-${m.id}`;

  const start = async () => {
    setBusy('start');
    setNote(null);
    try {
      const issued = await launchToken(m.id);
      await navigate(paths.meetingLaunch.getHref(issued.token));
    } catch (e) {
      setNote({ text: errorText(e), ok: false });
      setBusy(null);
    }
  };

  const copy = async () => {
    const text = m.password ? `${m.title}\n${t('item.number')} ${number}\n${t('item.password')} ${m.password}\n${link}` : `${m.title}\n${t('item.number')} ${number}\n${link}`;
    try {
      await navigator.clipboard.writeText(text);
      setNote({ text: t('item.copied'), ok: true });
    } catch {
      setNote({ text: t('item.copyFailed'), ok: false });
    }
  };

  const cancel = async () => {
    setBusy('cancel');
    try {
      await cancelMeeting(m.id);
      setConfirming(false);
      setNote({ text: t('item.cancelled'), ok: true });
      await queryClient.invalidateQueries({ queryKey: meetingKeys.all });
    } catch (e) {
      setConfirming(false);
      setNote({ text: errorText(e), ok: false });
    } finally {
      setBusy(null);
    }
  };

  // After the end, switching recording off takes the recording down for everyone.
  const removeRecording = async () => {
    setBusy('remove');
    try {
      await updateMeeting(m.id, { recorded: false });
      setRemoving(false);
      setNote({ text: t('item.removed'), ok: true });
      await queryClient.invalidateQueries({ queryKey: meetingKeys.all });
    } catch (e) {
      setRemoving(false);
      setNote({ text: errorText(e), ok: false });
    } finally {
      setBusy(null);
    }
  };

  const ended = m.status === 'ended';
  return (
    <li className={`meeting-item meeting-item--${m.status}`} data-testid="meeting-item" data-meeting-id={m.id}>
      <div className="meeting-item__main">
        <h2 className="meeting-item__title">
          <span className={`meeting-badge meeting-badge--${m.status}`}>{t(`status.${m.status}`)}</span>{' '}
          {m.recorded && (m.status === 'upcoming' || m.status === 'live') ? (
            <>
              <span className="meeting-badge meeting-badge--recording" data-testid="meeting-recording">
                {t('item.recording')}
              </span>{' '}
            </>
          ) : null}
          {m.title}
        </h2>
        <dl className="meeting-item__facts">
          <div>
            <dt>{t('item.number')}</dt>
            <dd className="meeting-number" data-testid="meeting-number">
              {number}
            </dd>
          </div>
          <div>
            <dt>{t('item.time')}</dt>
            <dd>
              <time dateTime={m.start_at}>{formatDateTime(m.start_at, lang)}</time>–<time dateTime={m.end_at}>{formatTime(m.end_at, lang)}</time>{' '}
              ({t('item.duration', { count: m.duration_min })})
            </dd>
          </div>
          {m.department ? (
            <div>
              <dt>{t('item.department')}</dt>
              <dd>{m.department.title}</dd>
            </div>
          ) : null}
          <div>
            <dt>{t('item.password')}</dt>
            <dd data-testid="meeting-password">{m.password ?? t('item.noPassword')}</dd>
          </div>
          <div>
            <dt className="visually-hidden">{t('item.recorded')}</dt>
            <dd data-testid="meeting-recorded">{m.recorded ? t('item.recorded') : t(ended ? 'item.notRecordedEnded' : 'item.notRecorded')}</dd>
          </div>
        </dl>
        {qr ? (
          <div className="meeting-item__qr" id={qrId}>
            <QrCode value={link} label={t('item.qrLabel', { no: number })} size={132} />
            <p>
              {t('item.link')}:{' '}
              <a href={link} className="meeting-item__link" data-testid="meeting-link">
                {link}
              </a>
            </p>
          </div>
        ) : null}
        <p className={note?.ok ? 'form__status' : 'form-error'} role={note?.ok ? 'status' : 'alert'}>
          {note?.text ?? ''}
        </p>
      </div>
      {m.status === 'upcoming' || m.status === 'live' ? (
        <div className="meeting-item__actions">
          <button type="button" className="button button--primary" onClick={() => void start()} disabled={busy !== null} aria-busy={busy === 'start' || undefined}>
            {busy === 'start' ? t('item.starting') : t('item.start')}
          </button>
          <button type="button" className="button" onClick={() => void copy()}>
            {t('item.copy')}
          </button>
          <button type="button" className="button" aria-expanded={qr} aria-controls={qr ? qrId : undefined} onClick={() => setQr((v) => !v)}>
            {qr ? t('item.hideQr') : t('item.qr')}
          </button>
          {m.can_edit ? (
            <Link className="button" to={paths.meetingEdit.getHref(m.id)}>
              {t('item.edit')}
            </Link>
          ) : null}
          {m.can_cancel ? (
            <button type="button" className="button meeting-item__cancel" onClick={() => setConfirming(true)} disabled={busy !== null}>
              {t('item.cancel')}
            </button>
          ) : null}
        </div>
      ) : ended && m.recorded ? (
        <div className="meeting-item__actions">
          <Link className="button button--primary" to={paths.liveRoom.getHref(m.live_id)}>
            {t('item.watchRecording')}
          </Link>
          <button type="button" className="button meeting-item__cancel" onClick={() => setRemoving(true)} disabled={busy !== null}>
            {t('item.removeRecording')}
          </button>
        </div>
      ) : null}
      <Dialog
        open={removing}
        role="alertdialog"
        title={t('item.removeTitle')}
        onClose={() => busy !== 'remove' && setRemoving(false)}
        footer={
          <>
            <button type="button" className="button" data-autofocus onClick={() => setRemoving(false)} disabled={busy === 'remove'}>
              {t('item.removeKeep')}
            </button>
            <button type="button" className="button meeting-button--danger" onClick={() => void removeRecording()} disabled={busy === 'remove'} aria-busy={busy === 'remove' || undefined}>
              {t('item.removeConfirm')}
            </button>
          </>
        }
      >
        <p>{t('item.removeBody', { title: m.title })}</p>
      </Dialog>
      <Dialog
        open={confirming}
        role="alertdialog"
        title={t('item.cancelTitle')}
        onClose={() => busy !== 'cancel' && setConfirming(false)}
        footer={
          <>
            <button type="button" className="button" data-autofocus onClick={() => setConfirming(false)} disabled={busy === 'cancel'}>
              {t('item.cancelKeep')}
            </button>
            <button type="button" className="button meeting-button--danger" onClick={() => void cancel()} disabled={busy === 'cancel'} aria-busy={busy === 'cancel' || undefined}>
              {t('item.cancelConfirm')}
            </button>
          </>
        }
      >
        <p>{t('item.cancelBody', { title: m.title })}</p>
      </Dialog>
    </li>
  );
}
