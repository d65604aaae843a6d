import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// How long findBy*/waitFor keep trying before they give up (not a timing assertion): the default
// 1 s is too short when test files share two busy cores.
configure({ asyncUtilTimeout: 5_000 });

// jsdom has the <dialog> element but not its modal methods: opening shows it (the `open`
// attribute), closing hides it and fires `close`, as a browser does. Inertness and the top
// layer are checked in the browser tests.
if (typeof HTMLDialogElement !== 'undefined' && !HTMLDialogElement.prototype.showModal) {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    if (!this.hasAttribute('open')) return;
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
}

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  window.sessionStorage.clear();
});
