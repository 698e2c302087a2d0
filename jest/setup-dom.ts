import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';
import { TextDecoder, TextEncoder } from 'node:util';

// findBy and waitFor give up after this long. They end as soon as what they wait for is there,
// so the limit costs nothing when a test passes; 1 s (the default) failed tests on a busy CI
// machine, where the API tests run beside these.
configure({ asyncUtilTimeout: 5_000 });

// jsdom lacks these; react-router needs them.
Object.assign(globalThis, { TextEncoder, TextDecoder });

// A test starts with nothing a previous test kept for the tab (a draft reply, say).
afterEach(() => {
  sessionStorage.clear();
  localStorage.clear();
});
