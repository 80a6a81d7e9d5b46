import { buildMock } from '@cohort/mock/build';
import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { chromiumOptions } from './chromium.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The mock bundled once for the whole run (apps/mock/dist/e2e/main.js), as `pnpm start` runs it. */
    mockMain: string;
    /** One Chromium for the whole run: a file connects to it and gets contexts of its own. */
    browserEndpoint: string;
  }
}

// Each test file starts its own mock: from a bundle (with its prebuilt default seed) that takes a
// fraction of the time tsx needs to compile the mock's source on every start. Chromium starts once.
export default async function setup(project: TestProject) {
  const [mockMain, browser] = await Promise.all([buildMock('dist/e2e'), chromium.launchServer(chromiumOptions())]);
  project.provide('mockMain', mockMain);
  project.provide('browserEndpoint', browser.wsEndpoint());
  return () => browser.close();
}
