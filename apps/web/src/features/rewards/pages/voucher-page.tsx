import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { DataOf } from '@medportal/contract';
import { paths } from '../../../config/paths';
import { redeemVoucher } from '../api/rewards';
import { SectionPage } from '../../../shared/ui/section-page';
import { rewardsKeys } from '../api/keys';
import { sharedKeys } from '../../../shared/query-keys';
import { FormError } from '../../../shared/forms/form-parts';

/** `/voucher`: redeem a code for a coupon, points or a course. */
export function VoucherPage() {
  const { t } = useTranslation('rewards');
  const queryClient = useQueryClient();
  const [code, setCode] = useState('');
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [result, setResult] = useState<DataOf<'voucherRedeem'> | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    setError(null);
    setResult(null);
    const trimmed = code.replace(/[\s-]/g, '');
    if (trimmed.length < 4 || trimmed.length > 40) return setFieldError(t('voucher.format'));
    setFieldError(null);
    setPending(true);
    try {
      setResult(await redeemVoucher(code.trim()));
      setCode('');
      // A code gives points (rewards), a coupon (money) or a course.
      await Promise.all([queryClient.invalidateQueries({ queryKey: rewardsKeys.all }), queryClient.invalidateQueries({ queryKey: sharedKeys.money }), queryClient.invalidateQueries({ queryKey: sharedKeys.personalInfo }), queryClient.invalidateQueries({ queryKey: sharedKeys.courses })]);
    } catch (e) {
      setError(e);
    } finally {
      setPending(false);
    }
  };

  return (
    <SectionPage title={t('voucher.title')} back={{ to: paths.user.wallet.getHref(), label: t('wallet.title') }}>
      <form className="voucher" onSubmit={(e) => void submit(e)} noValidate>
        <div className={`form-field${fieldError ? ' form-field--invalid' : ''}`}>
          <label htmlFor="voucher-code" className="form-field__label">
            {t('voucher.code')}
          </label>
          <input
            id="voucher-code"
            className="input"
            value={code}
            onChange={(e) => setCode(e.target.value.toUpperCase())}
            autoComplete="off"
            autoCapitalize="characters"
            maxLength={48}
            placeholder={t('voucher.placeholder')}
            aria-invalid={fieldError ? true : undefined}
            aria-describedby={fieldError ? 'voucher-code-error' : undefined}
          />
          {fieldError ? (
            <p id="voucher-code-error" className="form-field__error">
              {fieldError}
            </p>
          ) : null}
        </div>
        <FormError error={error} />
        <button type="submit" className="button button--primary" disabled={pending} aria-busy={pending || undefined}>
          {t('voucher.submit')}
        </button>
      </form>
      <div role="status" className="voucher__result">
        {result ? (
          <>
            <p className="form__status">
              {result.kind === 'points'
                ? t('voucher.points', { count: result.points ?? 0 })
                : result.kind === 'course'
                  ? t('voucher.course', { title: result.course?.title ?? '' })
                  : t('voucher.coupon')}
            </p>
            {result.kind === 'course' && result.course ? (
              <Link className="button" to={paths.courseDetail.getHref(result.course.id)}>
                {t('voucher.openCourse')}
              </Link>
            ) : result.kind === 'coupon' ? (
              <Link className="button" to={paths.user.coupon.getHref()}>
                {t('wallet.coupons')}
              </Link>
            ) : (
              <Link className="button" to={paths.credit.getHref()}>
                {t('wallet.credit')}
              </Link>
            )}
          </>
        ) : null}
      </div>
    </SectionPage>
  );
}
