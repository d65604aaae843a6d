import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { MEETING_NUMBER_DIGITS } from '@medportal/contract/constants';
import { paths } from '../../../config/paths';
import { errorText } from '../../../shared/errors';
import { isApiError } from '../../../shared/api-client';
import { ErrorCode } from '@medportal/contract/codes';
import { formatDateTime, formatTime } from '../../../shared/format/date';
import { formatMeetingNumber, parseMeetingNumber } from '../../../shared/format/meeting-number';
import { useLang } from '../../../shared/hooks/use-lang';
import { useHereUrl } from '../../../shared/hooks/use-origin';
import { useSession } from '../../../shared/session';
import { ErrorState } from '../../../shared/ui/error-state';
import { Skeleton } from '../../../shared/ui/skeleton';
import { enterAccessCode, useMeetingByNumber, type MeetingJoinInfo } from '../api/meetings';

/** The number box: accepts digits with or without hyphens or spaces. */
function NumberForm({ initial = '' }: { initial?: string }) {
  const { t } = useTranslation('meeting');
  const navigate = useNavigate();
  const [value, setValue] = useState(initial);
  const [invalid, setInvalid] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const digits = parseMeetingNumber(value);
    if (!digits || digits.length !== MEETING_NUMBER_DIGITS) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    void navigate(paths.meetingJoinNumber.getHref(digits));
  };
  return (
    <form className="meeting-join__find" onSubmit={submit} noValidate>
      <div className={`form-field${invalid ? ' form-field--invalid' : ''}`}>
        <label htmlFor="meeting-number" className="form-field__label">
          {t('join.number')}
        </label>
        <input
          id="meeting-number"
          className="input meeting-number-input"
          inputMode="numeric"
          autoComplete="off"
          maxLength={20}
          value={value}
          placeholder={t('join.numberPlaceholder')}
          onChange={(e) => setValue(e.target.value)}
          onBlur={() => {
            const digits = parseMeetingNumber(value);
            if (digits) setValue(formatMeetingNumber(digits));
          }}
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? 'meeting-number-error' : undefined}
        />
        {invalid ? (
          <p id="meeting-number-error" className="form-field__error">
            {t('join.numberError')}
          </p>
        ) : null}
      </div>
      <button type="submit" className="button button--primary">
        {t('join.find')}
      </button>
    </form>
  );
}

/** A found meeting: what it is, and the way in (login, then the password if it has one). */
function JoinCard({ info }: { info: MeetingJoinInfo }) {
  const { t } = useTranslation('meeting');
  const lang = useLang();
  const navigate = useNavigate();
  const here = useHereUrl();
  const session = useSession();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const open = info.status === 'upcoming' || info.status === 'live';

  const join = async (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    setError(null);
    if (info.has_password) {
      if (!password.trim()) return setError(t('join.passwordError'));
      setPending(true);
      try {
        await enterAccessCode(info.live_id, password.trim());
      } catch (e) {
        setPending(false);
        return setError(errorText(e));
      }
    }
    await navigate(paths.liveRoom.getHref(info.live_id));
  };

  return (
    <article className="meeting-join__card" data-testid="meeting-join-card" aria-labelledby="meeting-join-title">
      <h2 id="meeting-join-title" className="meeting-join__title">
        <span className={`meeting-badge meeting-badge--${info.status}`}>{t(`status.${info.status}`)}</span> {info.title}
      </h2>
      <dl className="meeting-item__facts">
        <div>
          <dt>{t('item.number')}</dt>
          <dd className="meeting-number" data-testid="meeting-number">
            {formatMeetingNumber(info.meeting_no)}
          </dd>
        </div>
        <div>
          <dt>{t('join.host')}</dt>
          <dd>{info.host}</dd>
        </div>
        <div>
          <dt>{t('join.when')}</dt>
          <dd>
            <time dateTime={info.start_at}>{formatDateTime(info.start_at, lang)}</time>–<time dateTime={info.end_at}>{formatTime(info.end_at, lang)}</time>
          </dd>
        </div>
        {info.department ? (
          <div>
            <dt>{t('join.department')}</dt>
            <dd>{info.department}</dd>
          </div>
        ) : null}
      </dl>
      {!open ? (
        <p className="center-empty" role="status">
          {info.status === 'cancelled' ? t('join.cancelled') : t('join.ended')}
        </p>
      ) : session.status === 'pending' ? (
        <Skeleton height={60} />
      ) : session.status === 'anonymous' ? (
        <div className="meeting-join__login">
          <p>{t('join.loginHint')}</p>
          <Link className="button button--primary" to={paths.login.getHref(here)}>
            {t('join.login')}
          </Link>
        </div>
      ) : (
        <form onSubmit={(e) => void join(e)} noValidate className="meeting-join__enter">
          {info.has_password ? (
            <div className={`form-field${error ? ' form-field--invalid' : ''}`}>
              <label htmlFor="meeting-join-password" className="form-field__label">
                {t('join.password')}
              </label>
              <input
                id="meeting-join-password"
                className="input"
                autoComplete="off"
                maxLength={12}
                value={password}
                onChange={(e) => setPassword(e.target.value)}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? 'meeting-join-error' : undefined}
              />
            </div>
          ) : null}
          <p id="meeting-join-error" className="form-error" role="alert">
            {error ?? ''}
          </p>
          <button type="submit" className="button button--primary" disabled={pending} aria-busy={pending || undefined}>
            {pending ? t('join.entering') : t('join.enter')}
          </button>
        </form>
      )}
    </article>
  );
}

/** `/meeting/join` and `/meeting/join/{number}` (the attendee link): find a meeting by number and enter it. */
export function JoinPage() {
  const { t } = useTranslation('meeting');
  const { number } = useParams();
  const digits = number ? parseMeetingNumber(number) : null;
  const valid = digits !== null && digits.length === MEETING_NUMBER_DIGITS;
  const info = useMeetingByNumber(valid ? digits : null);
  const notFound = info.isError && isApiError(info.error) && (info.error.code === ErrorCode.NOT_FOUND || info.error.code === ErrorCode.VALIDATION);
  return (
    <div className="container meeting-join">
      <section className="meeting-join__panel" aria-labelledby="meeting-join-heading">
        <h1 id="meeting-join-heading">{t('join.title')}</h1>
        {!number ? (
          <NumberForm />
        ) : !valid || notFound ? (
          <>
            <p className="form-error" role="alert">
              {t('join.notFound')}
            </p>
            <NumberForm initial={number} />
          </>
        ) : info.isPending ? (
          <div aria-busy="true" aria-label={t('loading')}>
            <Skeleton height={180} />
          </div>
        ) : info.isError || !info.data ? (
          <ErrorState error={info.error} onRetry={() => void info.refetch()} />
        ) : (
          <>
            <JoinCard info={info.data} />
            <p className="meeting-join__other">
              <Link to={paths.meetingJoin.getHref()}>{t('join.other')}</Link>
            </p>
          </>
        )}
      </section>
    </div>
  );
}
