import type { Discount, DiscountInput, DiscountList, DiscountQuery, MasterCategory } from "@shop/shared";
import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api.ts";
import { searchOf, usePageQuery, withSearch } from "../../../lib/list-query.ts";
import { useMatchingProducts } from "../../../lib/matching-products.ts";
import { useRefreshingMutation, useSaveMutation } from "../../../lib/mutation.ts";
import { discountKeys } from "../query-keys.ts";

const BASE = "/api/admin/discounts";
const one = (id: string) => `${BASE}/${encodeURIComponent(id)}`;

/** The query's parameters that are set (page 1 left out), as the address and the API take them. */
export const discountsSearch = (query: DiscountQuery) =>
  searchOf(query, (name, value) => name === "page" && String(value) === "1");

export const useDiscounts = (query: DiscountQuery) =>
  usePageQuery(discountKeys.list(query), () => apiRequest<DiscountList>(withSearch(BASE, discountsSearch(query))));

export const useDiscount = (id: string) =>
  useQuery({ queryKey: discountKeys.detail(id), queryFn: () => apiRequest<Discount>(one(id)) });

export const useCreateDiscount = () =>
  useRefreshingMutation(
    (input: DiscountInput) => apiRequest<Discount>(BASE, { method: "POST", body: input }),
    discountKeys.all,
  );

export const useUpdateDiscount = () =>
  useSaveMutation(
    ({ id, input }: { id: string; input: DiscountInput }) =>
      apiRequest<Discount>(one(id), { method: "PUT", body: input }),
    { key: (discount) => discountKeys.detail(discount.id), lists: discountKeys.all },
  );

export const useDeleteDiscount = () =>
  useRefreshingMutation((id: string) => apiRequest<null>(one(id), { method: "DELETE" }), discountKeys.all);

/** Products whose name or SKU matches, to limit a code to. */
export const useDiscountProducts = (q: string) => useMatchingProducts(discountKeys.products(q), q);

export const useDiscountCategories = () =>
  useQuery({
    queryKey: discountKeys.categories,
    queryFn: () => apiRequest<MasterCategory[]>("/api/MasterCategory"),
  });
