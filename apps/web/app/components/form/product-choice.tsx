import type { ComponentProps } from "react";
import { SelectField, TextField } from "./field.tsx";

interface Props extends Omit<ComponentProps<typeof SelectField>, "label" | "children"> {
  /** The words typed to find products, and the change of them (the page looks the products up). */
  query: string;
  onQuery: (query: string) => void;
  /** The products found, in the select's order. */
  products: { id: string; name: string; sku: string }[];
  /** The empty choice's words ("Choose a product"). */
  none: string;
}

/**
 * A staff form's product: a search box (words of the name or the SKU), then the select of the
 * products found. The select is the form's field (`{...form.register("productId")}` spreads onto it);
 * the search box's id is the select's with `-search`.
 */
export function ProductChoice({ query, onQuery, products, none, ...select }: Props) {
  return (
    <>
      <TextField
        id={`${select.id}-search`}
        label="Find product"
        hint="Words of its name or its SKU."
        type="search"
        value={query}
        onChange={(event) => onQuery(event.currentTarget.value)}
      />
      <SelectField label="Product" {...select}>
        <option value="">{none}</option>
        {products.map((product) => (
          <option key={product.id} value={product.id}>
            {product.name} ({product.sku})
          </option>
        ))}
      </SelectField>
    </>
  );
}
