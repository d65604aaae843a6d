import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { MEETING_DURATION_MAX_MIN, MEETING_PASSWORD_PATTERN } from '@medportal/contract/constants';
import { paths } from '../../../config/paths';
import { errorText } from '../../../shared/errors';
import { formatMeetingNumber } from '../../../shared/format/meeting-number';
import { browserTimezone } from '../../../shared/format/timezone';
import { positiveParam } from '../../../shared/page-param';
import { ErrorState } from '../../../shared/ui/error-state';
import { Skeleton } from '../../../shared/ui/skeleton';
import { createMeeting, meetingKeys, updateMeeting, useMeeting, useMeetingDepartments, type Meeting } from '../api/meetings';

const DURATIONS = [15, 30, 45, 60, 90, 120, 180, 240, 360, MEETING_DURATION_MAX_MIN] as const;

const pad = (n: number) => String(n).padStart(2, '0');
/** A Date as the values of `<input type=date>` and `<input type=time>` in the browser's time zone. */
function localParts(d: Date): { date: string; time: string } {
  return { date: `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`, time: `${pad(d.getHours())}:${pad(d.getMinutes())}` };
}

/** The next full half hour at least 30 minutes away: a sensible default start. */
function defaultStart(): Date {
  const d = new Date(Date.now() + 30 * 60_000);
  d.setSeconds(0, 0);
  d.setMinutes(d.getMinutes() < 30 ? 30 : 60);
  return d;
}

interface Values {
  title: string;
  date: string;
  time: string;
  duration: number;
  departmentId: string;
  usePassword: boolean;
  password: string;
  recorded: boolean;
}
type Field = 'title' | 'start' | 'department' | 'password';

function initialValues(m: Meeting | undefined): Values {
  const start = m ? new Date(m.start_at) : defaultStart();
  return {
    title: m?.title ?? '',
    ...localParts(start),
    duration: m?.duration_min ?? 60,
    departmentId: m?.department ? String(m.department.id) : '',
    usePassword: m ? m.has_password : false,
    password: m?.password ?? '',
    recorded: m?.recorded ?? false,
  };
}

function validate(v: Values, startChanged: boolean): { errors: Partial<Record<Field, true>>; start: Date | null } {
  const errors: Partial<Record<Field, true>> = {};
  const title = v.title.trim();
  if (title.length < 2 || title.length > 80) errors.title = true;
  const start = v.date && v.time ? new Date(`${v.date}T${v.time}`) : null;
  if (!start || Number.isNaN(start.getTime()) || (startChanged && start.getTime() < Date.now() - 60_000)) errors.start = true;
  if (!v.departmentId) errors.department = true;
  if (v.usePassword && !MEETING_PASSWORD_PATTERN.test(v.password.trim())) errors.password = true;
  return { errors, start };
}

