import { useCallback, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorCode } from '@medportal/contract/codes';
import { DEFAULT_COUNTRY_CODE } from '@medportal/contract/constants';
import { paths } from '../../../config/paths';
import { api, isApiError } from '../../../shared/api-client';
import { errorText } from '../../../shared/errors';
import { ErrorState } from '../../../shared/ui/error-state';
import { Skeleton } from '../../../shared/ui/skeleton';
import { sendEmailCode, sendSms } from '../api/accounts';
import { personalInfoQueryOptions, updatePersonalInfo, type PersonalInfo } from '../api/profile';
import { AvatarField } from '../components/avatar-field';
import { CaptchaField } from '../components/captcha-field';
import { CodeField } from '../components/code-field';
import { EmailField } from '../components/email-field';
import { FormError, SubmitButton, TextField } from '../components/field';
import { PhoneField } from '../components/phone-field';
import { DepartmentSelect } from '../components/profile-fields';
import { useCaptcha } from '../hooks/use-captcha';
import { useCodeSender } from '../hooks/use-code-sender';
import { useForm } from '../hooks/use-form';
import { errorCode, serverFieldErrors } from '../lib/api-errors';
import { bindContactRules, personalInfoRules } from '../lib/forms';
import '../auth.css';

const MAX = { real_name: 40, hospital: 100, professional_title: 40 } as const;

type ProfileValues = {
  avatar_url: string;
  nickname: string;
  real_name: string;
  hospital: string;
  department_id: string;
  professional_title: string;
};

const fromInfo = (me: PersonalInfo): ProfileValues => ({
  avatar_url: me.avatar_url,
  nickname: me.nickname,
  real_name: me.real_name,
  hospital: me.hospital,
  department_id: me.department ? String(me.department.id) : '',
  professional_title: me.professional_title,
});

function ProfileForm({ me }: { me: PersonalInfo }) {
  const { t } = useTranslation('auth');
  const queryClient = useQueryClient();
  const form = useForm<ProfileValues>(() => fromInfo(me), personalInfoRules);
  const { values, set, errors, setErrors, attachForm, pending, formError, handleSubmit } = form;
  const [uploading, setUploading] = useState(false);
  const [saved, setSaved] = useState(false);

  const submit = handleSubmit(async () => {
    setSaved(false);
    try {
      const next = await updatePersonalInfo({
        ...(values.avatar_url && values.avatar_url !== me.avatar_url ? { avatar_url: values.avatar_url } : {}),
        nickname: values.nickname.trim(),
        real_name: values.real_name.trim(),
        hospital: values.hospital.trim(),
        professional_title: values.professional_title.trim(),
        department_id: values.department_id ? Number(values.department_id) : null,
      });
      // The sidebar reads the same cache entry: avatar and nickname change there at once.
      queryClient.setQueryData(personalInfoQueryOptions().queryKey, next);
      setSaved(true);
    } catch (error) {
      const fields = Object.entries(serverFieldErrors(error)).filter(([f]) => f in values);
      if (fields.length > 0) return setErrors(Object.fromEntries(fields.map(([f, m]) => [f, { text: m }])));
      throw error;
    }
  });

  return (
    <form ref={attachForm} className="form form--grid" noValidate onSubmit={submit} aria-labelledby="myinfo-profile">
      <AvatarField value={values.avatar_url} onChange={(url) => set('avatar_url', url)} onBusyChange={setUploading} />
      <TextField label={t('fields.nickname')} value={values.nickname} onChange={(v) => set('nickname', v)} error={errors.nickname} maxLength={30} autoComplete="nickname" required />
      <TextField label={t('fields.realName')} value={values.real_name} onChange={(v) => set('real_name', v)} error={errors.real_name} maxLength={MAX.real_name} autoComplete="name" />
      <TextField label={t('fields.hospital')} value={values.hospital} onChange={(v) => set('hospital', v)} error={errors.hospital} maxLength={MAX.hospital} autoComplete="organization" />
      <DepartmentSelect value={values.department_id} onChange={(v) => set('department_id', v)} error={errors.department_id} />
      <TextField
        label={t('fields.professionalTitle')}
        value={values.professional_title}
        onChange={(v) => set('professional_title', v)}
        error={errors.professional_title}
        maxLength={MAX.professional_title}
        placeholder={t('placeholders.professionalTitle')}
      />
      <FormError error={formError} />
      <p role="status" className="form__status form--full">
        {saved ? t('myinfo.saved') : ''}
      </p>
      <div className="form__actions">
        <SubmitButton pending={pending} disabled={uploading}>
          {t('myinfo.save')}
        </SubmitButton>
      </div>
    </form>
  );
}

