import type { APIRequestContext } from "@playwright/test";
import type { MasterCategory, Product, ProductList, ProductSummary, RegulatoryClass } from "@shop/shared";
import { asOwner } from "./accounts.ts";
import { expect } from "./fixtures.ts";

/** What a test's own product is; everything left out is an ordinary product that ships. */
export interface NewProduct {
  /**
   * The start of its name, in words no page uses for anything else: the dashboard lists products by
   * name beside its own links, so a product called "Billing …" would also be the link "Billing".
   * A random ending makes each name new.
   */
  name: string;
  /**
   * Its regulatory classes: General goods, which no starter rule speaks to, unless the test needs
   * rules to apply. A vape is ENDS: the starter rules ask 21 and the PACT Act's requirements for it
   * (no PO box, no USPS, an adult's signature) and ban it in a few states, not in Texas, where the
   * tests ship it; kratom is KRATOM, which Alabama bans.
   */
  classes?: RegulatoryClass[];
  /** Price of a piece in dollars, as the form takes it. */
  piece?: string;
  /** Sold by the box too: its price in dollars and how many pieces it holds (packs × pieces). */
  box?: { price: string; pcsPerPack: number; packPerBox: number };
  /** The wholesale price of a piece in dollars (DistroPrice), which approved wholesale accounts pay. */
  distro?: string;
  stock?: number;
  /** False: sold for pickup in store only. */
  delivery?: boolean;
  brand?: string;
}

/** Where a product of these classes sits in the demo's categories (Candy for general goods), and its type. */
function placeOf(classes: RegulatoryClass[]): { category: string; type: string } {
  if (classes.includes("ENDS")) return { category: "disposable", type: "Disposable" };
  if (classes.includes("KRATOM")) return { category: "kratom", type: "Powder" };
  return { category: "candy", type: "Candy" };
}

/** A new ending for a name or number: the time and a random part, so no two runs or projects share one. */
export const uniqueSuffix = (): string => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;

/**
 * A product of the calling test's own, made by the Owner through the staff API as the product form
 * does, active and in stock: no other test orders it, counts its stock or finds it in a list by
 * anything but its name, so a test may change it as it likes. The answer is the product as the
 * shop shows it to buyers.
 */
export async function newProduct(baseURL: string | undefined, options: NewProduct): Promise<Product> {
  const classes = options.classes ?? ["GENERAL"];
  const place = placeOf(classes);
  const name = `${options.name} ${uniqueSuffix()}`;
  return asOwner(baseURL, async (owner) => {
    const categories = (await (await owner.get("/api/MasterCategory")).json()) as MasterCategory[];
    const category = categories.find((each) => each.slug === place.category);
    if (!category) throw new Error(`the shop has no category ${place.category}`);
    const made = await owner.post("/api/Product", {
      multipart: {
        ProductName: name,
        ProductType: place.type,
        Description: `Made by a browser test for itself: ${options.name}.`,
        MasterCategoryId: category.id,
        SellingPricePCS: options.piece ?? "8.40",
        ...(options.box
          ? {
              SellingPriceBox: options.box.price,
              PcsPerPack: String(options.box.pcsPerPack),
              PackPerBox: String(options.box.packPerBox),
            }
          : {}),
        ...(options.distro ? { DistroPrice: options.distro } : {}),
        Stock: String(options.stock ?? 50),
        DeliveryAvailable: String(options.delivery ?? true),
        InStoreStockAvailable: "true",
        Active: "true",
        RegulatoryClasses: classes.join(","),
        ...(options.brand ? { Brand: options.brand } : {}),
      },
    });
    expect(made.status(), await made.text()).toBe(201);
    const { id } = (await made.json()) as { id: string };
    const shown = await owner.get(`/api/Product/${id}`);
    expect(shown.status(), await shown.text()).toBe(200);
    return (await shown.json()) as Product;
  });
}

/**
 * A demo product found by its whole name, for a test that only reads its page (its pictures, its
 * details, its lab results) and changes nothing: never one picked by its place in a list, where
 * other tests' products come first.
 */
export async function demoProduct(request: APIRequestContext, name: string): Promise<ProductSummary> {
  const found = (await (
    await request.get(`/api/Product?q=${encodeURIComponent(name)}&limit=100`)
  ).json()) as ProductList;
  const product = found.items.find((item) => item.name === name);
  if (!product) throw new Error(`the demo product “${name}” is missing`);
  return product;
}
