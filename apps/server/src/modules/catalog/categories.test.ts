import type { MasterCategory } from "@shop/shared";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FilePart, type FormValue, multipart, type Sessions } from "../../test/forms.ts";
import { DEMO_CATEGORY_NAMES } from "../../test/products.ts";
import { createShopWithSessions, type TestApp } from "../../test/test-app.ts";
import { DEFAULT_CATEGORY_IMAGE_KEY } from "./placeholder.ts";

let shop: TestApp;
let cookies: Sessions;

beforeAll(async () => {
  ({ shop, cookies } = await createShopWithSessions());
});
afterAll(() => shop.close());

type Fields = Record<string, FormValue>;

function send(method: "POST" | "PUT", url: string, fields: Fields, cookie: string | null = cookies.staff) {
  return shop.app.inject({ method, url, ...multipart(fields, cookie) });
}
const create = (fields: Fields, cookie?: string | null) => send("POST", "/api/MasterCategory", fields, cookie);
const edit = (id: string, fields: Fields, cookie?: string | null) =>
  send("PUT", `/api/MasterCategory/${id}`, fields, cookie);
const remove = (id: string, cookie: string | null = cookies.staff) =>
  shop.app.inject({ method: "DELETE", url: `/api/MasterCategory/${id}`, headers: cookie ? { cookie } : {} });

async function list(): Promise<MasterCategory[]> {
  return (await shop.app.inject("/api/MasterCategory")).json();
}

async function png(color: string): Promise<FilePart> {
  const file = await sharp({ create: { width: 400, height: 300, channels: 3, background: color } })
    .png()
    .toBuffer();
  return { file, filename: "picture.png", type: "image/png" };
}

