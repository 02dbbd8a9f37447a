/** The browser tier's hooks: each test file's page server and Chromium (testkit/browser.ts starts them). */
import type { Browser } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
import { launchChromium, serveBundle, type Served } from "../../testkit/browser.js";

/** A test file's page server and Chromium: started before its tests, closed after them. */
export interface ServedChromium {
  readonly served: Served;
  readonly browser: Browser;
}

/** Registers the hooks that start and close the file's server and Chromium (call at the top level). */
export function useServedChromium(): ServedChromium {
  let served: Served | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    served = await serveBundle();
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await served?.close();
  });
  const started = <T>(value: T | undefined): T => {
    if (value === undefined)
      throw new Error("the server and Chromium start in beforeAll: use them inside tests and hooks");
    return value;
  };
  return {
    get served() {
      return started(served);
    },
    get browser() {
      return started(browser);
    },
  };
}
