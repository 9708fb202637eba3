import { logInAsAdmin } from "./accounts.ts";
import { expectNoViolations } from "./axe.ts";
import { expect, test } from "./fixtures.ts";
import { fullPageShots, postsFrom, toastAtRest } from "./pages.ts";

test("staff see the suggested regulatory classes on a new product, choose their own, and find it on the list by class", async ({
  page,
  baseURL,
  consoleErrors,
}, testInfo) => {
  test.slow(); // many steps, three full-page scans
  const origin = baseURL ?? "";
  const shot = fullPageShots(page, testInfo);
  await logInAsAdmin(page, baseURL);
  const categories: { id: string; slug: string }[] = await (await page.request.get("/api/MasterCategory")).json();
  const disposable = categories.find((category) => category.slug === "disposable");
  if (!disposable) throw new Error("the demo shop has a disposable category");
  const tag = `rc${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const name = `Class Test ${tag} Vape`;
  // Nobody else's product: inactive and not delivered, so no storefront or order test meets it.
  let createdId: string | undefined;

  try {
    await page.goto("/dashboard/products/add");
    const classes = page.getByRole("region", { name: "Regulatory classes" });
    const group = classes.getByRole("group", { name: "Regulatory classes" });
    // A box is named by its label and then its code: "Intoxicating hemp HEMP_INTOX".
    const box = (label: string) =>
      group.getByRole("checkbox", { name: new RegExp(`^${label.replace(/[()/]/g, "\\$&")} [A-Z_0-9]+$`) });
    // A new product starts from the default type, Disposable: a vape.
    await expect(classes.getByText("Suggested: Vape device or cartridge (ENDS) (as chosen)")).toBeVisible();
    await expect(box("Vape device or cartridge (ENDS)")).toBeChecked();

    await page.getByLabel("Product name").fill(name);
    await page.getByLabel("Description").fill("Made by the regulatory classes browser test.");
    await page.getByLabel("Category").selectOption(disposable.id);
    await page.getByLabel("Flavour", { exact: true }).fill("Mango");
    await page.getByLabel("Nicotine strength", { exact: true }).fill("5%");
    await page.getByLabel("Selling price per piece ($)").fill("9.99");
    await page.getByLabel("Active").uncheck();
    await page.getByLabel("Delivery available").uncheck();

    // The suggestion follows the category and details while staff have not chosen.
    const suggested = "Suggested: Vape device or cartridge (ENDS), Contains nicotine, Flavoured (not tobacco)";
    await expect(classes.getByText(`${suggested} (as chosen)`)).toBeVisible();
    await expect(box("Contains nicotine")).toBeChecked();
    await expect(box("Flavoured (not tobacco)")).toBeChecked();
    await expect(classes.getByRole("button", { name: "Use suggestion" })).toHaveCount(0);
    await expectNoViolations(page, "add product with its regulatory classes");
    await classes.scrollIntoViewIfNeeded();
    await shot("classes-suggested");

    // Staff choose otherwise; the suggestion stays, with a button to take it back.
    await box("Flavoured (not tobacco)").uncheck();
    await expect(classes.getByText(suggested, { exact: true })).toBeVisible();
    await classes.getByRole("button", { name: "Use suggestion" }).click();
    await expect(box("Flavoured (not tobacco)")).toBeChecked();

    // None at all is refused beside the group, before anything is sent.
    const posts = postsFrom(page, "/api/Product");
    for (const label of ["Vape device or cartridge (ENDS)", "Contains nicotine", "Flavoured (not tobacco)"]) {
      await box(label).uncheck();
    }
    await page.getByRole("button", { name: "Create product" }).click();
    const refusal = "Please choose at least one regulatory class (General when none of the others applies).";
    await expect(classes.getByText(refusal)).toBeVisible();
    await expect(group).toHaveAccessibleDescription(new RegExp(refusal.replace(/[().]/g, "\\$&")));
    expect(posts).toEqual([]);
    // The refusal's toast fades in; axe read its colours mid-fade once in CI.
    await toastAtRest(page, /./);
    await expectNoViolations(page, "regulatory classes refused");
    await shot("classes-refused");

    // An infused vape with nicotine, say: the staff's own choice.
    await box("Vape device or cartridge (ENDS)").check();
    await box("Contains nicotine").check();
    await box("Intoxicating hemp").check();
    await page.getByRole("button", { name: "Create product" }).click();
    await toastAtRest(page, `Successfully created ${name} Product`);
    await expect(page).toHaveURL(/\/dashboard\/products$/);
    expect(posts).toHaveLength(1);

    const listed = await (await page.request.get(`/api/admin/products?q=${tag}`)).json();
    createdId = listed.items[0]?.id;
    expect(listed.items[0]?.regulatoryClasses).toEqual(["ENDS", "NICOTINE", "HEMP_INTOX"]);

    // The list shows the classes as badges and filters by a class.
    await page.getByLabel("Search products").fill(tag);
    await page.getByRole("button", { name: "Search", exact: true }).click();
    const row = page.getByRole("row").filter({ hasText: name });
    const badges = row.locator('ul[aria-label="Regulatory classes"]:visible');
    await expect(badges).toHaveCount(1);
    await expect(badges.getByRole("listitem")).toHaveText(["ENDS", "Nicotine", "Hemp intox."]);

    await page.getByRole("combobox", { name: "Regulatory class", exact: true }).selectOption("HEMP_INTOX");
    await expect(page).toHaveURL(/class=HEMP_INTOX/);
    await expect(row).toBeVisible();
    await expectNoViolations(page, "products filtered by class");
    await shot("classes-list");

    await page.getByRole("combobox", { name: "Regulatory class", exact: true }).selectOption("KRATOM");
    await expect(page).toHaveURL(/class=KRATOM/);
    await expect(page.getByRole("heading", { name: "No products found" })).toBeVisible();
    await expect(row).toHaveCount(0);

    // Without the search, the class filter lists only that class.
    await page.goto("/dashboard/products?class=KRATOM");
    const rows = page.locator("tr[data-product-id]");
    await expect(rows.first()).toBeVisible();
    for (const text of await rows.locator('ul[aria-label="Regulatory classes"]:visible').allTextContents()) {
      expect(text).toContain("Kratom");
    }

    // The edit form shows the saved choice.
    await page.goto(`/dashboard/products/${createdId}/edit`);
    await expect(box("Intoxicating hemp")).toBeChecked();
    await expect(box("Flavoured (not tobacco)")).not.toBeChecked();
    await expect(page.getByRole("button", { name: "Use suggestion" })).toBeVisible();
    expect(consoleErrors).toEqual([]);
  } finally {
    if (createdId) {
      const removed = await page.request.delete(`/api/Product/${createdId}`, { headers: { Origin: origin } });
      expect(removed.status()).toBe(204);
    }
  }
});
