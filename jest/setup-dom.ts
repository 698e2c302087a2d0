import '@testing-library/jest-dom';
import { TextDecoder, TextEncoder } from 'node:util';

// jsdom lacks these; react-router needs them.
Object.assign(globalThis, { TextEncoder, TextDecoder });

// A test starts with nothing a previous test kept for the tab (a draft reply, say).
afterEach(() => {
  sessionStorage.clear();
  localStorage.clear();
});