/** The create and edit form: topic, start, duration, department, optional password, recording. */
function MeetingForm({ meeting }: { meeting?: Meeting }) {
  const { t } = useTranslation('meeting');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const departments = useMeetingDepartments();
  const [initial] = useState(() => initialValues(meeting));
  const [v, setV] = useState<Values>(initial);
  const [errors, setErrors] = useState<Partial<Record<Field, true>>>({});
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [done, setDone] = useState<string | null>(null);
  const set = <K extends keyof Values>(key: K, value: Values[K]) => setV((prev) => ({ ...prev, [key]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    const startChanged = !meeting || v.date !== initial.date || v.time !== initial.time;
    const checked = validate(v, startChanged);
    setErrors(checked.errors);
    const first = (['title', 'start', 'department', 'password'] as const).find((f) => checked.errors[f]);
    if (first || !checked.start) {
      document.getElementById(`meeting-${first === 'start' ? 'date' : (first ?? 'date')}`)?.focus();
      return;
    }
    setError(null);
    setPending(true);
    const body = {
      title: v.title.trim(),
      start_at: checked.start.toISOString(),
      duration_min: v.duration,
      department_id: Number(v.departmentId),
      recorded: v.recorded,
      password: v.usePassword ? v.password.trim() : null,
    };
    try {
      const saved = meeting ? await updateMeeting(meeting.id, body) : await createMeeting(body);
      await queryClient.invalidateQueries({ queryKey: meetingKeys.all });
      setDone(meeting ? t('form.saved') : t('form.created', { no: formatMeetingNumber(saved.meeting_no) }));
      await navigate(paths.myMeeting.getHref());
    } catch (e) {
      setError(e);
      setPending(false);
    }
  };

  const field = (name: Field) => (errors[name] ? ' form-field--invalid' : '');
  const described = (name: Field, hint?: string) => (errors[name] ? `meeting-${name}-error${hint ? ` ${hint}` : ''}` : hint);

  return (
    <form className="meeting-form" onSubmit={(e) => void submit(e)} noValidate data-testid="meeting-form">
      <div className={`form-field${field('title')}`}>
        <label htmlFor="meeting-title" className="form-field__label">
          {t('form.title')}
        </label>
        <input
          id="meeting-title"
          className="input"
          value={v.title}
          maxLength={80}
          placeholder={t('form.titlePlaceholder')}
          onChange={(e) => set('title', e.target.value)}
          aria-invalid={errors.title ? true : undefined}
          aria-describedby={described('title')}
          required
        />
        {errors.title ? (
          <p id="meeting-title-error" className="form-field__error">
            {t('form.titleError')}
          </p>
        ) : null}
      </div>
      <fieldset className={`meeting-form__when form-field${field('start')}`} aria-describedby={described('start', 'meeting-tz')}>
        <legend className="form-field__label">{t('form.start')}</legend>
        <div className="meeting-form__row">
          <div className="meeting-form__part">
            <label htmlFor="meeting-date" className="meeting-form__inline-label">
              {t('form.date')}
            </label>
            <input id="meeting-date" type="date" className="input" value={v.date} onChange={(e) => set('date', e.target.value)} aria-invalid={errors.start ? true : undefined} required />
          </div>
          <div className="meeting-form__part">
            <label htmlFor="meeting-time" className="meeting-form__inline-label">
              {t('form.time')}
            </label>
            <input id="meeting-time" type="time" className="input" value={v.time} onChange={(e) => set('time', e.target.value)} aria-invalid={errors.start ? true : undefined} required />
          </div>
        </div>
        <p id="meeting-tz" className="form-field__hint">
          {t('form.timezone', { tz: `UTC${browserTimezone()}` })}
        </p>
        {errors.start ? (
          <p id="meeting-start-error" className="form-field__error">
            {t('form.startError')}
          </p>
        ) : null}
      </fieldset>
      <div className="form-field">
        <label htmlFor="meeting-duration" className="form-field__label">
          {t('form.duration')}
        </label>
        <select id="meeting-duration" className="input" value={v.duration} onChange={(e) => set('duration', Number(e.target.value))}>
          {(DURATIONS as readonly number[]).includes(v.duration) ? null : <option value={v.duration}>{t('form.durationOption', { count: v.duration })}</option>}
          {DURATIONS.map((d) => (
            <option key={d} value={d}>
              {t('form.durationOption', { count: d })}
            </option>
          ))}
        </select>
      </div>
      <div className={`form-field${field('department')}`}>
        <label htmlFor="meeting-department" className="form-field__label">
          {t('form.department')}
        </label>
        <select
          id="meeting-department"
          className="input"
          value={v.departmentId}
          onChange={(e) => set('departmentId', e.target.value)}
          aria-invalid={errors.department ? true : undefined}
          aria-describedby={described('department')}
          aria-busy={departments.isPending || undefined}
          required
        >
          <option value="">{t('form.departmentPick')}</option>
          {(departments.data?.items ?? []).map((d) =>
            d.children.length ? (
              <optgroup key={d.id} label={d.title}>
                {d.children.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.title}
                  </option>
                ))}
              </optgroup>
            ) : (
              <option key={d.id} value={d.id}>
                {d.title}
              </option>
            ),
          )}
        </select>
        {departments.isError ? <ErrorState error={departments.error} onRetry={() => void departments.refetch()} /> : null}
        {errors.department ? (
          <p id="meeting-department-error" className="form-field__error">
            {t('form.departmentError')}
          </p>
        ) : null}
      </div>
      <div className="form-field">
        <label className="meeting-check">
          <input type="checkbox" checked={v.usePassword} onChange={(e) => set('usePassword', e.target.checked)} /> {t('form.usePassword')}
        </label>
      </div>
      {v.usePassword ? (
        <div className={`form-field${field('password')}`}>
          <label htmlFor="meeting-password" className="form-field__label">
            {t('form.password')}
          </label>
          <input
            id="meeting-password"
            className="input"
            value={v.password}
            maxLength={12}
            autoComplete="off"
            onChange={(e) => set('password', e.target.value)}
            aria-invalid={errors.password ? true : undefined}
            aria-describedby={described('password', 'meeting-password-hint')}
          />
          <p id="meeting-password-hint" className="form-field__hint">
            {t('form.passwordHint')}
          </p>
          {errors.password ? (
            <p id="meeting-password-error" className="form-field__error">
              {t('form.passwordError')}
            </p>
          ) : null}
        </div>
      ) : null}
      <div className="form-field">
        <label className="meeting-check">
          <input type="checkbox" checked={v.recorded} onChange={(e) => set('recorded', e.target.checked)} /> {t('form.recorded')}
        </label>
      </div>
      <p className="form-error" role="alert">
        {error ? errorText(error) : ''}
      </p>
      <p className="form__status" role="status">
        {done ?? ''}
      </p>
      <div className="meeting-form__submit">
        <button type="submit" className="button button--primary" disabled={pending} aria-busy={pending || undefined}>
          {meeting ? t('form.submitEdit') : t('form.submitCreate')}
        </button>
        <Link to={paths.myMeeting.getHref()}>{t('form.back')}</Link>
      </div>
    </form>
  );
}

/** `/meeting/create`. */
export function CreateMeetingPage() {
  const { t } = useTranslation('meeting');
  return (
    <section className="center-page meeting-page" aria-labelledby="center-heading">
      <h1 id="center-heading">{t('titles.create')}</h1>
      <MeetingForm />
    </section>
  );
}

/** `/meeting/edit/{id}`: an upcoming meeting's form, filled in. */
export function EditMeetingPage() {
  const { t } = useTranslation('meeting');
  const params = useParams();
  const id = positiveParam(new URLSearchParams({ id: params.id ?? '' }), 'id', 2_147_483_647) ?? null;
  const meeting = useMeeting(id);
  return (
    <section className="center-page meeting-page" aria-labelledby="center-heading">
      <h1 id="center-heading">{t('titles.edit')}</h1>
      {meeting.isPending && id !== null ? (
        <div aria-busy="true" aria-label={t('loading')}>
          <Skeleton height={320} />
        </div>
      ) : meeting.isError || !meeting.data ? (
        <ErrorState error={meeting.error} onRetry={() => void meeting.refetch()} />
      ) : meeting.data.can_edit ? (
        <MeetingForm key={meeting.data.id} meeting={meeting.data} />
      ) : (
        <p className="center-empty" role="status">
          {t('form.notEditable')} <Link to={paths.myMeeting.getHref()}>{t('form.back')}</Link>
        </p>
      )}
    </section>
  );
}
