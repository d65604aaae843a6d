import { createStore } from './create-store';

/** Whether the "please log in" confirm dialog of spec §5 is open. */
export const confirmLoginStore = createStore(false);

export const openConfirmLogin = (): void => confirmLoginStore.set(true);
export const closeConfirmLogin = (): void => confirmLoginStore.set(false);
