import { useTranslation } from 'react-i18next';
import type { SiteConfig } from '@medportal/contract';
import { ContactList } from '../../../shared/ui/contact-list';
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
      <ContactList contact={contact} />
    </Dialog>
  );
}
