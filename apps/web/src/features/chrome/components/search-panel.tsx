import { useEffect, useImperativeHandle, useState, type MouseEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { Course } from '@medportal/contract';
import { performAction } from '../../../shared/actions';
import { Highlight } from '../../../shared/format/highlight';
import { clearSearchHistory, useSearchHistory } from '../../../shared/search-history';
import { announce } from '../../../shared/ui/announcer';
import { showNotice } from '../../../shared/ui/notice-store';
import { useHotCourses, useHotWords, useSuggestions } from '../api/search-board';
import type { PanelProps } from './search-box';
import './search-panel.css';

/** Wait after the last keystroke before asking for suggestions. */
export const SUGGEST_DEBOUNCE_MS = 150;

type Option =
  | { kind: 'term'; term: string; section: 'suggest' | 'history' | 'hot' }
  | { kind: 'course'; course: Course; section: 'course' };

function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

// Clicks inside the popup must not take focus from the input (the popup would close).
const keepFocus = (e: MouseEvent) => e.preventDefault();

/** An option's identity in the board: the same course or term in the same section. */
const optionKey = (option: Option): string => (option.kind === 'course' ? `c${option.course.id}` : `${option.section}:${option.term}`);

/**
 * The popup of the navigation search box: suggestions while typing; with an empty box the board
 * of search history, hot words and hot courses. Options are chosen with the arrow keys and Enter
 * (the input keeps focus and points at the active one with aria-activedescendant) or the mouse.
 */
export function SearchPanel({ ref, idPrefix, term, open, onChoose, onClose, onView }: PanelProps) {
  const { t } = useTranslation('search');
  const navigate = useNavigate();
  const typed = term.trim();
  const typing = typed.length > 0;
  // Closing resets the word, so reopening never flashes the suggestions of an earlier term.
  const word = useDebounced(open ? typed : '', SUGGEST_DEBOUNCE_MS);
  const history = useSearchHistory();
  const board = open && !typing;
  const hotWords = useHotWords(board);
  const hotCourses = useHotCourses(board);
  const suggestions = useSuggestions(typing && open ? word : '');

  const options: Option[] = typing
    ? (word ? (suggestions.data?.items ?? []) : []).map((s) => ({ kind: 'term', term: s.word, section: 'suggest' }))
    : [
        ...history.map((h): Option => ({ kind: 'term', term: h, section: 'history' })),
        ...(hotWords.data?.items ?? []).map((w): Option => ({ kind: 'term', term: w.word, section: 'hot' })),
        ...(hotCourses.data?.items ?? []).map((c): Option => ({ kind: 'course', course: c, section: 'course' })),
      ];

  // The active option is held by identity, so options arriving later (hot courses after hot words)
  // leave it where it is; it resets when the list is another one (a new word, board ↔ suggestions).
  const scope = typing ? `s:${word}` : 'b';
  const [active, setActive] = useState<{ scope: string; key: string } | null>(null);
  const index = active && active.scope === scope ? options.findIndex((o) => optionKey(o) === active.key) : -1;
  const optionId = (i: number) => `${idPrefix}-option-${i}`;
  const activeId = open && index >= 0 ? optionId(index) : undefined;

  const listIds = {
    suggest: `${idPrefix}-suggest`,
    history: `${idPrefix}-history`,
    hot: `${idPrefix}-hot`,
    course: `${idPrefix}-course`,
  } as const;
  const sectionsShown = typing
    ? options.length > 0
      ? [listIds.suggest]
      : []
    : [...(history.length > 0 ? [listIds.history] : []), listIds.hot, listIds.course];
  const expanded = open && sectionsShown.length > 0;
  const controls = sectionsShown.join(' ');

  useEffect(() => {
    onView({ expanded, controls, activeId });
  }, [expanded, controls, activeId, onView]);

  useEffect(() => {
    if (activeId) document.getElementById(activeId)?.scrollIntoView?.({ block: 'nearest' });
  }, [activeId]);

  // The count of suggestions for the typed word, once its own answer is in (not the previous
  // word's answer kept on screen meanwhile), for screen-reader users who cannot see the list.
  const settled = typing && word === typed && suggestions.isSuccess && !suggestions.isPlaceholderData;
  const suggestionCount = settled ? suggestions.data.items.length : null;
  useEffect(() => {
    if (!open || suggestionCount === null) return;
    announce(suggestionCount === 0 ? t('box.noSuggestions') : t('box.suggestionCount', { count: suggestionCount }));
  }, [open, word, suggestionCount, t]);

  const choose = (option: Option) => {
    if (option.kind === 'term') {
      onChoose(option.term);
      return;
    }
    onClose();
    performAction(option.course.action, { navigate: (to) => void navigate(to), showMessage: showNotice });
  };

  useImperativeHandle(ref, () => ({
    onKey(key) {
      const n = options.length;
      if (key === 'ArrowDown' || key === 'ArrowUp') {
        if (n === 0) return true;
        const next = key === 'ArrowDown' ? (index + 1) % n : index <= 0 ? n - 1 : index - 1;
        setActive({ scope, key: optionKey(options[next]!) });
        return true;
      }
      if (key === 'Enter' && index >= 0 && options[index]) {
        choose(options[index]);
        return true;
      }
      return false;
    },
  }));

  if (!expanded) return null;

  let position = 0;
  const rendered: Option[] = [];
  const renderOption = (option: Option, content: ReactNode, className: string) => {
    const i = position++;
    rendered[i] = option;
    const key = optionKey(option);
    return (
      <li
        key={key}
        id={optionId(i)}
        role="option"
        aria-selected={i === index}
        className={`${className}${i === index ? ' is-active' : ''}`}
        data-option={i}
      >
        {content}
      </li>
    );
  };

  // Options never take focus: the combobox input drives them by keyboard (aria-activedescendant),
  // so a pointer choice is one click handler on the panel that finds the option clicked.
  const onPanelClick = (event: MouseEvent<HTMLElement>) => {
    const element = (event.target as HTMLElement).closest<HTMLElement>('[data-option]');
    const option = element ? rendered[Number(element.dataset.option)] : undefined;
    if (option) choose(option);
  };

  if (typing) {
    return (
      <div className="search-panel popover" role="presentation" onMouseDown={keepFocus} onClick={onPanelClick} data-testid="search-suggestions">
        <ul className="search-panel__list" role="listbox" id={listIds.suggest} aria-label={t('box.suggestions')}>
          {options.map((o) =>
            o.kind === 'term'
              ? renderOption(
                  o,
                  <span className="search-panel__text">
                    <Highlight text={o.term} terms={[typed]} />
                  </span>,
                  'search-panel__suggestion',
                )
              : null,
          )}
        </ul>
      </div>
    );
  }

  const historyOptions = options.filter((o) => o.section === 'history');
  const hotOptions = options.filter((o) => o.section === 'hot');
  const courseOptions = options.filter((o) => o.section === 'course');
  const headingId = (s: keyof typeof listIds) => `${listIds[s]}-label`;

  return (
    <div className="search-panel search-panel--board popover" role="presentation" onMouseDown={keepFocus} onClick={onPanelClick} data-testid="search-board">
      {historyOptions.length > 0 ? (
        <section className="search-panel__section">
          <div className="search-panel__heading">
            <div className="search-panel__title" id={headingId('history')}>{t('box.history')}</div>
            <button type="button" className="link-button search-panel__clear" onClick={clearSearchHistory}>
              {t('box.clearHistory')}
            </button>
          </div>
          <ul className="search-panel__chips" role="listbox" id={listIds.history} aria-labelledby={headingId('history')}>
            {historyOptions.map((o) => (o.kind === 'term' ? renderOption(o, o.term, 'search-panel__chip') : null))}
          </ul>
        </section>
      ) : null}
      <section className="search-panel__section">
        <div className="search-panel__heading">
          <div className="search-panel__title" id={headingId('hot')}>{t('box.hotWords')}</div>
        </div>
        <BoardStatus query={hotWords} empty={hotOptions.length === 0} />
        <ul className="search-panel__chips" role="listbox" id={listIds.hot} aria-labelledby={headingId('hot')}>
          {hotOptions.map((o) => (o.kind === 'term' ? renderOption(o, o.term, 'search-panel__chip search-panel__chip--hot') : null))}
        </ul>
      </section>
      <section className="search-panel__section">
        <div className="search-panel__heading">
          <div className="search-panel__title" id={headingId('course')}>{t('box.hotCourses')}</div>
        </div>
        <BoardStatus query={hotCourses} empty={courseOptions.length === 0} />
        <ol className="search-panel__courses" role="listbox" id={listIds.course} aria-labelledby={headingId('course')}>
          {courseOptions.map((o, rank) =>
            o.kind === 'course'
              ? renderOption(
                  o,
                  <>
                    <span className={`search-panel__rank${rank < 3 ? ' search-panel__rank--top' : ''}`} aria-hidden="true">
                      {rank + 1}
                    </span>
                    <span className="search-panel__course-title">{o.course.title}</span>
                    <span className="search-panel__course-meta">{t('box.learners', { shown: o.course.learn_count_show })}</span>
                  </>,
                  'search-panel__course',
                )
              : null,
          )}
        </ol>
      </section>
    </div>
  );
}

/** Loading, failure (with retry) or "nothing yet" for one board section. */
function BoardStatus({ query, empty }: { query: { isPending: boolean; isError: boolean; refetch: () => unknown }; empty: boolean }) {
  const { t } = useTranslation('search');
  if (query.isPending) {
    return (
      <p className="search-panel__status" aria-busy="true">
        {t('box.loading')}
      </p>
    );
  }
  if (query.isError) {
    return (
      <p className="search-panel__status" role="alert">
        {t('box.failed')}{' '}
        <button type="button" className="link-button" onClick={() => void query.refetch()}>
          {t('box.retry')}
        </button>
      </p>
    );
  }
  return empty ? <p className="search-panel__status">{t('box.none')}</p> : null;
}
