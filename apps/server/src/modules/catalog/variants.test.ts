import type { AdminProductVariants, LowStock, Order, Product, ProductVariantsInput } from "@shop/shared";
import { dayOf } from "@shop/shared/rules";
import { testRuleInput } from "@shop/shared/test-fixtures";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newId } from "../../lib/ids.ts";
import { addAccount, daysAgo, loginCookie, multipart, TEST_ADMIN, TEST_ADMIN_ENV } from "../../test/forms.ts";
import { orderAction, payOrder, placeOrder, postOrder } from "../../test/orders.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";

let shop: TestApp;
let staff = "";
let buyer = "";
let categoryId = "";

beforeAll(async () => {
  shop = await createTestApp({ env: TEST_ADMIN_ENV });
  staff = await loginCookie(shop.app, TEST_ADMIN.email, TEST_ADMIN.password);
  await addAccount(shop.app, TEST_ADMIN, {
    id: "variant-buyer",
    email: "variants@shop.test",
    dateOfBirth: "1990-05-01",
  });
  buyer = await loginCookie(shop.app, "variants@shop.test", TEST_ADMIN.password);
  categoryId = (await shop.app.inject({ url: "/api/MasterCategory" })).json()[0].id;
});
afterAll(() => shop.close());

const db = () => shop.app.db.kysely;

