import { createStore } from './create-store';

/** A message for the person (e.g. a MESSAGE skip action's data.message), shown in a dialog. */
export const noticeStore = createStore<string | null>(null);

export const showNotice = (message: string): void => noticeStore.set(message);
export const closeNotice = (): void => noticeStore.set(null);
