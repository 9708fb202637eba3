import { centsToDollars, type ProductFormFields } from "@shop/shared";
import type { ProductsTable } from "../../db/types.ts";
import type { AuditActor, AuditChange } from "../audit/service.ts";

/** A product as the audit log compares it: its row and its regulatory classes ("KRATOM, VAPE_NICOTINE"). */
export type ProductSnapshot = ProductsTable & { classes: string };

/** The form's price fields: their changes are `price` entries in the audit log. */
const PRICE_FIELDS = new Set(["Price", "DistroPrice", "SellingPricePCS", "SellingPriceBox"]);

const flag = (value: boolean) => (value ? 1 : 0) as 0 | 1;
const dollarsText = (cents: number | null) => (cents === null ? "" : centsToDollars(cents));
const numberText = (value: number | null) => (value === null ? "" : String(value));

/** The product columns the form sets (the product form and the CSV import). */
export function columnsFrom(fields: ProductFormFields) {
  return {
    name: fields.ProductName,
    product_type: fields.ProductType,
    description: fields.Description,
    master_category_id: fields.MasterCategoryId,
    featured: flag(fields.FeatureProduct),
    brand: fields.Brand,
    strain_name: fields.StrainName,
    strain_type: fields.StrainType,
    flavour: fields.Flavour,
    flavour_group: fields.FlavourGroup,
    size: fields.Size,
    weight: fields.Weight,
    battery: fields.Battery,
    liquid: fields.Liquid,
    nicotine_strength: fields.NicotineStrength,
    nicotine_strength_detail: fields.NicotineStrengthDetail,
    puffs_9000_per_device: flag(fields.Puffs9000PerDevice),
    coil: fields.Coil,
    type_c_rechargeable_port: flag(fields.TypeCRechargeablePort),
    price_cents: fields.Price,
    distro_price_cents: fields.DistroPrice,
    selling_price_pcs_cents: fields.SellingPricePCS,
    selling_price_box_cents: fields.SellingPriceBox,
    pcs_per_pack: fields.PcsPerPack,
    pack_per_box: fields.PackPerBox,
    delivery_available: flag(fields.DeliveryAvailable),
    in_store_stock_available: flag(fields.InStoreStockAvailable),
    stock: fields.Stock ?? 0,
    active: flag(fields.Active),
  };
}

const yes = (value: 0 | 1) => (value === 1 ? "true" : "false");

/** What a product and each variant sell at, and how many there are. */
type SaleColumn =
  | "sku"
  | "price_cents"
  | "distro_price_cents"
  | "selling_price_pcs_cents"
  | "selling_price_box_cents"
  | "pcs_per_pack"
  | "pack_per_box"
  | "stock";

/** What a product and each of its variants sell at, as the form shows it (and the CSV writes it): SKU, prices in dollars, packs and stock. */
export function saleFieldsOf(row: Pick<ProductsTable, SaleColumn>) {
  return {
    Sku: row.sku,
    Price: dollarsText(row.price_cents),
    DistroPrice: dollarsText(row.distro_price_cents),
    SellingPricePCS: dollarsText(row.selling_price_pcs_cents),
    SellingPriceBox: dollarsText(row.selling_price_box_cents),
    PcsPerPack: numberText(row.pcs_per_pack),
    PackPerBox: numberText(row.pack_per_box),
    Stock: String(row.stock),
  };
}

/** The form's values as the edit form shows them (and the CSV writes them): the spec's names, prices in dollars. */
export function fieldsOf(row: ProductsTable): Record<string, string> {
  const sale = saleFieldsOf(row);
  return {
    ProductName: row.name,
    ProductType: row.product_type,
    Description: row.description,
    MasterCategoryId: row.master_category_id,
    FeatureProduct: yes(row.featured),
    Brand: row.brand ?? "",
    StrainName: row.strain_name ?? "",
    StrainType: row.strain_type ?? "",
    Flavour: row.flavour ?? "",
    FlavourGroup: row.flavour_group ?? "",
    Size: row.size ?? "",
    Weight: row.weight ?? "",
    Battery: row.battery ?? "",
    Liquid: row.liquid ?? "",
    NicotineStrength: row.nicotine_strength ?? "",
    NicotineStrengthDetail: row.nicotine_strength_detail ?? "",
    Puffs9000PerDevice: yes(row.puffs_9000_per_device),
    Coil: row.coil ?? "",
    TypeCRechargeablePort: yes(row.type_c_rechargeable_port),
    Price: sale.Price,
    DistroPrice: sale.DistroPrice,
    SellingPricePCS: sale.SellingPricePCS,
    SellingPriceBox: sale.SellingPriceBox,
    PcsPerPack: sale.PcsPerPack,
    PackPerBox: sale.PackPerBox,
    DeliveryAvailable: yes(row.delivery_available),
    InStoreStockAvailable: yes(row.in_store_stock_available),
    Sku: sale.Sku,
    Stock: sale.Stock,
    Active: yes(row.active),
  };
}

/**
 * A product's change as audit log entries, as the form names its fields (prices in dollars): the
 * prices as a `price` entry and the rest as a `product` entry, so that the log's kind filter finds
 * price changes alone. A new or deleted product is one entry with every field, its prices
 * included. Stock is left to the stock entries.
 */
export function productAuditChanges(
  actor: AuditActor,
  action: string,
  before: ProductSnapshot | undefined,
  after: ProductSnapshot | undefined,
): AuditChange[] {
  const fields = (row: ProductSnapshot | undefined) => {
    if (!row) return null;
    const { Stock: _stock, ...rest } = fieldsOf(row);
    return { ...rest, RegulatoryClasses: row.classes };
  };
  const [old, now] = [fields(before), fields(after)];
  const pick = (values: Record<string, string> | null, price: boolean) =>
    values && Object.fromEntries(Object.entries(values).filter(([key]) => PRICE_FIELDS.has(key) === price));
  const subject = (after ?? before) as ProductsTable;
  const whole = !old || !now;
  return (whole ? (["product"] as const) : (["product", "price"] as const)).map((kind) => ({
    actor,
    kind,
    subjectId: subject.id,
    subjectLabel: `${subject.name} (${subject.sku})`,
    action,
    before: whole ? old : pick(old, kind === "price"),
    after: whole ? now : pick(now, kind === "price"),
  }));
}

/** A staff change to a product's count as an audit log entry (order movements stay in the stock history). */
export function stockAuditChange(
  actor: AuditActor,
  product: { id: string; label: string },
  before: number,
  after: number,
  why: string,
): AuditChange {
  return {
    actor,
    kind: "stock",
    subjectId: product.id,
    subjectLabel: product.label,
    action: `adjusted: ${why}`,
    before: { Stock: before },
    after: { Stock: after },
  };
}
