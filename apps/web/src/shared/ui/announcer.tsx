import { createStore } from './create-store';

export type Politeness = 'polite' | 'assertive';

interface Announcement {
  text: string;
  /** Counts announcements, so the same text said twice is a new node and is read again. */
  n: number;
}

const stores = {
  polite: createStore<Announcement>({ text: '', n: 0 }),
  assertive: createStore<Announcement>({ text: '', n: 0 }),
};

/**
 * Says `text` to screen-reader users through the app's live regions: `polite` (default) waits for
 * the reader to finish, `assertive` interrupts (errors). For results that have no visible text
 * of their own to put in a live region: a toggle's new state, a count of suggestions, a copy.
 */
export function announce(text: string, politeness: Politeness = 'polite'): void {
  const store = stores[politeness];
  store.set({ text, n: store.get().n + 1 });
}

function Region({ politeness }: { politeness: Politeness }) {
  const { text, n } = stores[politeness].useValue();
  return (
    <div className="visually-hidden" aria-live={politeness} aria-atomic="true" data-announcer={politeness}>
      {text ? <p key={n}>{text}</p> : null}
    </div>
  );
}

/**
 * The two live regions, rendered once around every route. They exist (empty) before anything is
 * announced: a region added together with its text is not read by every screen reader.
 */
export function Announcer() {
  return (
    <>
      <Region politeness="polite" />
      <Region politeness="assertive" />
    </>
  );
}
