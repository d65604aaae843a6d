import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ErrorCode } from '@medportal/contract/codes';
import { errorText } from '../../../shared/errors';
import { forgetPayPassword, hasPayPasswordQueryOptions, type LoginInfo } from '../api/accounts';
import { AuthCard, ResultState } from '../components/auth-card';
import { FormError, SubmitButton } from '../components/field';
import { OwnContactCodeFields } from '../components/own-contact-code';
import { PayPasswordField } from '../components/pay-password-field';
import { useForm } from '../hooks/use-form';
import { errorCode } from '../lib/api-errors';
import { protectedAccountLoader } from '../lib/loaders';
import { payPasswordByCodeRules } from '../lib/forms';
import { NoMobile, WithLoginInfo } from '../components/with-login-info';

/** `/forget_paypwd` and `/forget_paypwd/w`: a new pay password with an SMS code to the user's mobile. */
export function ForgetPayPasswordPage() {
  const { t } = useTranslation('auth');
  const [done, setDone] = useState(false);
  return (
    <AuthCard title={t('forgetPayPassword.title')} page="forget-pay-password">
      {done ? (
        <ResultState title={t('forgetPayPassword.done')} />
      ) : (
        <WithLoginInfo>{(info) => (info.mobile ? <ForgetPayForm info={info} mobile={info.mobile} onDone={() => setDone(true)} /> : <NoMobile />)}</WithLoginInfo>
      )}
    </AuthCard>
  );
}

function ForgetPayForm({ info, mobile, onDone }: { info: LoginInfo; mobile: string; onDone: () => void }) {
  const { t } = useTranslation('auth');
  const queryClient = useQueryClient();
  const form = useForm({ contact: '', captcha: '', code: '', pay_password: '', confirm: '' }, payPasswordByCodeRules(mobile, info.country_code));
  const { values, set, setValues, check, errors, setFieldError, setFormError, attachForm, pending, formError, handleSubmit } = form;
  const submit = handleSubmit(async () => {
    try {
      await forgetPayPassword({ code: values.code, pay_password: values.pay_password });
    } catch (error) {
      if (errorCode(error) === ErrorCode.CODE_INVALID) {
        setFieldError('code', { text: errorText(error) });
        return;
      }
      throw error;
    }
    queryClient.setQueryData(hasPayPasswordQueryOptions().queryKey, { has_pay_password: true });
    onDone();
  });
  return (
    <form ref={attachForm} className="form" noValidate onSubmit={submit}>
      <p className="form__note">{t('forgetPayPassword.intro')}</p>
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
      <PayPasswordField label={t('fields.newPayPassword')} value={values.pay_password} onChange={(v) => set('pay_password', v)} error={errors.pay_password} />
      <PayPasswordField label={t('fields.confirmPayPassword')} value={values.confirm} onChange={(v) => set('confirm', v)} error={errors.confirm} />
      <FormError error={formError} />
      <SubmitButton pending={pending}>{t('forgetPayPassword.submit')}</SubmitButton>
    </form>
  );
}

export const loader = protectedAccountLoader;
export const Component = ForgetPayPasswordPage;