/** A new product through the spec's form: its own variant at $9.99 a piece with `stock` pieces. */
async function createProduct(name: string, stock: number): Promise<string> {
  const response = await shop.app.inject({
    method: "POST",
    url: "/api/Product",
    ...multipart(
      {
        ProductName: name,
        ProductType: "Disposable",
        Description: "A product of the variants tests.",
        MasterCategoryId: categoryId,
        SellingPricePCS: "9.99",
        Sku: `${name.toUpperCase().replaceAll(" ", "-")}-OWN`,
        Stock: String(stock),
        DeliveryAvailable: "true",
        Active: "true",
      },
      staff,
    ),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id;
}

const saveVariants = (id: string, payload: ProductVariantsInput) =>
  shop.app.inject({ method: "PUT", url: `/api/admin/products/${id}/variants`, headers: { cookie: staff }, payload });
const readVariants = async (id: string) =>
  (
    await shop.app.inject({ url: `/api/admin/products/${id}/variants`, headers: { cookie: staff } })
  ).json() as AdminProductVariants;

const variant = (options: string[], sku: string, cents: number, stock?: number, id?: string) => ({
  ...(id === undefined ? {} : { id }),
  options,
  sku,
  priceCents: null,
  distroPriceCents: 500,
  sellingPricePcsCents: cents,
  sellingPriceBoxCents: null,
  pcsPerPack: null,
  packPerBox: null,
  ...(stock === undefined ? {} : { stock }),
  active: true,
});

const OPTIONS = [
  { name: "Flavour", values: ["Blue Razz", "Mango"] },
  { name: "Nicotine strength", values: ["5%", "0%"] },
];

/** A product in three variants: its own (Blue Razz 5%, 10 pieces), Mango 5% (none) and Blue Razz 0% (4). */
async function productInThreeVariants(name: string) {
  const id = await createProduct(name, 10);
  const sku = name.toUpperCase().replaceAll(" ", "-");
  const response = await saveVariants(id, {
    options: OPTIONS,
    variants: [
      variant(["Blue Razz", "5%"], `${sku}-OWN`, 999, undefined, id),
      variant(["Mango", "5%"], `${sku}-MG-5`, 1299, 0),
      variant(["Blue Razz", "0%"], `${sku}-BR-0`, 899, 4),
    ],
  });
  expect(response.statusCode, response.body).toBe(200);
  const saved = response.json() as AdminProductVariants;
  const [own, mango, zero] = saved.variants.map((row) => row.id) as [string, string, string];
  return { id, own, mango, zero };
}

/** What the books must always say: each variant's movements add up to its stock, the listing to its active variants'. */
async function expectStockInStep(productId: string) {
  const variants = await db().selectFrom("product_variants").selectAll().where("product_id", "=", productId).execute();
  for (const row of variants) {
    const { total } = await db()
      .selectFrom("stock_movements")
      .select((eb) => eb.fn.sum<number | string | null>("change").as("total"))
      .where("variant_id", "=", row.id)
      .executeTakeFirstOrThrow();
    expect(Number(total ?? 0), row.sku).toBe(row.stock);
  }
  const listing = await db()
    .selectFrom("products")
    .select(["stock", "variant_count"])
    .where("id", "=", productId)
    .executeTakeFirstOrThrow();
  const active = variants.filter((row) => row.active === 1);
  expect(listing).toEqual({
    stock: active.reduce((sum, row) => sum + row.stock, 0),
    variant_count: active.length,
  });
}

describe("options and variants", () => {
  it("are saved at once and shown on the product: each variant's price and stock, the card's range and count", async () => {
    const { id, own, mango, zero } = await productInThreeVariants("Variant Vape");
    expect(own).toBe(id);
    const staffView = await readVariants(id);
    expect(staffView.options).toEqual(OPTIONS);
    expect(staffView.variants.map(({ own, options, sku, stock }) => ({ own, options, sku, stock }))).toEqual([
      { own: true, options: ["Blue Razz", "5%"], sku: "VARIANT-VAPE-OWN", stock: 10 },
      { own: false, options: ["Mango", "5%"], sku: "VARIANT-VAPE-MG-5", stock: 0 },
      { own: false, options: ["Blue Razz", "0%"], sku: "VARIANT-VAPE-BR-0", stock: 4 },
    ]);

    const product = (await shop.app.inject({ url: `/api/Product/${id}` })).json() as Product;
    expect(product.options).toEqual(OPTIONS);
    expect(product.variants.map((row) => [row.id, row.options, row.sellingPricePcsCents, row.stock])).toEqual([
      [own, ["Blue Razz", "5%"], 999, 10],
      [mango, ["Mango", "5%"], 1299, 0],
      [zero, ["Blue Razz", "0%"], 899, 4],
    ]);
    expect(product).toMatchObject({
      variantCount: 3,
      firstOption: { name: "Flavour", values: 2 },
      unitPriceRange: { minCents: 899, maxCents: 1299 },
      stock: 14,
    });
    // The wholesale price stays on the staff's side.
    expect(JSON.stringify(product)).not.toContain("distro");
    await expectStockInStep(id);
  });

  it("sell one by one: an out-of-stock variant is refused in its own name while its siblings sell, and each variant's stock moves", async () => {
    const { id, own, mango, zero } = await productInThreeVariants("Twin Vape");
    const orders = async () =>
      Number(
        (
          await db()
            .selectFrom("orders")
            .select((eb) => eb.fn.countAll().as("n"))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await orders();
    const refused = await postOrder(shop.app, buyer, { lines: [{ productId: id, variantId: mango, quantity: 1 }] });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe("“Twin Vape (Mango, 5%)” is out of stock. Please remove it to order the rest.");
    expect(await orders()).toBe(before);

    const order: Order = await placeOrder(shop.app, buyer, {
      lines: [
        { productId: id, quantity: 2 },
        { productId: id, variantId: zero, quantity: 1 },
      ],
    });
    expect(
      order.lines.map(({ variantId, options, name, sku, unitPriceCents }) => ({
        variantId,
        options,
        name,
        sku,
        unitPriceCents,
      })),
    ).toEqual([
      {
        variantId: own,
        options: [
          { name: "Flavour", value: "Blue Razz" },
          { name: "Nicotine strength", value: "5%" },
        ],
        name: "Twin Vape",
        sku: "TWIN-VAPE-OWN",
        unitPriceCents: 999,
      },
      {
        variantId: zero,
        options: [
          { name: "Flavour", value: "Blue Razz" },
          { name: "Nicotine strength", value: "0%" },
        ],
        name: "Twin Vape",
        sku: "TWIN-VAPE-BR-0",
        unitPriceCents: 899,
      },
    ]);
    const stockOf = async () =>
      Object.fromEntries(
        (await db().selectFrom("product_variants").select(["id", "stock"]).where("product_id", "=", id).execute()).map(
          (row) => [row.id, row.stock],
        ),
      );
    expect(await stockOf()).toEqual({ [own]: 8, [mango]: 0, [zero]: 3 });
    await expectStockInStep(id);
    // The confirmation names each variant with its options.
    const letter = await db()
      .selectFrom("mail_outbox")
      .select("text_body")
      .where("to_address", "=", "variants@shop.test")
      .where("subject", "like", `%${order.number}%`)
      .executeTakeFirstOrThrow();
    expect(letter.text_body).toContain("Twin Vape (Blue Razz, 5%) — 2 pieces");
    expect(letter.text_body).toContain("Twin Vape (Blue Razz, 0%) — 1 piece");

    // The same order read back names each variant as it was sold.
    const mine = (
      await shop.app.inject({ url: `/api/account/orders/${order.number}`, headers: { cookie: buyer } })
    ).json();
    expect(mine.lines.map((line: Order["lines"][number]) => line.variantId)).toEqual([own, zero]);

    const cancelled = await orderAction(shop.app, staff, order.number, "status", { action: "cancel" });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await stockOf()).toEqual({ [own]: 10, [mango]: 0, [zero]: 4 });
    await expectStockInStep(id);
  });

  it("never sell a variant under another product's id", async () => {
    const first = await productInThreeVariants("Left Vape");
    const second = await createProduct("Right Vape", 5);
    const refused = await postOrder(shop.app, buyer, {
      lines: [{ productId: second, variantId: first.zero, quantity: 1 }],
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().fields).toEqual({ "lines.0": "is no longer sold" });
  });

  it("take an inactive variant off sale and out of the listing's stock", async () => {
    const { id, own, mango, zero } = await productInThreeVariants("Sleepy Vape");
    const saved = await saveVariants(id, {
      options: OPTIONS,
      variants: [
        variant(["Blue Razz", "5%"], "SLEEPY-VAPE-OWN", 999, undefined, own),
        variant(["Mango", "5%"], "SLEEPY-VAPE-MG-5", 1299, undefined, mango),
        { ...variant(["Blue Razz", "0%"], "SLEEPY-VAPE-BR-0", 899, undefined, zero), active: false },
      ],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    await expectStockInStep(id);
    const product = (await shop.app.inject({ url: `/api/Product/${id}` })).json() as Product;
    expect(product.variants.map((row) => row.id)).toEqual([own, mango]);
    expect(product).toMatchObject({ stock: 10, variantCount: 2, unitPriceRange: { minCents: 999, maxCents: 1299 } });
    const refused = await postOrder(shop.app, buyer, { lines: [{ productId: id, variantId: zero, quantity: 1 }] });
    expect(refused.statusCode).toBe(409);
  });

  it("refuse a bad grid in words at the field, and change nothing", async () => {
    const { id, own, mango, zero } = await productInThreeVariants("Strict Vape");
    const before = await readVariants(id);
    const rows = [
      variant(["Blue Razz", "5%"], "STRICT-VAPE-OWN", 999, undefined, own),
      variant(["Mango", "5%"], "STRICT-VAPE-MG-5", 1299, undefined, mango),
      variant(["Blue Razz", "0%"], "STRICT-VAPE-BR-0", 899, undefined, zero),
    ] as const;
    const other = await createProduct("Other Vape", 1);
    const cases: [ProductVariantsInput, string, string][] = [
      [
        { options: [...OPTIONS, { name: "flavour", values: ["x"] }], variants: [...rows] },
        "options.2.name",
        "“flavour” is already an option",
      ],
      [
        { options: [{ name: "Flavour", values: ["A", "a"] }], variants: [variant(["A"], "S-A", 100, undefined, own)] },
        "options.0.values.1",
        "“a” is already a value of Flavour",
      ],
      [
        { options: OPTIONS, variants: [rows[0], variant(["Kiwi", "5%"], "S-K", 100)] },
        "variants.1.options.0",
        "“Kiwi” is not a value of Flavour",
      ],
      [
        { options: OPTIONS, variants: [rows[0], variant(["Blue Razz"], "S-K", 100)] },
        "variants.1.options",
        "must give one value of each option (Flavour, Nicotine strength)",
      ],
      [
        { options: OPTIONS, variants: [rows[0], variant(["Blue Razz", "5%"], "S-K", 100)] },
        "variants.1.options",
        "is the same combination as variant 1",
      ],
      [
        { options: OPTIONS, variants: [rows[0], variant(["Mango", "5%"], "strict-vape-own", 100)] },
        "variants.1.sku",
        "is also the SKU of variant 1",
      ],
      [
        { options: OPTIONS, variants: [rows[0], variant(["Mango", "5%"], "OTHER-VAPE-OWN", 100)] },
        "variants.1.sku",
        "is already the SKU of another product",
      ],
      [
        { options: OPTIONS, variants: [rows[1], rows[2]] },
        "variants",
        "must keep the product's own variant (the first one it was created with)",
      ],
      [
        { options: OPTIONS, variants: [rows[0], variant(["Mango", "5%"], "S-M", 100, undefined, other)] },
        "variants.1.id",
        "is not a variant of this product",
      ],
      [
        { options: [], variants: [variant([], "S-1", 100, undefined, own), variant([], "S-2", 100)] },
        "variants",
        "A product without options has one variant: add an option (such as Flavour) first",
      ],
      [
        { options: OPTIONS, variants: [rows[0], variant(["Mango", "5%"], "S-M", 0)] },
        "variants.1.sellingPricePcsCents",
        "Selling price per piece must be more than $0.00 to sell this variant.",
      ],
    ];
    for (const [payload, field, message] of cases) {
      const response = await saveVariants(id, payload);
      expect(response.statusCode, `${field}: ${response.body}`).toBe(400);
      expect(response.json().fields?.[field], response.body).toBe(message);
    }
    expect(await readVariants(id)).toEqual(before);
    await expectStockInStep(id);
  });

  it("remove a variant left out with its movements, but keep one with lab results", async () => {
    const { id, own, mango, zero } = await productInThreeVariants("Spare Vape");
    const keepTwo = [
      variant(["Blue Razz", "5%"], "SPARE-VAPE-OWN", 999, undefined, own),
      variant(["Mango", "5%"], "SPARE-VAPE-MG-5", 1299, undefined, mango),
    ];
    const stamp = new Date().toISOString();
    const batch = newId();
    await db()
      .insertInto("batches")
      .values({
        id: batch,
        product_id: id,
        variant_id: zero,
        lot_number: `LOT-${batch.slice(-10).toUpperCase()}`,
        created_at: stamp,
        updated_at: stamp,
      })
      .execute();
    const refused = await saveVariants(id, { options: OPTIONS, variants: keepTwo });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(
      "SPARE-VAPE-BR-0 has lab results (COAs): set it inactive instead of removing it",
    );
    await db().deleteFrom("batches").where("id", "=", batch).execute();

    const removed = await saveVariants(id, { options: OPTIONS, variants: keepTwo });
    expect(removed.statusCode, removed.body).toBe(200);
    expect((removed.json() as AdminProductVariants).variants.map((row) => row.id)).toEqual([own, mango]);
    expect(await db().selectFrom("stock_movements").select("id").where("variant_id", "=", zero).execute()).toEqual([]);
    await expectStockInStep(id);
  });

  it("take stock adjustments and list low stock by variant, named with its options", async () => {
    const { id, mango, zero } = await productInThreeVariants("Low Vape");
    const adjusted = await shop.app.inject({
      method: "POST",
      url: `/api/admin/products/${zero}/stock-adjustments`,
      headers: { cookie: staff },
      payload: { change: -3, reason: "Damaged in the back room" },
    });
    expect(adjusted.statusCode, adjusted.body).toBe(201);
    expect(adjusted.json().stock).toBe(1);
    await expectStockInStep(id);
    const entries = await db()
      .selectFrom("audit_entries")
      .select("subject_label")
      .where("subject_id", "=", zero)
      .execute();
    expect(entries.map((row) => row.subject_label)).toEqual(["Low Vape (Blue Razz, 0%) (LOW-VAPE-BR-0)"]);
    const low: LowStock = await shop.app.services.productAdmin.lowStock(5, 10_000);
    const mine = low.items.filter((item) => item.productId === id);
    expect(mine).toEqual([
      { id: mango, productId: id, sku: "LOW-VAPE-MG-5", name: "Low Vape (Mango, 5%)", stock: 0 },
      { id: zero, productId: id, sku: "LOW-VAPE-BR-0", name: "Low Vape (Blue Razz, 0%)", stock: 1 },
    ]);
  });

  it("keep the spec's product form editing the product's own variant", async () => {
    const { id, own } = await productInThreeVariants("Form Vape");
    const edited = await shop.app.inject({
      method: "PUT",
      url: `/api/Product/${id}`,
      ...multipart(
        {
          ProductName: "Form Vape",
          ProductType: "Disposable",
          Description: "A product of the variants tests.",
          MasterCategoryId: categoryId,
          SellingPricePCS: "7.50",
          Sku: "FORM-VAPE-OWN",
          Stock: "6",
          DeliveryAvailable: "true",
          Active: "true",
        },
        staff,
      ),
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const variants = await readVariants(id);
    expect(variants.variants.find((row) => row.id === own)).toMatchObject({ sellingPricePcsCents: 750, stock: 6 });
    expect(variants.variants).toHaveLength(3);
    const product = (await shop.app.inject({ url: `/api/Product/${id}` })).json() as Product;
    expect(product).toMatchObject({
      sellingPricePcsCents: 750,
      stock: 10,
      unitPriceRange: { minCents: 750, maxCents: 1299 },
    });
    await expectStockInStep(id);
  });

  it("keep every count in step when buyers take two variants of one product while staff save its grid", async () => {
    const { id, own, zero } = await productInThreeVariants("Busy Vape");
    // The grid changes no count, so only its hold on the product keeps the listing it refreshes in step.
    const grid = () =>
      saveVariants(id, {
        options: OPTIONS,
        variants: [
          variant(["Blue Razz", "5%"], "BUSY-VAPE-OWN", 999, undefined, own),
          variant(["Blue Razz", "0%"], "BUSY-VAPE-BR-0", 899, undefined, zero),
        ],
      });
    const answers = await Promise.all([
      ...Array.from({ length: 12 }, (_, index) =>
        postOrder(shop.app, buyer, {
          lines: [{ productId: id, variantId: index % 2 === 0 ? own : zero, quantity: 1 }],
        }),
      ),
      grid(),
    ]);
    const placed = answers.slice(0, -1).filter((answer) => answer.statusCode === 201).length;
    expect(answers.at(-1)?.statusCode, answers.at(-1)?.body).toBe(200);
    // The own variant had 10 pieces for its 6 orders, Blue Razz 0% 4 for its 6.
    expect(placed).toBe(10);
    await expectStockInStep(id);
  });

  it("are read one by one for a cart's refresh: the variant's SKU, price, stock and options under its product's card", async () => {
    const { id, own, mango, zero } = await productInThreeVariants("Cart Vape");
    await saveVariants(id, {
      options: OPTIONS,
      variants: [
        variant(["Blue Razz", "5%"], "CART-VAPE-OWN", 999, undefined, own),
        variant(["Mango", "5%"], "CART-VAPE-MG-5", 1299, undefined, mango),
        { ...variant(["Blue Razz", "0%"], "CART-VAPE-BR-0", 899, undefined, zero), active: false },
      ],
    });
    const fresh = await shop.app.services.catalog.variantsByIds([mango, own, zero, "no-such-variant"]);
    expect(
      fresh.map(({ id: productId, variantId, sku, sellingPricePcsCents, stock, options, name }) => ({
        productId,
        variantId,
        sku,
        sellingPricePcsCents,
        stock,
        options,
        name,
      })),
    ).toEqual([
      {
        productId: id,
        variantId: own,
        sku: "CART-VAPE-OWN",
        sellingPricePcsCents: 999,
        stock: 10,
        options: [
          { name: "Flavour", value: "Blue Razz" },
          { name: "Nicotine strength", value: "5%" },
        ],
        name: "Cart Vape",
      },
      {
        productId: id,
        variantId: mango,
        sku: "CART-VAPE-MG-5",
        sellingPricePcsCents: 1299,
        stock: 0,
        options: [
          { name: "Flavour", value: "Mango" },
          { name: "Nicotine strength", value: "5%" },
        ],
        name: "Cart Vape",
      },
    ]);
  });

  it("are found by a variant's flavour and by any variant's SKU typed whole", async () => {
    const id = await createProduct("Search Vape", 3);
    const saved = await saveVariants(id, {
      options: [{ name: "Flavour", values: ["Guanabana Ice", "Mango"] }],
      variants: [
        variant(["Mango"], "SEARCH-VAPE-OWN", 999, undefined, id),
        variant(["Guanabana Ice"], "SRCH-GNB-7", 999, 2),
      ],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const found = async (q: string) =>
      (
        (await shop.app.inject({ url: `/api/Product?q=${encodeURIComponent(q)}` })).json() as {
          items: { id: string }[];
        }
      ).items.map((item) => item.id);
    expect(await found("guanabana")).toEqual([id]);
    expect(await found("SRCH-GNB-7")).toEqual([id]);
    expect(await found("srch-gnb-7")).toEqual([id]);
    expect(await found("SEARCH-VAPE-OWN")).toEqual([id]);
    // A flavour no longer offered no longer finds it.
    await saveVariants(id, {
      options: [{ name: "Flavour", values: ["Mango"] }],
      variants: [variant(["Mango"], "SEARCH-VAPE-OWN", 999, undefined, id)],
    });
    expect(await found("guanabana")).toEqual([]);
  });

  it("are judged by the rules one by one: a nicotine-free variant ships where nicotine is banned, its sibling does not", async () => {
    const { id, own, zero } = await productInThreeVariants("Rule Vape");
    // A vape with nicotine, whatever its test category suggested.
    await db().deleteFrom("product_regulatory_classes").where("product_id", "=", id).execute();
    await db()
      .insertInto("product_regulatory_classes")
      .values([
        { product_id: id, class: "ENDS" },
        { product_id: id, class: "NICOTINE" },
      ])
      .execute();
    const rule = await shop.app.inject({
      method: "POST",
      url: "/api/admin/compliance/rules",
      headers: { cookie: staff },
      payload: testRuleInput({
        jurisdiction: { level: "state", country: "US", state: "WY" },
        regulatoryClass: "NICOTINE",
        effect: "ban",
        effectiveFrom: "2020-01-01",
        sourceUrl: "https://example.test/wyoming-nicotine",
        lastCheckedOn: daysAgo(3),
        notes: "A test's ban of nicotine products in Wyoming.",
        isExample: false,
      }),
    });
    // This file's own database: the Wyoming ban reaches no other test file.
    expect(rule.statusCode, rule.body).toBe(201);
    const quote = await shop.app.inject({
      method: "POST",
      url: "/api/cart/quote",
      payload: {
        lines: [
          { productId: id, variantId: own, quantity: 1 },
          { productId: id, variantId: zero, quantity: 1 },
        ],
        state: "WY",
      },
    });
    expect(quote.statusCode, quote.body).toBe(200);
    expect(quote.json().compliance.lines.map((line: { allowed: boolean }) => line.allowed)).toEqual([false, true]);
  });

  it("are reported one by one: sales by variant beside sales by product, in the CSV too", async () => {
    const { id, own, zero } = await productInThreeVariants("Report Vape");
    const order = await placeOrder(shop.app, buyer, {
      lines: [
        { productId: id, quantity: 3 },
        { productId: id, variantId: zero, quantity: 1 },
      ],
    });
    await payOrder(shop.app, staff, order);
    const today = dayOf(new Date());
    const report = async (name: string) =>
      (
        await shop.app.inject({
          url: `/api/admin/reports/${name}?from=${today}&to=${today}`,
          headers: { cookie: staff },
        })
      ).json();
    const variants = (await report("variants")).items.filter((row: { productId: string }) => row.productId === id);
    expect(variants).toEqual([
      {
        variantId: own,
        productId: id,
        name: "Report Vape (Blue Razz, 5%)",
        sku: "REPORT-VAPE-OWN",
        orders: 1,
        quantity: 3,
        salesCents: 2997,
      },
      {
        variantId: zero,
        productId: id,
        name: "Report Vape (Blue Razz, 0%)",
        sku: "REPORT-VAPE-BR-0",
        orders: 1,
        quantity: 1,
        salesCents: 899,
      },
    ]);
    const products = (await report("products")).items.filter((row: { productId: string }) => row.productId === id);
    expect(products).toMatchObject([{ productId: id, name: "Report Vape", orders: 1, quantity: 4, salesCents: 3896 }]);
    const csv = await shop.app.inject({
      url: `/api/admin/reports/variants.csv?from=${today}&to=${today}`,
      headers: { cookie: staff },
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain(`"Report Vape (Blue Razz, 0%)",REPORT-VAPE-BR-0,1,1,8.99`);
  });

  it("are filtered by the nicotine strengths and sizes their variants are sold in, with counts", async () => {
    const { id, own, mango, zero } = await productInThreeVariants("Filter Vape");
    const category = (await shop.app.inject({ url: "/api/MasterCategory" })).json()[0].slug as string;
    const listed = async (query: string) =>
      (
        (await shop.app.inject({ url: `/api/Product?category=${category}&${query}` })).json() as {
          items: { id: string }[];
        }
      ).items.map((item) => item.id);
    expect(await listed("nicotine=0%25")).toContain(id);
    expect(await listed("nicotine=5%25")).toContain(id);
    const facets = async () => (await shop.app.inject({ url: `/api/Product/facets?category=${category}` })).json();
    const zeroCount = (await facets()).nicotine.find((facet: { value: string }) => facet.value === "0%")?.count;
    expect(zeroCount).toBeGreaterThanOrEqual(1);
    // Blue Razz 0% off sale: the product is no longer sold in 0%.
    await saveVariants(id, {
      options: OPTIONS,
      variants: [
        variant(["Blue Razz", "5%"], "FILTER-VAPE-OWN", 999, undefined, own),
        variant(["Mango", "5%"], "FILTER-VAPE-MG-5", 1299, undefined, mango),
        { ...variant(["Blue Razz", "0%"], "FILTER-VAPE-BR-0", 899, undefined, zero), active: false },
      ],
    });
    expect(await listed("nicotine=0%25")).not.toContain(id);
    expect((await facets()).nicotine.find((facet: { value: string }) => facet.value === "0%")?.count ?? 0).toBe(
      zeroCount - 1,
    );

    const flower = await createProduct("Filter Flower", 5);
    await saveVariants(flower, {
      options: [{ name: "Size", values: ["3.5 g", "7 g", "14 g"] }],
      variants: [
        variant(["3.5 g"], "FILTER-FLOWER-OWN", 2500, undefined, flower),
        variant(["7 g"], "FILTER-FLOWER-7", 4500, 2),
        variant(["14 g"], "FILTER-FLOWER-14", 8000, 1),
      ],
    });
    expect(await listed("size=7%20g")).toEqual([flower]);
    expect((await facets()).sizes).toEqual(
      expect.arrayContaining([
        { value: "14 g", count: 1 },
        { value: "7 g", count: 1 },
      ]),
    );
  });
});
