import type { Address, AddressInput, Order, PlaceOrderInput } from "@shop/shared";
import { apiRequest } from "../../../lib/api.ts";

/** POST /api/Order: the same key with the same order answers that order again, never a second one. */
export function placeOrder(body: PlaceOrderInput, idempotencyKey: string): Promise<Order> {
  return apiRequest<Order>("/api/Order", { method: "POST", body, headers: { "Idempotency-Key": idempotencyKey } });
}

/** Adds the order's new address to the buyer's address book. */
export function saveAddress(address: AddressInput): Promise<Address> {
  return apiRequest<Address>("/api/account/addresses", { method: "POST", body: address });
}
