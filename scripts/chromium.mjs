// Debian's Chromium and the flags every script launches it with (the developers' guide: never a
// browser from elsewhere). playwright.config.ts lists the same flags for the end-to-end tests.
export const CHROMIUM_PATH = '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
