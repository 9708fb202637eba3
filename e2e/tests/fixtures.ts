import { test as base, expect } from "@playwright/test";

interface Fixtures {
  /** Visitors have passed the age gate unless a spec says `test.use({ ageVerified: false })`. */
  ageVerified: boolean;
  consoleErrors: string[];
}

export const test = base.extend<Fixtures>({
  ageVerified: [true, { option: true }],

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
