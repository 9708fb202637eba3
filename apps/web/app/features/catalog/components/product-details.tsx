import type { Product, ProductVariant } from "@shop/shared";
import { optionKind, type ShipsToAnswer } from "@shop/shared/rules";
import { FlaskConical, Store, Truck } from "lucide-react";
import ProductLabResults, { type ProductLab } from "../../coas/components/product-lab-results.tsx";
import ShipsTo from "./ships-to.tsx";

type Detail = [label: string, value: string | null];

/** The product's fields an option of each kind stands in for: they hold its own variant's value. */
const fieldsOfKind: Record<NonNullable<ReturnType<typeof optionKind>>, string[]> = {
  nicotine: ["nicotine strength"],
  flavour: ["flavour"],
  size: ["size", "weight"],
};

/**
 * The spec's fields in groups a buyer reads, with the shown variant's SKU and option values; an
 * option stands in for the product's field of its name or kind (a Size option for Size and
 * Weight). A group with nothing in it is left out.
 */
export function detailGroups(product: Product, variant: ProductVariant): { title: string; rows: Detail[] }[] {
  const yes = (value: boolean) => (value ? "Yes" : null);
  const options: Detail[] = product.options.map((option, index) => [option.name, variant.options[index] ?? null]);
  const replaced = new Set(
    product.options.flatMap(({ name }) => {
      const kind = optionKind(name);
      return [name.toLowerCase(), ...(kind ? fieldsOfKind[kind] : [])];
    }),
  );
  const fields = (rows: Detail[]) => rows.filter(([label]) => !replaced.has(label.toLowerCase()));
  const groups: { title: string; rows: Detail[] }[] = [
    {
      title: "Product",
      rows: [
        ["Brand", product.brand],
        ["Type", product.productType],
        ["Category", product.category.name],
        ["SKU", variant.sku],
        ...options,
        ...fields([
          ["Size", product.size],
          ["Weight", product.weight],
        ]),
      ],
    },
    {
      title: "Flavour and strain",
      rows: fields([
        ["Flavour", product.flavour],
        ["Flavour family", product.flavourGroup],
        ["Strain", product.strainName],
        ["Strain type", product.strainType],
      ]),
    },
    {
      // Only what makes a vape a vape: a charger or power bank has a battery too.
      title: "Vape details",
      rows: fields([
        ["Nicotine strength", product.nicotineStrength],
        ["Nicotine", product.nicotineStrengthDetail],
        ["E-liquid", product.liquid],
        ["Coil", product.coil],
        ["9,000+ puffs per device", yes(product.puffs9000PerDevice)],
      ]),
    },
    {
      title: "Battery and charging",
      rows: [
        ["Battery", product.battery],
        ["USB-C rechargeable", yes(product.typeCRechargeablePort)],
      ],
    },
  ];
  return groups
    .map((group) => ({ ...group, rows: group.rows.filter(([, value]) => value !== null && value !== "") }))
    .filter((group) => group.rows.length > 0);
}

/**
 * The product page's part below Add to cart: whether it ships to the buyer's state, the
 * description, delivery and lab notes, the spec's fields in groups, then the lab results.
 */
export default function ProductDetails({
  product,
  variant,
  lab,
  ships,
}: {
  product: Product;
  /** The variant shown: its SKU, option values, lab results and where it ships. */
  variant: ProductVariant;
  lab: ProductLab;
  ships: ShipsToAnswer;
}) {
  return (
    <>
      <ShipsTo answer={ships} />
      <p className="mt-6 text-gray-700 leading-relaxed">{product.description}</p>
      <ul className="mt-6 grid gap-3 text-sm sm:grid-cols-2">
        <li className="flex items-center gap-2">
          <Truck aria-hidden="true" className="size-5 text-brand-600" />
          {product.deliveryAvailable ? "Delivery available" : "No delivery: in-store pickup only"}
        </li>
        <li className="flex items-center gap-2">
          <Store aria-hidden="true" className="size-5 text-brand-600" />
          {product.inStoreStockAvailable ? "In stock at our store" : "Not stocked in store"}
        </li>
        {lab.latest && (
          <li className="flex items-center gap-2 sm:col-span-2">
            <FlaskConical aria-hidden="true" className="size-5 text-brand-600" />
            <a href="#lab-results" className="hover:text-brand-700 hover:underline">
              Lab tested: see the certificate of analysis below.
            </a>
          </li>
        )}
      </ul>
      <div className="mt-8 space-y-6">
        {detailGroups(product, variant).map((group) => (
          <section key={group.title} aria-label={group.title}>
            <h2 className="font-semibold">{group.title}</h2>
            <dl className="mt-2 divide-y divide-line rounded-2xl border border-line bg-white text-sm">
              {group.rows.map(([label, value]) => (
                <div key={label} className="grid grid-cols-2 gap-4 px-4 py-2.5">
                  <dt className="text-muted">{label}</dt>
                  <dd className="font-medium">{value}</dd>
                </div>
              ))}
            </dl>
          </section>
        ))}
        {/* Candy, chargers and nicotine vapes have no certificate to show: no empty box for them. */}
        {lab.latest && (
          <ProductLabResults
            productId={product.id}
            latest={lab.latest}
            totalBatches={lab.totalBatches}
            ofVariant={product.options.length > 0}
          />
        )}
      </div>
    </>
  );
}
