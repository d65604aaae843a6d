import { useTranslation } from 'react-i18next';
import { SitePageSlug } from '@medportal/contract/codes';
import { useSiteConfig } from '../../../shared/site-config';
import { ContactList } from '../../../shared/ui/contact-list';
import { ContactForm } from '../components/contact-form';
import { DocumentView } from '../components/document-view';
import { loader } from './document-page';
import '../site-pages.css';

/** `/contact_us` (and the right bar's customer service): contact details, the service text, the form. */
function ContactPage() {
  const { t } = useTranslation('pages');
  const config = useSiteConfig();
  return (
    <div className="container contact-page">
      <div className="contact-page__text">
        <DocumentView slug={SitePageSlug.CONTACT} />
      </div>
      <aside className="contact-page__side" aria-label={t('contact.detailsLabel')}>
        {config.data ? (
          <section className="contact-card" data-contact-details>
            <h2>{t('contact.details')}</h2>
            <ContactList contact={config.data.contact} />
          </section>
        ) : null}
        <ContactForm />
      </aside>
    </div>
  );
}

export const contactRoute = { Component: ContactPage, loader };
