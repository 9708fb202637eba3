import { logInAsAdmin } from "./accounts.ts";
import { expectNoViolations } from "./axe.ts";
import { expect, test } from "./fixtures.ts";

// A dashboard record that does not exist (deleted, or a mistyped address): its page says so, says
// why that may be, and leads back to its list, the same way on every kind of record.

const MISSING = [
  {
    path: "/dashboard/banner-list/no-such-banner",
    heading: "There is no such banner",
    why: "It may have been deleted, or the address is mistyped.",
    back: ["Back to the banners", "/dashboard/banner-list"],
  },
  {
    path: "/dashboard/blog/no-such-post",
    heading: "There is no such post",
    why: "It may have been deleted, or the address is mistyped.",
    back: ["Back to the posts", "/dashboard/blog"],
  },
  {
    path: "/dashboard/documents/no-such-document",
    heading: "There is no such document",
    why: "It may have been deleted, or the address is mistyped.",
    back: ["Back to the documents", "/dashboard/documents"],
  },
  {
    path: "/dashboard/documents/templates/no_such_mail",
    heading: "There is no such e-mail",
    why: "The address may be mistyped.",
    back: ["Back to the e-mails", "/dashboard/documents/templates"],
  },
  {
    path: "/dashboard/discounts/no-such-code",
    heading: "There is no such code",
    why: "The address may be mistyped, or the code was deleted.",
    back: ["Back to the codes", "/dashboard/discounts"],
  },
  {
    path: "/dashboard/settings/compliance/no-such-rule",
    heading: "There is no such rule",
    why: "The address may be mistyped. Rules are never deleted.",
    back: ["Back to the rules", "/dashboard/settings/compliance"],
  },
  {
    path: "/dashboard/users/customers/no-such-customer",
    heading: "There is no such customer",
    why: "The account may have been removed, or the address is mistyped.",
    back: ["Back to customers", "/dashboard/users/customers"],
  },
  {
    path: "/dashboard/inbox/no-such-message",
    heading: "There is no such message",
    why: "The address may be mistyped.",
    back: ["Back to the inbox", "/dashboard/inbox"],
  },
  {
    path: "/dashboard/orders/NO-SUCH-ORDER/invoice",
    heading: "There is no such order",
    why: "The order number may be mistyped.",
    back: ["Back to orders", "/dashboard/orders"],
  },
  {
    path: "/dashboard/orders/NO-SUCH-ORDER",
    heading: "There is no such order",
    why: "The order number may be mistyped.",
    back: ["Back to orders", "/dashboard/orders"],
  },
] as const;

// One test a kind of record: eleven dashboard pages loaded one after another in one test took close
// to its 60 s on a busy machine.
for (const { path, heading, why, back } of MISSING) {
  test(`${path} says there is no such record, why that may be, and leads back to its list`, async ({
    page,
    baseURL,
    consoleErrors,
  }) => {
    await logInAsAdmin(page, baseURL);
    await page.goto(path);
    await expect(page.getByRole("heading", { name: heading })).toBeVisible();
    await expect(page.getByText(why)).toBeVisible();
    await expect(page.getByRole("link", { name: back[0] })).toHaveAttribute("href", back[1]);
    await expectNoViolations(page, path);
    // The API's 404 is the only error the browser reports.
    expect(consoleErrors.filter((text) => !/status of 404/.test(text))).toEqual([]);
    consoleErrors.length = 0;
  });
}
