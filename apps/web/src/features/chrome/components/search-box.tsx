import { lazy, Suspense, useId, useRef, useState, type FocusEvent, type FormEvent, type KeyboardEvent, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { SEARCH_KEYWORD_MAX } from '@medportal/contract';
import { paths } from '../../../config/paths';
import { loadNamespaces } from '../../../shared/i18n';
import { SearchIcon } from '../../../shared/ui/icons';

/** Longest term the API accepts (typed against the contract's value). */
const TERM_MAX: typeof SEARCH_KEYWORD_MAX = 50;

/** What the panel tells the input: whether a popup is shown and which option is active. */
export interface PanelView {
  expanded: boolean;
  /** Ids of the listboxes shown (aria-controls). */
  controls: string;
  activeId: string | undefined;
}

/** Keyboard handling the input hands to the panel; true when the key was used. */
export interface PanelHandle {
  onKey: (key: string) => boolean;
}

export interface PanelProps {
  ref: Ref<PanelHandle>;
  idPrefix: string;
  term: string;
  open: boolean;
  /** Search for a term (suggestion, hot word, history entry). */
  onChoose: (term: string) => void;
  onClose: () => void;
  onView: (view: PanelView) => void;
}

// The suggestion and hot-word panel (with its texts) loads on first focus: the nav bar is part
// of every page, and the home route's JavaScript budget leaves no room for it up front.
// If it cannot load (offline), the box keeps working as a plain search form.
const SearchPanel = lazy(() =>
  Promise.all([import('./search-panel'), loadNamespaces('search')]).then(
    ([m]) => ({ default: m.SearchPanel }),
    () => ({ default: () => null }),
  ),
);

const recordSearch = (term: string) => {
  void import('../../../shared/search-history').then((m) => m.addSearchHistory(term));
};

const CLOSED: PanelView = { expanded: false, controls: '', activeId: undefined };

/**
 * The navigation bar search: an ARIA 1.2 combobox. A non-empty term goes to /search?txt= and is
 * remembered in the search history; an empty one does nothing.
 */
export function SearchBox() {
  const { t } = useTranslation('layout');
  const navigate = useNavigate();
  const idPrefix = useId();
  const panel = useRef<PanelHandle>(null);
  const [term, setTerm] = useState('');
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const [view, setView] = useState<PanelView>(CLOSED);
  const expanded = open && view.expanded;

  const show = () => {
    setWanted(true);
    setOpen(true);
  };

  const search = (value: string) => {
    const txt = value.trim();
    if (!txt) return;
    recordSearch(txt);
    setTerm(txt);
    setOpen(false);
    void navigate(paths.search.getHref(txt));
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    search(term);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.nativeEvent.isComposing) return;
    const { key } = event;
    if (key === 'Escape') {
      // The first Escape closes the popup; with it closed, the browser clears the field.
      if (expanded) {
        event.preventDefault();
        setOpen(false);
      }
      return;
    }
    if (!open && (key === 'ArrowDown' || key === 'ArrowUp')) {
      event.preventDefault();
      show();
      return;
    }
    if (open && panel.current?.onKey(key)) event.preventDefault();
  };

  const onBlur = (event: FocusEvent<HTMLFormElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOpen(false);
  };

  return (
    <form
      role="search"
      className="search-box"
      action={paths.search.path}
      method="get"
      onSubmit={onSubmit}
      onBlur={onBlur}
      // A pointer over the box starts loading the panel before the click that focuses it.
      onPointerEnter={() => setWanted(true)}
      data-chrome="search"
    >
      <input
        type="search"
        name="txt"
        role="combobox"
        className="search-box__input"
        value={term}
        onChange={(e) => {
          setTerm(e.target.value);
          show();
        }}
        onFocus={show}
        onClick={show}
        onKeyDown={onKeyDown}
        placeholder={t('search.placeholder')}
        aria-label={t('search.label')}
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={expanded && view.controls ? view.controls : undefined}
        aria-activedescendant={expanded ? view.activeId : undefined}
        autoComplete="off"
        enterKeyHint="search"
        maxLength={TERM_MAX}
      />
      <button type="submit" className="search-box__submit" aria-label={t('search.submit')}>
        <SearchIcon />
      </button>
      {wanted ? (
        <Suspense fallback={null}>
          <SearchPanel
            ref={panel}
            idPrefix={idPrefix}
            term={term}
            open={open}
            onChoose={search}
            onClose={() => setOpen(false)}
            onView={setView}
          />
        </Suspense>
      ) : null}
    </form>
  );
}