type Channel = 'mobile' | 'email';
type AccountTaken = { merge_token: string; other_nickname: string };

function takenData(error: unknown): AccountTaken | null {
  if (errorCode(error) !== ErrorCode.ACCOUNT_TAKEN || !isApiError(error)) return null;
  const data = error.data as Partial<AccountTaken> | null | undefined;
  return data && typeof data.merge_token === 'string' ? { merge_token: data.merge_token, other_nickname: String(data.other_nickname ?? '') } : null;
}

/** Binds a mobile number or an email proven by a code (scene `bind`); offers the merge when another account holds it. */
function BindForm({ channel, onDone, onCancel }: { channel: Channel; onDone: (me: PersonalInfo) => void; onCancel: () => void }) {
  const { t } = useTranslation('auth');
  const captcha = useCaptcha();
  const [taken, setTaken] = useState<AccountTaken | null>(null);
  const [merging, setMerging] = useState(false);
  const [mergeError, setMergeError] = useState<unknown>(null);
  const form = useForm({ country_code: DEFAULT_COUNTRY_CODE, mobile: '', email: '', captcha: '', code: '' }, bindContactRules(channel));
  const { values, set, setValues, check, errors, setFieldError, setFormError, attachForm, pending, formError, handleSubmit } = form;

  const validateTarget = useCallback(() => check([channel]), [channel, check]);

  const sendCode = useCodeSender({
    captcha,
    captchaValue: values.captcha,
    validateTarget,
    send: useCallback(
      (c) =>
        channel === 'mobile'
          ? sendSms({ mobile: values.mobile.trim(), country_code: values.country_code, scene: 'bind', ...c })
          : sendEmailCode({ email: values.email.trim(), scene: 'bind', ...c }),
      [channel, values.mobile, values.country_code, values.email],
    ),
    setCaptchaError: useCallback((e) => setFieldError('captcha', e), [setFieldError]),
    clearCaptcha: useCallback(() => setValues((v) => ({ ...v, captcha: '' })), [setValues]),
    setFormError,
  });

  const submit = handleSubmit(async () => {
    setTaken(null);
    try {
      const me =
        channel === 'mobile'
          ? await api.call('bindMobile', { body: { mobile: values.mobile.trim(), country_code: values.country_code, code: values.code } })
          : await api.call('bindEmail', { body: { email: values.email.trim(), code: values.code } });
      onDone(me);
    } catch (error) {
      const other = takenData(error);
      if (other) return setTaken(other);
      if (errorCode(error) === ErrorCode.CODE_INVALID) return setFieldError('code', { text: errorText(error) });
      throw error;
    }
  });

  const merge = async () => {
    if (!taken) return;
    setMerging(true);
    setMergeError(null);
    try {
      await api.call('mergeUser', { body: { merge_token: taken.merge_token, confirm: true } });
      onDone(await api.call('personalInfo'));
    } catch (error) {
      setMergeError(error);
    } finally {
      setMerging(false);
    }
  };

  return (
    <form ref={attachForm} className="form myinfo__bind" noValidate onSubmit={submit} aria-label={t(`myinfo.bind.${channel}`)}>
      {channel === 'mobile' ? (
        <PhoneField
          countryCode={values.country_code}
          onCountryCodeChange={(v) => set('country_code', v)}
          mobile={values.mobile}
          onMobileChange={(v) => set('mobile', v)}
          error={errors.mobile}
          label={t('myinfo.newMobile')}
        />
      ) : (
        <EmailField value={values.email} onChange={(v) => set('email', v)} error={errors.email} label={t('myinfo.newEmail')} />
      )}
      <CaptchaField captcha={captcha} value={values.captcha} onChange={(v) => set('captcha', v)} error={errors.captcha} />
      <CodeField value={values.code} onChange={(v) => set('code', v)} error={errors.code} onSend={sendCode} />
      <FormError error={formError} />
      {taken ? (
        <div className="myinfo__taken" role="alert">
          <p>{t('myinfo.taken', { nickname: taken.other_nickname })}</p>
          <button type="button" className="button button--primary" onClick={() => void merge()} disabled={merging} aria-busy={merging || undefined}>
            {t('myinfo.merge')}
          </button>
          <FormError error={mergeError} />
        </div>
      ) : null}
      <div className="myinfo__actions">
        <button type="button" className="button" onClick={onCancel}>
          {t('common.cancel')}
        </button>
        <SubmitButton pending={pending}>{t('myinfo.bindSubmit')}</SubmitButton>
      </div>
    </form>
  );
}

