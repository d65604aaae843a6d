import { useCallback, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { safeExternalUrl } from '../../../shared/actions';
import { useDismiss } from '../../../shared/hooks/use-dismiss';
import { ChevronDownIcon, GridIcon } from '../../../shared/ui/icons';
import { Image } from '../../../shared/ui/image';
import { useRelateSites } from '../api/get-relate-sites';

/** "All products" disclosure: a button that opens a list of sister-product links. */
export function ProductsMenu() {
  const { t } = useTranslation('layout');
  const { data } = useRelateSites();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const close = useCallback(() => setOpen(false), []);
  useDismiss(open, close, rootRef, buttonRef);

  const sites = (data?.items ?? []).filter((s) => safeExternalUrl(s.url));
  if (sites.length === 0) return null;

  const focusItem = (delta: number) => {
    const links = Array.from(rootRef.current?.querySelectorAll<HTMLAnchorElement>('.products-menu__panel a') ?? []);
    if (links.length === 0) return;
    const current = links.indexOf(document.activeElement as HTMLAnchorElement);
    const next = current === -1 ? (delta > 0 ? 0 : links.length - 1) : (current + delta + links.length) % links.length;
    links[next]?.focus();
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!open) setOpen(true);
      // Wait for the panel to render before moving focus into it.
      requestAnimationFrame(() => focusItem(event.key === 'ArrowDown' ? 1 : -1));
    }
  };

  return (
    <div
      className="products-menu"
      ref={rootRef}
      onBlur={(e) => {
        if (!rootRef.current?.contains(e.relatedTarget as Node | null)) setOpen(false);
      }}
      data-chrome="products"
    >
      <button
        ref={buttonRef}
        type="button"
        className="navbar__icon-button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((v) => !v)}
        onKeyDown={onKeyDown}
      >
        <GridIcon />
        <span className="navbar__icon-label">{t('products.button')}</span>
        <ChevronDownIcon />
      </button>
      <div id={panelId} className="products-menu__panel popover" hidden={!open}>
        <ul>
          {sites.map((site) => (
            <li key={site.id}>
              <a href={safeExternalUrl(site.url) ?? undefined} target="_blank" rel="noopener noreferrer" onKeyDown={onKeyDown}>
                <Image src={site.icon} alt="" width={32} height={32} className="products-menu__icon" />
                <span>
                  <strong>{site.title}</strong>
                  {site.desc ? <small>{site.desc}</small> : null}
                </span>
              </a>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
