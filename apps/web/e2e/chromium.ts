import type { LaunchOptions } from 'playwright-core';

/** How every browser test starts Chromium (Debian's, or CHROMIUM_PATH): headless, quiet, plus `args`. */
export function chromiumOptions(args: string[] = []): LaunchOptions {
  return {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      ...args,
    ],
  };
}