function ContactRow({ channel, me }: { channel: Channel; me: PersonalInfo }) {
  const { t } = useTranslation('auth');
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [done, setDone] = useState(false);
  const current = channel === 'mobile' ? (me.mobile ? `+${me.country_code ?? DEFAULT_COUNTRY_CODE} ${me.mobile}` : null) : me.email;
  return (
    <div className="myinfo__row">
      <div className="myinfo__row-head">
        <span className="myinfo__label">{t(`fields.${channel}`)}</span>
        <span className="myinfo__value" data-testid={`myinfo-${channel}`}>
          {current ?? t('myinfo.notBound')}
        </span>
        {open ? null : (
          <button type="button" className="button" onClick={() => { setOpen(true); setDone(false); }}>
            {current ? t('myinfo.change') : t('myinfo.bindAction')}
          </button>
        )}
      </div>
      <p role="status" className="form__status">
        {done ? t('myinfo.bound') : ''}
      </p>
      {open ? (
        <BindForm
          channel={channel}
          onCancel={() => setOpen(false)}
          onDone={(next) => {
            queryClient.setQueryData(personalInfoQueryOptions().queryKey, next);
            setOpen(false);
            setDone(true);
          }}
        />
      ) : null}
    </div>
  );
}

/**
 * `/user/myinfo`: the profile (avatar, nickname, real name, hospital, department, title), the
 * bound mobile number and email (bind or change with a code), and the password links.
 */
export function MyInfoPage() {
  const { t } = useTranslation('auth');
  const info = useQuery(personalInfoQueryOptions());
  return (
    <section className="center-page myinfo" aria-labelledby="center-heading">
      <h1 id="center-heading">{t('myinfo.title')}</h1>
      {info.isPending ? (
        <div role="status" aria-label={t('common.loading')}>
          <Skeleton height={320} />
        </div>
      ) : info.isError ? (
        <ErrorState error={info.error} onRetry={() => void info.refetch()} />
      ) : (
        <>
          <h2 id="myinfo-profile" className="myinfo__heading">{t('myinfo.profile')}</h2>
          <ProfileForm key={info.data.id} me={info.data} />
          <h2 className="myinfo__heading">{t('myinfo.account')}</h2>
          <ContactRow channel="mobile" me={info.data} />
          <ContactRow channel="email" me={info.data} />
          <div className="myinfo__row myinfo__links">
            <Link to={paths.changePassword.getHref()}>{t('myinfo.changePassword')}</Link>
            <Link to={paths.payPassword.getHref()}>{t('myinfo.payPassword')}</Link>
          </div>
        </>
      )}
    </section>
  );
}

export { accountLoader as loader } from '../lib/loaders';
export const Component = MyInfoPage;
