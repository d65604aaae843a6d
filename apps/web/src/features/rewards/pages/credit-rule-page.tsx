import { useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths';
import { ErrorState } from '../../../shared/ui/error-state';
import { Skeleton } from '../../../shared/ui/skeleton';
import { useCreditRule } from '../api/rewards';
import { SectionPage } from '../../../shared/ui/section-page';

/** `/credit/rule`: how points are earned (daily sign-in, streaks) and spent (part of an order). */
export function CreditRulePage() {
  const { t } = useTranslation('rewards');
  const rule = useCreditRule();
  return (
    <SectionPage title={t('rule.title')} back={{ to: paths.credit.getHref(), label: t('credit.title') }}>
      {rule.isPending ? (
        <Skeleton height={160} />
      ) : rule.isError ? (
        <ErrorState error={rule.error} onRetry={() => void rule.refetch()} />
      ) : (
        <div className="section-prose">
          <h2 className="section-page__sub">{t('rule.earnTitle')}</h2>
          <ul>
            <li>{t('rule.signIn', { base: rule.data.sign_in.base_points })}</li>
            <li>{t('rule.streak', { step: rule.data.sign_in.streak_step, extra: rule.data.sign_in.max_streak_extra * rule.data.sign_in.streak_step })}</li>
            <li>{t('rule.bonus', { every: rule.data.sign_in.bonus_every, bonus: rule.data.sign_in.bonus_points })}</li>
            <li>{t('rule.voucher')}</li>
          </ul>
          <h2 className="section-page__sub">{t('rule.spendTitle')}</h2>
          <ul>
            <li>{t('rule.value', { points: rule.data.points_per_yuan })}</li>
            <li>{t('rule.share', { percent: rule.data.max_order_percent })}</li>
            <li>{t('rule.returned')}</li>
          </ul>
        </div>
      )}
    </SectionPage>
  );
}
