import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorCode } from '@medportal/contract/codes';
import { paths } from '../../../config/paths';
import { errorText } from '../../../shared/errors';
import { storeLoginResult } from '../../../shared/session';
import { ErrorState } from '../../../shared/ui/error-state';
import { hasPasswordQueryOptions, resetPassword, setPassword } from '../api/accounts';
import { AuthCard, ResultState, useBare } from '../components/auth-card';
import { FormError, SubmitButton } from '../components/field';
import { PasswordField } from '../components/password-field';
import { useForm } from '../hooks/use-form';
import { errorCode } from '../lib/api-errors';
import { protectedAccountLoader } from '../lib/loaders';
import { changePasswordRules, setPasswordRules } from '../lib/forms';

/**
 * `/change_password` and `/change_password/w`: change the login password, or set one when the
 * account has none yet (SMS or WeChat sign-ups).
 */
export function ChangePasswordPage() {
  const { t } = useTranslation('auth');
  const query = useQuery(hasPasswordQueryOptions());
  const [done, setDone] = useState<'set' | 'changed' | null>(null);
  const bare = useBare();
  const title = query.data && !query.data.has_password ? t('changePassword.setTitle') : t('changePassword.title');

  let body;
  if (done) {
    body = (
      <ResultState title={done === 'set' ? t('changePassword.setDone') : t('changePassword.changedDone')} body={done === 'changed' ? t('changePassword.othersLoggedOut') : undefined}>
        {bare ? null : (
          <Link className="button button--primary" to={paths.home.getHref()}>
            {t('common.backHome')}
          </Link>
        )}
      </ResultState>
    );
  } else if (query.isError) {
    body = <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  } else if (!query.data) {
    body = <p role="status">{t('common.loading')}</p>;
  } else if (query.data.has_password) {
    body = <ChangeForm onDone={() => setDone('changed')} />;
  } else {
    body = <SetForm onDone={() => setDone('set')} />;
  }
  return (
    <AuthCard title={title} page="change-password">
      {body}
    </AuthCard>
  );
}

function SetForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation('auth');
  const queryClient = useQueryClient();
  const form = useForm({ password: '', confirm: '' }, setPasswordRules);
  const { values, set, errors, attachForm, pending, formError, handleSubmit } = form;
  const submit = handleSubmit(async () => {
    try {
      await setPassword({ password: values.password });
    } catch (error) {
      // Someone set it meanwhile: show the change form instead.
      if (errorCode(error) === ErrorCode.PASSWORD_ALREADY_SET) await queryClient.invalidateQueries(hasPasswordQueryOptions());
      throw error;
    }
    queryClient.setQueryData(hasPasswordQueryOptions().queryKey, { has_password: true });
    onDone();
  });
  return (
    <form ref={attachForm} className="form" noValidate onSubmit={submit}>
      <p className="form__note">{t('changePassword.setIntro')}</p>
      <PasswordField label={t('fields.newPassword')} value={values.password} onChange={(v) => set('password', v)} error={errors.password} isNew />
      <PasswordField label={t('fields.confirmPassword')} value={values.confirm} onChange={(v) => set('confirm', v)} error={errors.confirm} />
      <FormError error={formError} />
      <SubmitButton pending={pending}>{t('changePassword.setSubmit')}</SubmitButton>
    </form>
  );
}

function ChangeForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation('auth');
  const bare = useBare();
  const form = useForm({ old_password: '', password: '', confirm: '' }, changePasswordRules);
  const { values, set, errors, setFieldError, attachForm, pending, formError, handleSubmit } = form;
  const submit = handleSubmit(async () => {
    try {
      // Other sessions are logged out; this one continues with the new token pair.
      const result = await resetPassword({ old_password: values.old_password, password: values.password });
      storeLoginResult(result);
    } catch (error) {
      if (errorCode(error) === ErrorCode.WRONG_CREDENTIALS) {
        setFieldError('old_password', { text: t('changePassword.wrongOld') });
        return;
      }
      if (errorCode(error) === ErrorCode.VALIDATION) {
        setFieldError('password', { text: errorText(error) });
        return;
      }
      throw error;
    }
    onDone();
  });
  return (
    <form ref={attachForm} className="form" noValidate onSubmit={submit}>
      <PasswordField label={t('fields.oldPassword')} value={values.old_password} onChange={(v) => set('old_password', v)} error={errors.old_password} />
      <PasswordField label={t('fields.newPassword')} value={values.password} onChange={(v) => set('password', v)} error={errors.password} isNew />
      <PasswordField label={t('fields.confirmPassword')} value={values.confirm} onChange={(v) => set('confirm', v)} error={errors.confirm} />
      <FormError error={formError} />
      <SubmitButton pending={pending}>{t('changePassword.submit')}</SubmitButton>
      <p className="form__links">
        <Link to={paths.forget.getHref(bare)}>{t('changePassword.forgotOld')}</Link>
      </p>
    </form>
  );
}

export const loader = protectedAccountLoader;
export const Component = ChangePasswordPage;
