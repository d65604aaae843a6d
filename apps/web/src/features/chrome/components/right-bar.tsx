import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { QrEntry } from '@medportal/contract';
import { paths } from '../../../config/paths';
import { useDismiss } from '../../../shared/hooks/use-dismiss';
import { ArrowUpIcon, ChatIcon, HeadsetIcon, PhoneIcon } from '../../../shared/ui/icons';
import { QrCode } from '../../../shared/ui/qr-code';
import { useSiteConfig } from '../../../shared/site-config';

const BACK_TO_TOP_AFTER_PX = 400;

/** A right-bar button whose popover (QR codes) opens on hover, focus or click. */
function QrPopoverItem({ icon, label, entries, name }: { icon: ReactNode; label: string; entries: QrEntry[]; name: string }) {
  const { t } = useTranslation('layout');
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const rootRef = useRef<HTMLLIElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  // A hover that opened the popover must not be undone by the click that follows it (touch taps
  // fire both); a click on an already settled popover toggles it.
  const openedByHover = useRef(false);
  const close = useCallback(() => setOpen(false), []);
  useDismiss(open, close, rootRef, buttonRef);
  if (entries.length === 0) return null;
  return (
    <li
      ref={rootRef}
      className="right-bar__item"
      data-right-bar={name}
      onMouseEnter={() => {
        if (!open) openedByHover.current = true;
        setOpen(true);
      }}
      onMouseLeave={() => {
        openedByHover.current = false;
        close();
      }}
      onBlur={(e) => {
        if (!rootRef.current?.contains(e.relatedTarget as Node | null)) close();
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        className="right-bar__button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => {
          if (openedByHover.current) openedByHover.current = false;
          else setOpen((v) => !v);
        }}
      >
        {icon}
        <span className="right-bar__label">{label}</span>
      </button>
      <div id={panelId} className="right-bar__popover popover" hidden={!open}>
        {open
          ? entries.map((entry) => (
              <figure key={entry.key} className="qr-figure">
                <QrCode value={entry.url} label={t('qr.label', { title: entry.title })} size={120} />
                <figcaption>{entry.title}</figcaption>
              </figure>
            ))
          : null}
      </div>
    </li>
  );
}

/** Floating bar on the right: app QR codes, WeChat account QR, customer service (the online chat), back to top. */
export function RightBar() {
  const { t } = useTranslation('layout');
  const { data } = useSiteConfig();
  const [showTop, setShowTop] = useState(false);

  useEffect(() => {
    const onScroll = () => setShowTop(window.scrollY > BACK_TO_TOP_AFTER_PX);
    // Read on scroll only (a restored position arrives as a scroll event too): reading scrollY
    // right after the first render forced a layout of the whole page in the middle of the load.
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);

  const scrollTop = () => {
    const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    window.scrollTo({ top: 0, behavior: reduce ? 'auto' : 'smooth' });
    document.getElementById('main')?.focus({ preventScroll: true });
  };

  return (
    <aside className="right-bar" aria-label={t('rightBar.label')} data-chrome="right-bar">
      <ul>
        <QrPopoverItem name="app" icon={<PhoneIcon />} label={t('rightBar.app')} entries={data?.app_downloads ?? []} />
        <QrPopoverItem name="wechat" icon={<ChatIcon />} label={t('rightBar.wechat')} entries={data ? [data.wechat_account] : []} />
        <li className="right-bar__item" data-right-bar="service">
          <Link to={paths.onlineService.getHref()} className="right-bar__button">
            <HeadsetIcon />
            <span className="right-bar__label">{t('rightBar.service')}</span>
          </Link>
        </li>
        {showTop ? (
          <li className="right-bar__item right-bar__item--top" data-right-bar="back-to-top">
            <button type="button" className="right-bar__button" onClick={scrollTop}>
              <ArrowUpIcon />
              <span className="right-bar__label">{t('rightBar.backToTop')}</span>
            </button>
          </li>
        ) : null}
      </ul>
    </aside>
  );
}
