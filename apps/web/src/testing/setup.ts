import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// How long findBy*/waitFor keep trying before they give up (not a timing assertion): the default
// 1 s is too short when test files share two busy cores.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  window.sessionStorage.clear();
});
