// The addresses of the dashboard's record pages, each built in one place with its part encoded, so
// that a feature links to another's records without importing that feature. href() types each path
// against routes.ts but puts a parameter in as it is, so each part is encoded here.

import { href } from "react-router";

const part = encodeURIComponent;

export const orderPath = (number: string) => href("/dashboard/orders/:number", { number: part(number) });
/** The chosen orders' packing slips on one printable page. */
export const packingSlipsPath = (numbers: readonly string[]) =>
  `${href("/dashboard/orders/packing-slips")}?${new URLSearchParams({ numbers: numbers.join(",") })}`;
export const customerPath = (id: string) => href("/dashboard/users/customers/:id", { id: part(id) });
export const wholesaleAccountPath = (id: string) => href("/dashboard/users/wholesale/:id", { id: part(id) });
export const productEditPath = (id: string) => href("/dashboard/products/:id/edit", { id: part(id) });
/** A variant's Stock panel on its product's edit screen (the own variant's: the product's id). */
export const variantStockPath = (productId: string, variantId: string) =>
  `${productEditPath(productId)}${variantId === productId ? "" : `?variant=${part(variantId)}`}#stock`;
export const bannerPath = (id: string) => href("/dashboard/banner-list/:id", { id: part(id) });
export const discountPath = (id: string) => href("/dashboard/discounts/:id", { id: part(id) });
export const rulePath = (id: string) => href("/dashboard/settings/compliance/:id", { id: part(id) });
export const taxRulePath = (id: string) => href("/dashboard/settings/taxes/:id", { id: part(id) });
export const documentPath = (id: string) => href("/dashboard/documents/:id", { id: part(id) });
export const inboxMessagePath = (id: string) => href("/dashboard/inbox/:id", { id: part(id) });
export const blogPostPath = (id: string) => href("/dashboard/blog/:id", { id: part(id) });
export const coaCorrectionPath = (lotNumber: string) =>
  href("/dashboard/products/coas/:lot/correct", { lot: part(lotNumber) });
