import { test as base, expect } from "@playwright/test";

interface Fixtures {
  /** Visitors have passed the age gate unless a spec says `test.use({ ageVerified: false })`. */
  ageVerified: boolean;
  consoleErrors: string[];
}

/**
 * Each test is its own client address (the test server trusts loopback's X-Forwarded-For, see
 * playwright.config.ts): the shop limits sign-ups, logins and mails per address (decision 011),
 * and a whole run from one address would meet those limits, not the behaviour under test.
 */
function clientAddressOf(testId: string): string {
  let hash = 0;
  for (const char of testId) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return `10.${(hash >>> 16) & 255}.${(hash >>> 8) & 255}.${hash & 255 || 1}`;
}

export const test = base.extend<Fixtures>({
  ageVerified: [true, { option: true }],

  extraHTTPHeaders: async ({ extraHTTPHeaders }, use, testInfo) => {
    await use({ ...extraHTTPHeaders, "X-Forwarded-For": clientAddressOf(`${testInfo.testId}:${testInfo.retry}`) });
  },

  context: async ({ context, ageVerified, baseURL }, use) => {
    if (ageVerified) await context.addCookies([{ name: "ageVerified", value: "true", url: baseURL ?? "" }]);
    await use(context);
  },

  /** Every page test fails on a console error or an uncaught exception (a CSP violation shows as one). */
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on("console", (message) => {
        if (message.type() === "error") errors.push(message.text());
      });
      page.on("pageerror", (error) => errors.push(error.message));
      await use(errors);
      expect(errors, "console errors").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
