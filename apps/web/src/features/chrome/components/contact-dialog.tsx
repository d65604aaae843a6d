import { useTranslation } from 'react-i18next';
import type { SiteConfig } from '@medportal/contract';
import { Dialog } from '../../../shared/ui/dialog';

/** Phone, email, service hours and address of the operator. */
export function ContactDialog({ open, onClose, contact }: { open: boolean; onClose: () => void; contact: SiteConfig['contact'] }) {
  const { t } = useTranslation(['layout', 'common']);
  return (
    <Dialog
      open={open}
      title={t('layout:footer.contactDialog')}
      onClose={onClose}
      footer={
        <button type="button" className="button button--primary" onClick={onClose}>
          {t('common:actions.ok')}
        </button>
      }
    >
      <dl className="contact-list">
        {contact.phone ? (
          <>
            <dt>{t('layout:footer.phone')}</dt>
            <dd>
              <a href={`tel:${contact.phone.replace(/[^\d+]/g, '')}`}>{contact.phone}</a>
            </dd>
          </>
        ) : null}
        {contact.email ? (
          <>
            <dt>{t('layout:footer.email')}</dt>
            <dd>
              <a href={`mailto:${contact.email}`}>{contact.email}</a>
            </dd>
          </>
        ) : null}
        {contact.hours ? (
          <>
            <dt>{t('layout:footer.hours')}</dt>
            <dd>{contact.hours}</dd>
          </>
        ) : null}
        {contact.address ? (
          <>
            <dt>{t('layout:footer.address')}</dt>
            <dd>{contact.address}</dd>
          </>
        ) : null}
      </dl>
    </Dialog>
  );
}
