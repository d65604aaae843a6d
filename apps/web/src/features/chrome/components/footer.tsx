import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { QrEntry } from '@medportal/contract';
import { paths } from '../../../config/paths';
import { formatDate } from '../../../shared/format/date';
import { useTimeZoneName } from '../../../shared/format/timezone';
import { safeExternalUrl } from '../../../shared/actions';
import { useInView } from '../../../shared/hooks/use-in-view';
import { QrCode } from '../../../shared/ui/qr-code';
import { useSiteConfig } from '../../../shared/site-config';
import { ContactDialog } from './contact-dialog';

function QrGroup({ title, entries, show, name }: { title: string; entries: QrEntry[]; show: boolean; name: string }) {
  const { t } = useTranslation('layout');
  const headingId = useId();
  if (entries.length === 0) return null;
  return (
    <section className="footer__qr-group" aria-labelledby={headingId} data-footer={name}>
      <h2 id={headingId} className="footer__heading">
        {title}
      </h2>
      <ul className="footer__qrs">
        {entries.map((entry) => {
          const href = safeExternalUrl(entry.url);
          return (
            <li key={entry.key}>
              <figure className="qr-figure">
                {show ? (
                  <QrCode value={entry.url} label={t('qr.label', { title: entry.title })} size={96} />
                ) : (
                  <span className="qr-code qr-code--loading" style={{ width: 96, height: 96 }} aria-hidden="true" />
                )}
                <figcaption>
                  {href ? (
                    <a href={href} target="_blank" rel="noopener noreferrer">
                      {entry.title}
                    </a>
                  ) : (
                    entry.title
                  )}
                </figcaption>
              </figure>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** Legal links, contact dialog, media accounts and app downloads with QR codes. */
export function Footer() {
  const { t } = useTranslation(['layout', 'common']);
  const { data } = useSiteConfig();
  const [contactOpen, setContactOpen] = useState(false);
  // Read once: rendering stays pure (the year a page stays open across is not worth a re-render).
  // In the render's zone: a page hydrated in the server's zone writes the server's year.
  const zone = useTimeZoneName();
  const [now] = useState(() => new Date().toISOString());
  const year = formatDate(now, 'en', zone).slice(0, 4);
  const ref = useRef<HTMLElement>(null);
  // Drawn when the footer is on screen, not ahead of it: encoding the codes is main-thread work
  // that would otherwise land in the page load of every short page.
  const inView = useInView(ref, '0px');

  return (
    <footer className="site-footer" ref={ref} data-chrome="footer">
      <div className="container footer__grid">
        <nav className="footer__links" aria-label={t('layout:footer.linksLabel')}>
          <ul>
            <li>
              <Link to={paths.aboutUs.getHref()} data-footer-link="about">
                {t('layout:footer.about')}
              </Link>
            </li>
            <li>
              <Link to={paths.contactUs.getHref()} data-footer-link="contact">
                {t('layout:footer.contact')}
              </Link>
            </li>
            <li>
              <Link to={paths.contract.getHref()} data-footer-link="contract">
                {t('layout:footer.contract')}
              </Link>
            </li>
            <li>
              <Link to={paths.privacy.getHref()} data-footer-link="privacy">
                {t('layout:footer.privacy')}
              </Link>
            </li>
            {data ? (
              <li>
                <button type="button" className="link-button" onClick={() => setContactOpen(true)} data-footer-link="contact-dialog">
                  {t('layout:footer.contactDialog')}
                </button>
              </li>
            ) : null}
          </ul>
        </nav>
        <QrGroup name="media" title={t('layout:footer.media')} entries={data?.media_accounts ?? []} show={inView} />
        <QrGroup name="downloads" title={t('layout:footer.downloads')} entries={data?.app_downloads ?? []} show={inView} />
      </div>
      <div className="footer__bottom">
        <div className="container">
          <p>{t('layout:footer.copyright', { year, name: t('common:productName') })}</p>
          {data?.icp ? <p>{data.icp}</p> : null}
        </div>
      </div>
      {data ? <ContactDialog open={contactOpen} onClose={() => setContactOpen(false)} contact={data.contact} /> : null}
    </footer>
  );
}
