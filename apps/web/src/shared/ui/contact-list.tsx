import { useTranslation } from 'react-i18next';
import type { SiteConfig } from '@medportal/contract';

/** Phone, email, service hours and address of the operator (contact dialog, contact page). */
export function ContactList({ contact, className = 'contact-list' }: { contact: SiteConfig['contact']; className?: string }) {
  const { t } = useTranslation('layout');
  return (
    <dl className={className}>
      {contact.phone ? (
        <>
          <dt>{t('footer.phone')}</dt>
          <dd>
            <a href={`tel:${contact.phone.replace(/[^\d+]/g, '')}`}>{contact.phone}</a>
          </dd>
        </>
      ) : null}
      {contact.email ? (
        <>
          <dt>{t('footer.email')}</dt>
          <dd>
            <a href={`mailto:${contact.email}`}>{contact.email}</a>
          </dd>
        </>
      ) : null}
      {contact.hours ? (
        <>
          <dt>{t('footer.hours')}</dt>
          <dd>{contact.hours}</dd>
        </>
      ) : null}
      {contact.address ? (
        <>
          <dt>{t('footer.address')}</dt>
          <dd>{contact.address}</dd>
        </>
      ) : null}
    </dl>
  );
}
