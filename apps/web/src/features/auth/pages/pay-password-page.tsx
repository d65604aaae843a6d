import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorCode } from '@medportal/contract/codes';
import { paths } from '../../../config/paths';
import { errorText } from '../../../shared/errors';
import { ErrorState } from '../../../shared/ui/error-state';
import { changePayPassword, hasPayPasswordQueryOptions, setPayPassword, type LoginInfo } from '../api/accounts';
import { NoMobile, WithLoginInfo } from '../components/with-login-info';
import { AuthCard, ResultState, useBare } from '../components/auth-card';
import { FormError, SubmitButton } from '../components/field';
import { OwnContactCodeFields } from '../components/own-contact-code';
import { PayPasswordField } from '../components/pay-password-field';
import { useForm } from '../hooks/use-form';
import { errorCode } from '../lib/api-errors';
import { protectedAccountLoader } from '../lib/loaders';
import { changePayPasswordRules, payPasswordByCodeRules } from '../lib/forms';

/** `/pay_password` and `/pay_password/w`: set the pay password when there is none, change it otherwise. */
export function PayPasswordPage() {
  const { t } = useTranslation('auth');
  const has = useQuery(hasPayPasswordQueryOptions());
  const [done, setDone] = useState<'set' | 'changed' | null>(null);
  const title = has.data && !has.data.has_pay_password ? t('payPassword.setTitle') : t('payPassword.title');

  let body;
  if (done) body = <ResultState title={done === 'set' ? t('payPassword.setDone') : t('payPassword.changedDone')} />;
  else if (has.isError) body = <ErrorState error={has.error} onRetry={() => void has.refetch()} />;
  else if (!has.data) body = <p role="status">{t('common.loading')}</p>;
  else if (has.data.has_pay_password) body = <ChangePayForm onDone={() => setDone('changed')} />;
  else body = <SetPayStep onDone={() => setDone('set')} />;
  return (
    <AuthCard title={title} page="pay-password">
      {body}
    </AuthCard>
  );
}

function ChangePayForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation('auth');
  const bare = useBare();
  const form = useForm({ old_pay_password: '', pay_password: '', confirm: '' }, changePayPasswordRules);
  const { values, set, errors, setFieldError, attachForm, pending, formError, handleSubmit } = form;
  const submit = handleSubmit(async () => {
    try {
      await changePayPassword({ old_pay_password: values.old_pay_password, pay_password: values.pay_password });
    } catch (error) {
      if (errorCode(error) === ErrorCode.WRONG_PAY_PASSWORD) {
        setFieldError('old_pay_password', { text: errorText(error) });
        return;
      }
      throw error;
    }
    onDone();
  });
  return (
    <form ref={attachForm} className="form" noValidate onSubmit={submit}>
      <PayPasswordField label={t('fields.oldPayPassword')} value={values.old_pay_password} onChange={(v) => set('old_pay_password', v)} error={errors.old_pay_password} />
      <PayPasswordField label={t('fields.newPayPassword')} value={values.pay_password} onChange={(v) => set('pay_password', v)} error={errors.pay_password} />
      <PayPasswordField label={t('fields.confirmPayPassword')} value={values.confirm} onChange={(v) => set('confirm', v)} error={errors.confirm} />
      <FormError error={formError} />
      <SubmitButton pending={pending}>{t('payPassword.submit')}</SubmitButton>
      <p className="form__links">
        <Link to={paths.forgetPayPassword.getHref(bare)}>{t('payPassword.forgot')}</Link>
      </p>
    </form>
  );
}

function SetPayStep({ onDone }: { onDone: () => void }) {
  return <WithLoginInfo>{(info) => (info.mobile ? <SetPayForm info={info} mobile={info.mobile} onDone={onDone} /> : <NoMobile />)}</WithLoginInfo>;
}

function SetPayForm({ info, mobile, onDone }: { info: LoginInfo; mobile: string; onDone: () => void }) {
  const { t } = useTranslation('auth');
  const queryClient = useQueryClient();
  const form = useForm({ contact: '', captcha: '', code: '', pay_password: '', confirm: '' }, payPasswordByCodeRules(mobile, info.country_code));
  const { values, set, setValues, check, errors, setFieldError, setFormError, attachForm, pending, formError, handleSubmit } = form;
  const submit = handleSubmit(async () => {
    try {
      await setPayPassword({ pay_password: values.pay_password, code: values.code });
    } catch (error) {
      const code = errorCode(error);
      if (code === ErrorCode.CODE_INVALID) {
        setFieldError('code', { text: errorText(error) });
        return;
      }
      if (code === ErrorCode.PAY_PASSWORD_ALREADY_SET) await queryClient.invalidateQueries(hasPayPasswordQueryOptions());
      throw error;
    }
    queryClient.setQueryData(hasPayPasswordQueryOptions().queryKey, { has_pay_password: true });
    onDone();
  });
  return (
    <form ref={attachForm} className="form" noValidate onSubmit={submit}>
      <p className="form__note">{t('payPassword.setIntro')}</p>
      <OwnContactCodeFields
        channel="mobile"
        masked={mobile}
        countryCode={info.country_code}
        scene="pay_password"
        values={values}
        errors={errors}
        set={set}
        setFieldError={setFieldError}
        check={check}
        clearCaptcha={() => setValues((v) => ({ ...v, captcha: '' }))}
        setFormError={setFormError}
      />
      <PayPasswordField label={t('fields.payPassword')} value={values.pay_password} onChange={(v) => set('pay_password', v)} error={errors.pay_password} />
      <PayPasswordField label={t('fields.confirmPayPassword')} value={values.confirm} onChange={(v) => set('confirm', v)} error={errors.confirm} />
      <FormError error={formError} />
      <SubmitButton pending={pending}>{t('payPassword.setSubmit')}</SubmitButton>
    </form>
  );
}

export const loader = protectedAccountLoader;
export const Component = PayPasswordPage;
