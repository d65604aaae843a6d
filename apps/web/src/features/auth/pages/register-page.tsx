import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorCode } from '@medportal/contract/codes';
import { NICKNAME_MAX_LENGTH } from '@medportal/contract/constants';
import { paths } from '../../../config/paths';
import { storeLoginResult, updateUserInfo, useSession } from '../../../shared/session';
import { ErrorState } from '../../../shared/ui/error-state';
import { hasPasswordQueryOptions, setPassword, type LoginData } from '../api/accounts';
import { personalInfoQueryOptions, updatePersonalInfo, type PersonalInfo } from '../api/profile';
import { AuthCard } from '../components/auth-card';
import { AvatarField } from '../components/avatar-field';
import { FormError, SubmitButton, TextField } from '../components/field';
import { PasswordField } from '../components/password-field';
import { DepartmentSelect, isOccupation, OccupationSelect } from '../components/profile-fields';
import { SmsLoginForm } from '../components/sms-login-form';
import { useAfterLogin } from '../hooks/use-after-login';
import { useForm } from '../hooks/use-form';
import { errorCode } from '../lib/api-errors';
import { registerProfileRules } from '../lib/forms';
import { accountLoader } from '../lib/loaders';
import { authKeys } from '../api/keys';
import { sharedKeys } from '../../../shared/query-keys';

/**
 * `/register`: anonymous visitors first prove their mobile number (the SMS login creates the
 * account); then a new user sets a login password and a basic profile.
 */
export function RegisterPage() {
  const { t } = useTranslation('auth');
  const session = useSession();
  const { passOn, continueToCallback } = useAfterLogin();
  const queryClient = useQueryClient();

  const onSmsLogin = (data: LoginData) => {
    storeLoginResult(data);
    queryClient.removeQueries({ queryKey: authKeys.hasPassword });
    queryClient.removeQueries({ queryKey: sharedKeys.profile });
    // An existing account has nothing to register: go on to where the visitor was heading.
    if (!data.is_new_user) continueToCallback();
  };

  if (session.status !== 'authenticated') {
    return (
      <AuthCard title={t('register.title')} intro={t('register.smsIntro')} page="register">
        <ol className="steps" aria-label={t('register.stepsLabel')}>
          <li aria-current="step">{t('register.stepMobile')}</li>
          <li>{t('register.stepProfile')}</li>
        </ol>
        <SmsLoginForm onLoggedIn={onSmsLogin} submitLabel={t('register.next')} />
        <p className="auth-card__footer">
          {t('register.haveAccount')} <Link to={paths.login.getHref(passOn)}>{t('register.toLogin')}</Link>
        </p>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={t('register.title')} intro={t('register.profileIntro')} page="register" wide>
      <ol className="steps" aria-label={t('register.stepsLabel')}>
        <li>{t('register.stepMobile')}</li>
        <li aria-current="step">{t('register.stepProfile')}</li>
      </ol>
      <ProfileStep onDone={continueToCallback} />
    </AuthCard>
  );
}

function ProfileStep({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation('auth');
  const hasPassword = useQuery(hasPasswordQueryOptions());
  const info = useQuery(personalInfoQueryOptions());
  if (hasPassword.isError || info.isError) {
    return (
      <ErrorState
        error={hasPassword.error ?? info.error}
        onRetry={() => {
          void hasPassword.refetch();
          void info.refetch();
        }}
      />
    );
  }
  if (!hasPassword.data || !info.data) return <p role="status">{t('common.loading')}</p>;
  return <ProfileForm needsPassword={!hasPassword.data.has_password} info={info.data} onDone={onDone} />;
}

function ProfileForm({ needsPassword, info, onDone }: { needsPassword: boolean; info: PersonalInfo; onDone: () => void }) {
  const { t } = useTranslation('auth');
  // Kept once saved, so a profile error on the same submit does not ask for the password again.
  const [passwordSaved, setPasswordSaved] = useState(!needsPassword);
  const form = useForm({
    password: '',
    confirm: '',
    nickname: info.nickname,
    real_name: info.real_name,
    occupation: (isOccupation(info.occupation) ? info.occupation : '') as string,
    hospital: info.hospital,
    department_id: info.department ? String(info.department.id) : '',
    avatar_url: info.avatar_url,
  }, registerProfileRules(needsPassword && !passwordSaved));
  const { values, set, errors, attachForm, pending, formError, handleSubmit } = form;
  const [avatarBusy, setAvatarBusy] = useState(false);

  const submit = handleSubmit(async () => {
    if (needsPassword && !passwordSaved) {
      try {
        await setPassword({ password: values.password });
      } catch (error) {
        // Set meanwhile (another tab): nothing left to do for the password.
        if (errorCode(error) !== ErrorCode.PASSWORD_ALREADY_SET) throw error;
      }
      setPasswordSaved(true);
    }
    const saved = await updatePersonalInfo({
      nickname: values.nickname.trim(),
      real_name: values.real_name.trim(),
      ...(isOccupation(values.occupation) ? { occupation: values.occupation } : {}),
      hospital: values.hospital.trim(),
      department_id: values.department_id ? Number(values.department_id) : null,
      // Only a newly uploaded image: the server accepts nothing but its own upload URLs here.
      ...(values.avatar_url !== info.avatar_url ? { avatar_url: values.avatar_url } : {}),
    });
    updateUserInfo({ nickname: saved.nickname, avatar_url: saved.avatar_url });
    onDone();
  });

  return (
    <form ref={attachForm} className="form form--grid" noValidate onSubmit={submit} aria-label={t('register.profileForm')}>
      <AvatarField value={values.avatar_url} onChange={(v) => set('avatar_url', v)} onBusyChange={setAvatarBusy} disabled={pending} />
      {needsPassword && !passwordSaved ? (
        <>
          <PasswordField label={t('fields.newPassword')} value={values.password} onChange={(v) => set('password', v)} error={errors.password} isNew />
          <PasswordField label={t('fields.confirmPassword')} value={values.confirm} onChange={(v) => set('confirm', v)} error={errors.confirm} isNew={false} />
        </>
      ) : null}
      <TextField label={t('fields.nickname')} value={values.nickname} onChange={(v) => set('nickname', v)} error={errors.nickname} maxLength={NICKNAME_MAX_LENGTH} autoComplete="nickname" />
      <TextField label={t('fields.realName')} value={values.real_name} onChange={(v) => set('real_name', v)} error={errors.real_name} maxLength={40} autoComplete="name" />
      <OccupationSelect value={values.occupation} onChange={(v) => set('occupation', v)} error={errors.occupation} />
      <TextField label={t('fields.hospital')} value={values.hospital} onChange={(v) => set('hospital', v)} error={errors.hospital} maxLength={100} autoComplete="organization" />
      <DepartmentSelect value={values.department_id} onChange={(v) => set('department_id', v)} error={errors.department_id} />
      <FormError error={formError} />
      <div className="form__actions">
        <SubmitButton pending={pending} disabled={avatarBusy}>
          {t('register.finish')}
        </SubmitButton>
        <button type="button" className="button button--block" onClick={onDone} disabled={pending}>
          {t('register.skip')}
        </button>
      </div>
    </form>
  );
}

export const loader = accountLoader;
export const Component = RegisterPage;
