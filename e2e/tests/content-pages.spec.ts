import { expect, test } from "./fixtures.ts";

test("the verification page says what the spec says and leads to login @phone", async ({ page }) => {
  await page.goto("/verification");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Registration Successful");
  await expect(page.getByText("Please check your e-mail to verify your account before logging in.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Go to Login Page" })).toHaveAttribute("href", "/registration");
});

test("the Terms page has every section of the spec, in order, and points to Contact Us", async ({ page }) => {
  await page.goto("/terms-and-conditions");
  const headings = await page.getByRole("main").getByRole("heading", { level: 2 }).allInnerTexts();
  const expected = [
    "Terms of Service",
    "Eligibility",
    "Product Use and Compliance",
    "Pricing and Order Acceptance",
    "Intellectual Property",
    "Warranties and Disclaimers",
    "Limitation of Liability",
    "Third-party links",
    "Law and Governance and Dispute Resolution",
    "Changes to Terms",
    "Contact Information",
  ];
  expect(headings.filter((heading) => expected.includes(heading))).toEqual(expected);
  await expect(page.getByRole("main")).toContainText(/21/);
  const contact = page.locator("section", { has: page.getByRole("heading", { name: "Contact Information" }) });
  await expect(contact.getByRole("link", { name: /Contact Us/ }).first()).toHaveAttribute("href", "/contact-us");
});

test("the Terms table of contents jumps to its section, below the fixed header @phone", async ({ page }) => {
  await page.goto("/terms-and-conditions");
  const toc = page.getByRole("navigation", { name: "On this page" });
  await expect(toc.getByRole("link")).toHaveCount(11);
  await toc.getByRole("link", { name: "Contact Information" }).click();
  await expect(page).toHaveURL(/#contact-information$/);
  const heading = page.getByRole("heading", { level: 2, name: "Contact Information" });
  await expect(heading).toBeInViewport();
  const headerBottom = await page
    .locator("header")
    .first()
    .evaluate((header) => header.getBoundingClientRect().bottom);
  expect((await heading.boundingBox())?.y).toBeGreaterThanOrEqual(headerBottom);
});

const pages: [path: string, heading: string][] = [
  ["/about-us", "About Us"],
  ["/privacy-policy", "Privacy Policy"],
  ["/return-policy", "Return Policy"],
  ["/shipping-policy", "Shipping Policy"],
];
for (const [path, heading] of pages) {
  test(`${path} answers with its page`, async ({ page }) => {
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toContainText(heading);
  });
}

test("the shop's words say only what it does: no checkout promises, lab claims only where results exist", async ({
  request,
}) => {
  const text = async (path: string) => {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    // The visible words only: tags and the data React carries for hydration aside.
    return (await response.text())
      .replace(/<script[\s\S]*?<\/script>/g, "")
      .replace(/<[^>]+>/g, " ")
      .replace(/\s+/g, " ");
  };
  const checkoutPromise = /\bat checkout\b|checkout (blocks|checks|flags|tells|already)/i;
  for (const path of [
    "/",
    "/about-us",
    "/terms-and-conditions",
    "/shipping-policy",
    "/blog/why-we-check-your-date-of-birth",
    "/blog/kratom-vein-colours-explained",
    "/blog/thca-vs-delta-9-2026-federal-hemp-change",
  ]) {
    expect(await text(path), path).not.toMatch(checkoutPromise);
  }
  // 22 of the 48 demo products (candy, chargers, nicotine vapes) have no certificate.
  expect(await text("/products")).not.toMatch(/Every batch (is lab tested|has its certificate)/);
  const about = await text("/about-us");
  expect(about).toContain("Lab Results page");
  expect(about).not.toMatch(/ask us[^.]*COA|COA[^.]*ask us/i);
  // The federal change applied from 12 November 2026 while the demo still lists THCA flower.
  expect(await text("/blog/thca-vs-delta-9-2026-federal-hemp-change")).not.toMatch(/leave the shop before/);
});
