import 'fake-indexeddb/auto';
import { afterEach } from 'vitest';

// Files that test logic alone run in Node (`// @vitest-environment node` at their top): no
// happy-dom, and none of the DOM testing helpers below, which cost a file about a second.
if (typeof document !== 'undefined') {
  await import('@testing-library/jest-dom/vitest');
  const { cleanup, configure } = await import('@testing-library/react');

  // findBy/waitFor give up after 1 s by default. A file's first route is a module loaded on
  // demand, and on a busy machine (two test workers on two cores, or other work beside them) it
  // took longer: creator-profile-loading and creators-route failed so, in the default config
  // too. 3 s still fails a missing element well within the 5 s test timeout.
  configure({ asyncUtilTimeout: 3_000 });

  afterEach(() => {
    cleanup();
    localStorage.clear();
  });
}
