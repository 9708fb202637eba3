/** The test shop's first super admin (passed to the server by playwright.config.ts). */
export const ADMIN = { email: "owner@e2e.test", password: "e2e owner passphrase 1" };