describe("POST /api/MasterCategory", () => {
  it("creates a category from the spec's multipart form, with the placeholder when no image is chosen", async () => {
    await list(); // fills the storefront's 5-second cache: the new category must show at once anyway
    const response = await create({ Name: "  Zz Tinctures  ", Slug: "ignored-slug", Description: " Drops. " });
    expect(response.statusCode).toBe(201);
    const created: MasterCategory = response.json();
    expect(created).toMatchObject({
      name: "Zz Tinctures",
      slug: "zz-tinctures",
      description: "Drops.",
      imageIsPlaceholder: true,
      productCount: 0,
    });
    expect(created.image?.src).toMatch(new RegExp(`^/uploads/${DEFAULT_CATEGORY_IMAGE_KEY}-\\d+\\.webp$`));
    const served = await shop.app.inject(created.image?.src ?? "");
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-type"]).toBe("image/webp");

    const categories = await list();
    expect(categories.at(-1)).toMatchObject({ id: created.id, slug: "zz-tinctures" });
    expect(categories.slice(0, 7).map((c) => c.name)).toEqual(DEMO_CATEGORY_NAMES);
  });

  it("derives the slug on the server with the shared rule, numbering clashes -2, -3 …", async () => {
    const slugs: string[] = [];
    for (const name of ["Hemp Product!", "hemp  PRODUCT", "Hémp Próduct", "Crème Brûlée & Co.", "Кратом"]) {
      const response = await create({ Name: name });
      expect(response.statusCode, name).toBe(201);
      slugs.push(response.json().slug);
    }
    expect(slugs).toEqual(["hemp-product-2", "hemp-product-3", "hemp-product-4", "creme-brulee-co", "category"]);
  });

  it("refuses a name another category has, whatever its case, beside the name and saving nothing", async () => {
    const before = await list();
    for (const name of ["Hemp Product", "  CANDY ", "kratom"]) {
      const response = await create({ Name: name });
      expect(response.statusCode, name).toBe(409);
      const taken = before.find((c) => c.name.toLowerCase() === name.trim().toLowerCase())?.name;
      const reason = `There is already a category named ${taken}. Please choose another name.`;
      expect(response.json()).toEqual({
        error: "Conflict",
        message: reason,
        fields: { name: reason },
        code: "category_name_taken",
      });
    }
    expect(await list()).toEqual(before);
  });

  it("of several simultaneous creations of one name, takes one and refuses the others in words", async () => {
    const responses = await Promise.all(Array.from({ length: 5 }, () => create({ Name: "Zz Rush" })));
    expect(responses.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409, 409]);
    for (const refused of responses.filter((r) => r.statusCode === 409)) {
      expect(refused.json().message).toBe("There is already a category named Zz Rush. Please choose another name.");
    }
    expect((await list()).filter((c) => c.name === "Zz Rush").map((c) => c.slug)).toEqual(["zz-rush"]);
  });

  it("stores a chosen picture as WebP and matches field names whatever their case", async () => {
    const response = await create({ name: "Zz Pictured", DESCRIPTION: "With a photo", image: await png("#3a7") });
    expect(response.statusCode).toBe(201);
    const created: MasterCategory = response.json();
    expect(created).toMatchObject({ name: "Zz Pictured", description: "With a photo", imageIsPlaceholder: false });
    expect(created.image).toMatchObject({ width: 400, height: 300 });
    expect(created.image?.src).not.toContain(DEFAULT_CATEGORY_IMAGE_KEY);
  });

  it.each([
    ["a blank name", { Name: "   " }, "Enter category name."],
    ["no name", { Description: "Nameless" }, "Enter category name."],
    ["a name over 100 characters", { Name: "x".repeat(101) }, "Field 'Name' must be at most 100 characters."],
    ["an unknown field", { Name: "Zz Extra", Price: "1" }, "Field 'Price' is not a known field."],
    ["a RemoveImage that is not true or false", { Name: "Zz Flag", RemoveImage: "yes" }, "true or false"],
  ])("refuses %s with a clear message and creates nothing", async (_, fields, message) => {
    const before = (await list()).length;
    const response = await create(fields);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain(message);
    expect(await list()).toHaveLength(before);
  });

  it("refuses an SVG and a file that is not a picture, creating nothing", async () => {
    const before = (await list()).length;
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    for (const image of [
      { file: svg, filename: "default.svg", type: "image/svg+xml" },
      { file: Buffer.from("<html>hi</html>"), filename: "cat.png", type: "image/png" },
    ]) {
      const response = await create({ Name: "Zz Vector", Image: image });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe("This file is not a JPEG, PNG or WebP image.");
    }
    expect(await list()).toHaveLength(before);
  });

  it("is for staff only: 401 for visitors, 403 for customers", async () => {
    expect((await create({ Name: "Zz Anonymous" }, null)).statusCode).toBe(401);
    expect((await create({ Name: "Zz Customer" }, cookies.customer)).statusCode).toBe(403);
    expect((await list()).some((c) => c.name.startsWith("Zz Anonymous") || c.name === "Zz Customer")).toBe(false);
  });
});

