import { useEffect, useId, useLayoutEffect, useRef, type CSSProperties, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { DIALOG_BUTTON_COLOR, DIALOG_WIDTH_PX } from '@medportal/contract/constants';
import { CloseIcon } from './icons';
import './dialog.css';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

export interface DialogProps {
  open: boolean;
  title: ReactNode;
  onClose: () => void;
  children?: ReactNode;
  /** Action buttons, right-aligned under the body. */
  footer?: ReactNode;
  /** Role `alertdialog` for confirmations that interrupt the user. */
  role?: 'dialog' | 'alertdialog';
}

const dialogStyle = {
  '--dialog-width': `${DIALOG_WIDTH_PX}px`,
  '--dialog-button-color': DIALOG_BUTTON_COLOR,
} as CSSProperties;

const focusables = (root: HTMLElement) => Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter((el) => !el.closest('[hidden], [inert]'));

/**
 * Modal dialog, 500 px wide (spec §9), on the native `<dialog>` opened with `showModal()`: the
 * browser puts it above everything and makes the rest of the page inert (no focus, no clicks, not
 * read). Focus starts on `[data-autofocus]`, else on the first control of the body or footer,
 * else on the close button; Tab and Shift+Tab cycle inside; Escape, the close button and a press
 * on the backdrop call `onClose`; on close focus goes back to where it was.
 */
export function Dialog({ open, ...props }: DialogProps) {
  if (!open) return null;
  return createPortal(<ModalDialog {...props} />, document.body);
}

function ModalDialog({ title, onClose, children, footer, role = 'dialog' }: Omit<DialogProps, 'open'>) {
  const { t } = useTranslation('common');
  const titleId = useId();
  const bodyId = useId();
  const ref = useRef<HTMLDialogElement>(null);
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });

  // Layout effect: its clean-up runs while the element is still in the document, so the dialog
  // is closed (leaving the top layer) before focus goes back to the opener.
  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    const start =
      dialog.querySelector<HTMLElement>('[data-autofocus]') ??
      focusables(dialog).find((el) => !el.closest('.dialog__header')) ??
      focusables(dialog)[0] ??
      dialog;
    start.focus();
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = overflow;
      if (dialog.open) dialog.close();
      // The opener may have gone with what the dialog did (a removed item): then the page's main
      // region, so the next Tab continues from the content rather than from the top.
      const back = opener?.isConnected ? opener : document.getElementById('main');
      back?.focus({ preventScroll: !opener?.isConnected });
    };
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key === 'Escape' && !event.nativeEvent.isComposing) {
      // Handled here rather than by the browser's cancel, so that pressing it again after a
      // refusal still asks the owner instead of closing the element behind React's back.
      event.preventDefault();
      event.stopPropagation();
      onCloseRef.current();
      return;
    }
    if (event.key !== 'Tab' || !ref.current) return;
    // The page behind is inert, but Tab past the last control would leave for the browser's own
    // toolbar: keep it cycling inside.
    const items = focusables(ref.current);
    if (items.length === 0) {
      event.preventDefault();
      return;
    }
    const first = items[0]!;
    const last = items[items.length - 1]!;
    if (event.shiftKey && (document.activeElement === first || document.activeElement === ref.current)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  // A press on the backdrop reaches the <dialog> itself, outside the box it draws.
  const onMouseDown = (event: MouseEvent<HTMLDialogElement>) => {
    if (event.target !== event.currentTarget) return;
    const box = event.currentTarget.getBoundingClientRect();
    const inside = event.clientX >= box.left && event.clientX <= box.right && event.clientY >= box.top && event.clientY <= box.bottom;
    if (!inside) onCloseRef.current();
  };

  return (
    // The dialog handles keys for the controls inside it (Escape, the Tab cycle) and presses on
    // its backdrop: the WAI-ARIA dialog pattern, not a control of its own.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <dialog
      ref={ref}
      className="dialog"
      style={dialogStyle}
      role={role === 'alertdialog' ? 'alertdialog' : undefined}
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={children ? bodyId : undefined}
      tabIndex={-1}
      onKeyDown={onKeyDown}
      onMouseDown={onMouseDown}
      onCancel={(event) => {
        // Other close requests (a phone's back gesture): the owner decides.
        event.preventDefault();
        onCloseRef.current();
      }}
    >
      <div className="dialog__header">
        <h2 id={titleId} className="dialog__title">
          {title}
        </h2>
        <button type="button" className="icon-button dialog__close" aria-label={t('actions.close')} onClick={onClose}>
          <CloseIcon />
        </button>
      </div>
      {children ? (
        <div id={bodyId} className="dialog__body">
          {children}
        </div>
      ) : null}
      {footer ? <div className="dialog__footer">{footer}</div> : null}
    </dialog>
  );
}
