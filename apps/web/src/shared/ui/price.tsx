import { useTranslation } from 'react-i18next';
import type { Course } from '@medportal/contract';
import { priceDisplay } from '../format/price';

/** "免费"/"Free", or "¥12.00" with the original price struck through. */
export function Price({ course }: { course: Pick<Course, 'price_type' | 'price' | 'original_price'> }) {
  const { t } = useTranslation('common');
  const p = priceDisplay(course);
  if (p.free) return <span className="price price--free">{t('price.free')}</span>;
  return (
    <span className="price">
      <span className="price__now">{p.price}</span>
      {p.original ? (
        <s className="price__original">
          <span className="visually-hidden">{t('price.original')}</span>
          {p.original}
        </s>
      ) : null}
    </span>
  );
}
