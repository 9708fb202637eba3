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