describe("PUT /api/MasterCategory/{id}", () => {
  it("changes name, slug and description, keeps the picture when none is sent, and can drop it", async () => {
    const created: MasterCategory = (await create({ Name: "Zz Edit Me", Image: await png("#a37") })).json();
    await list();

    const renamed = await edit(created.id, { Name: "Zz Edited Name", Description: "New words" });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({
      name: "Zz Edited Name",
      slug: "zz-edited-name",
      description: "New words",
      imageIsPlaceholder: false,
      image: { src: created.image?.src },
    });
    expect((await list()).find((c) => c.id === created.id)?.name).toBe("Zz Edited Name");

    const replaced = await edit(created.id, { Name: "Zz Edited Name", Image: await png("#37a") });
    expect(replaced.json().image.src).not.toBe(created.image?.src);
    expect(replaced.json().imageIsPlaceholder).toBe(false);

    const cleared = await edit(created.id, { Name: "Zz Edited Name", RemoveImage: "true" });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json()).toMatchObject({ slug: "zz-edited-name", imageIsPlaceholder: true, description: "" });
  });

  it("keeps a numbered slug when the name still gives it, and numbers a rename that clashes", async () => {
    const second: MasterCategory = (await create({ Name: "Candy!" })).json();
    expect(second.slug).toBe("candy-2");
    const recased = await edit(second.id, { Name: "CANDY!" });
    expect(recased.json().slug).toBe("candy-2");
    const clash = await edit(second.id, { Name: "Charger!" });
    expect(clash.json().slug).toBe("charger-2");
  });

  it("refuses a rename to another category's name, and keeps a category's own name in another case", async () => {
    const mine: MasterCategory = (await create({ Name: "Zz Renamed" })).json();
    const refused = await edit(mine.id, { Name: "pseudo" });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().fields).toEqual({
      name: "There is already a category named Pseudo. Please choose another name.",
    });
    expect((await list()).find((c) => c.id === mine.id)?.name).toBe("Zz Renamed");
    const recased = await edit(mine.id, { Name: "ZZ RENAMED" });
    expect(recased.statusCode).toBe(200);
    expect(recased.json().name).toBe("ZZ RENAMED");
  });

  it("answers 404 for an unknown category and 400 for a blank name, changing nothing", async () => {
    const missing = await edit("00000000-0000-7000-8000-000000000000", { Name: "Zz Ghost" });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe("There is no category with id 00000000-0000-7000-8000-000000000000.");
    const kratom = (await list()).find((c) => c.slug === "kratom");
    const blank = await edit(kratom?.id ?? "", { Name: "" });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toBe("Enter category name.");
    expect((await list()).find((c) => c.slug === "kratom")?.name).toBe("Kratom");
  });

  it("is for staff only", async () => {
    const kratom = (await list()).find((c) => c.slug === "kratom");
    expect((await edit(kratom?.id ?? "", { Name: "Hacked" }, null)).statusCode).toBe(401);
    expect((await edit(kratom?.id ?? "", { Name: "Hacked" }, cookies.customer)).statusCode).toBe(403);
    expect((await list()).find((c) => c.slug === "kratom")?.name).toBe("Kratom");
  });
});

describe("DELETE /api/MasterCategory/{id}", () => {
  it("refuses a category that still has products, saying how many", async () => {
    const kratom = (await list()).find((c) => c.slug === "kratom");
    const total = await shop.app.db.kysely
      .selectFrom("products")
      .where("master_category_id", "=", kratom?.id ?? "")
      .select((eb) => eb.fn.countAll<number | string>().as("n"))
      .executeTakeFirstOrThrow();
    expect(Number(total.n)).toBeGreaterThan(1);
    const response = await remove(kratom?.id ?? "");
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      code: "category_has_products",
      message: `Kratom still has ${Number(total.n)} products. Move them to another category or delete them first.`,
    });
    expect((await list()).some((c) => c.slug === "kratom")).toBe(true);
  });

  it("counts inactive products too: they would be orphaned", async () => {
    const created: MasterCategory = (await create({ Name: "Zz Hidden Stock" })).json();
    const { kysely } = shop.app.db;
    const product = await kysely.selectFrom("products").selectAll().executeTakeFirstOrThrow();
    await kysely
      .updateTable("products")
      .set({ master_category_id: created.id, active: 0 })
      .where("id", "=", product.id)
      .execute();
    const response = await remove(created.id);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(
      "Zz Hidden Stock still has 1 product. Move it to another category or delete it first.",
    );
    expect((await list()).find((c) => c.id === created.id)?.productCount).toBe(0);
    await kysely
      .updateTable("products")
      .set({ master_category_id: product.master_category_id, active: product.active })
      .where("id", "=", product.id)
      .execute();
    expect((await remove(created.id)).statusCode).toBe(204);
  });

  it("deletes an empty category at once from the storefront's lists, then answers 404", async () => {
    const created: MasterCategory = (await create({ Name: "Zz Short Lived" })).json();
    expect((await list()).some((c) => c.id === created.id)).toBe(true);
    expect((await remove(created.id, null)).statusCode).toBe(401);
    expect((await remove(created.id, cookies.customer)).statusCode).toBe(403);
    const response = await remove(created.id);
    expect(response.statusCode).toBe(204);
    expect((await list()).some((c) => c.id === created.id)).toBe(false);
    expect((await remove(created.id)).statusCode).toBe(404);
  });
});
