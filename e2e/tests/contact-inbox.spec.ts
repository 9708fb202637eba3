import { logInAsAdmin } from "./accounts.ts";
import { expectNoViolations } from "./axe.ts";
import { expect, test } from "./fixtures.ts";
import { lastMailTo } from "./mailbox.ts";
import { fullPageShots, toastAtRest } from "./pages.ts";

// The contact inbox (decision 051): a visitor writes from Contact Us, the shop's address hears
// of it, staff see the number waiting in the sidebar, open the message, reply, and the reply
// reaches the visitor by e-mail. Screens are looked at 390x844 and 1440x900.

const SHOP_ADDRESS = "support@leafandcloud.example";

test("a visitor's message reaches the inbox, staff answer it by e-mail and it is handled", async ({
  page,
  baseURL,
  consoleErrors,
}, testInfo) => {
  test.slow(); // a form, two mails and four axe scans
  const phone = testInfo.project.name === "phone";
  await page.setViewportSize(phone ? { width: 390, height: 844 } : { width: 1440, height: 900 });
  const shot = fullPageShots(page, testInfo);
  const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const name = `Inbox Visitor ${tag}`;
  const email = `inbox-${tag}@example.com`;

  // The visitor writes.
  await page.goto("/contact-us");
  await page.getByLabel("Your name").fill(name);
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Message", { exact: true }).fill("Do you ship <b>gummies</b> to Ohio?\nThanks!");
  await page.getByRole("button", { name: "Send message" }).click();
  await expect(page.getByRole("status")).toContainText("Message sent.");
  await expect
    .poll(async () => (await lastMailTo(SHOP_ADDRESS)).subject, { timeout: 10_000 })
    .toContain(`New message from ${name}`);

  // Staff see the number waiting beside Inbox.
  await logInAsAdmin(page, baseURL);
  await page.goto("/dashboard");
  if (phone) await page.getByRole("button", { name: "Open menu" }).click();
  const inboxLink = page
    .getByRole("navigation", { name: "Dashboard" })
    .getByRole("link", { name: /^Inbox \d+ messages? waiting$/ });
  await expect(inboxLink).toBeVisible();
  await inboxLink.click();

  // The inbox: waiting messages, found by the visitor's name.
  await expect(page.getByRole("heading", { level: 1, name: "Inbox" })).toBeVisible();
  await page.getByLabel("Status").selectOption("unhandled");
  await page.getByLabel("Search messages").fill(name);
  await expect(page).toHaveURL(/[?&]q=Inbox/);
  await expect(page).toHaveURL(/[?&]status=unhandled/);
  const row = page.getByRole("row").filter({ hasText: name });
  await expect(row).toHaveCount(1);
  // Axe reads the colours of a list that is still loading its next page (dimmed) as too faint.
  await expect(page.locator("[aria-busy=true]")).toHaveCount(0);
  await expect(row).toContainText("Waiting");
  await expectNoViolations(page, "Inbox");
  await shot("inbox-list");

  // The message, and the reply form beside it: an empty reply is refused beside its field.
  await row.getByRole("link", { name }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Message from ${name}` })).toBeVisible();
  await expect(page.getByText("Do you ship <b>gummies</b> to Ohio?")).toBeVisible();
  await page.getByRole("button", { name: "Send reply" }).click();
  const reply = page.getByLabel("Reply", { exact: true });
  await expect(reply).toHaveAttribute("aria-invalid", "true");
  await expect(reply).toHaveAccessibleDescription(/Please write your reply\./);
  await expectNoViolations(page, "Message with an empty reply");

  await reply.fill("Yes, we ship gummies to Ohio.\nOrder by 2 pm & it leaves the same day.");
  await page.getByRole("button", { name: "Send reply" }).click();
  await toastAtRest(page, `Reply sent to ${email}`);
  await expect(page.getByRole("heading", { name: "Replies sent (1)" })).toBeVisible();
  await expect(page.locator("main").getByText("Handled", { exact: true })).toBeVisible();
  await expect(reply).toHaveValue("");
  await expectNoViolations(page, "Message answered");
  await shot("inbox-message");

  // The reply reaches the visitor, their words quoted under it.
  const mail = await lastMailTo(email);
  expect(mail.subject).toBe("Re: your message to Leaf & Cloud");
  expect(mail.text).toContain("Order by 2 pm & it leaves the same day.");
  expect(mail.text).toContain("> Do you ship <b>gummies</b> to Ohio?");
  expect(mail.html).not.toContain("<b>gummies</b>");

  // Waiting again, and handled again, by hand.
  await page.getByRole("button", { name: "Mark waiting" }).click();
  await expect(page.locator("main").getByText("Waiting", { exact: true })).toBeVisible();
  await page.getByRole("button", { name: "Mark handled" }).click();
  await expect(page.locator("main").getByText("Handled", { exact: true })).toBeVisible();
  expect(consoleErrors).toEqual([]);
});

test("the inbox is for staff only: a visitor is sent to log in", async ({ page }) => {
  for (const path of ["/dashboard/inbox", "/dashboard/inbox/0194f1a2-0000-7000-8000-000000000000"]) {
    await page.goto(path);
    await expect(page).toHaveURL(new RegExp(`/registration\\?next=${encodeURIComponent(path)}$`));
  }
});
