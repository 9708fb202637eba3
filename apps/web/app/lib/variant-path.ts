import { href } from "react-router";

/**
 * A product's page showing one of its variants (`?variant=`, read by the page's loader), or the
 * page alone for a product without options (`variantId` null).
 */
export function variantPath(productId: string, variantId: string | null): string {
  const path = href("/products/:id", { id: productId });
  return variantId === null ? path : `${path}?${new URLSearchParams({ variant: variantId })}`;
}
