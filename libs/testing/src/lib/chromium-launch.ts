/**
 * How the browser tests and `bench:web` start Chromium through playwright-core: Debian's package,
 * which `.ci/run` installs (Playwright's own download is not reachable), headless, and with nothing
 * that reaches out of the machine on its own.
 */
export const CHROMIUM_LAUNCH = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  headless: true,
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};
