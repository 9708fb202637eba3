import type { DocumentFieldsInput, DocumentList, DocumentListQuery, ShopDocument } from "@shop/shared";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api.ts";
import { searchOf, usePageQuery, withSearch } from "../../../lib/list-query.ts";
import { useMatchingProducts } from "../../../lib/matching-products.ts";

/** TanStack Query keys of the staff's documents screens. */
export const documentKeys = {
  all: ["admin-documents"] as const,
  list: (query: DocumentListQuery) => ["admin-documents", "list", query] as const,
  one: (id: string) => ["admin-documents", "one", id] as const,
  products: (q: string) => ["admin-documents", "products", q] as const,
};

/** The dashboard home's overview counts expiring licenses (features/catalog's key, which this feature may not import). */
const OVERVIEW_KEY = ["admin-products", "overview"] as const;

/** After any change: the lists, the document and the home's license notice. */
function refresh(queryClient: ReturnType<typeof useQueryClient>) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: documentKeys.all }),
    queryClient.invalidateQueries({ queryKey: OVERVIEW_KEY }),
  ]);
}

/** GET /api/admin/documents with only the parameters that differ from the defaults. */
export function getDocuments(query: DocumentListQuery): Promise<DocumentList> {
  const search = searchOf(query, (name, value) => value === false || (name === "page" && value === 1));
  return apiRequest<DocumentList>(withSearch("/api/admin/documents", search));
}

/** One page of All Documents; the previous page stays on screen while the next one loads. */
export const useDocuments = (query: DocumentListQuery) =>
  usePageQuery(documentKeys.list(query), () => getDocuments(query));

export function useDocument(id: string) {
  return useQuery({
    queryKey: documentKeys.one(id),
    queryFn: () => apiRequest<ShopDocument>(`/api/admin/documents/${encodeURIComponent(id)}`),
  });
}

/** Products whose name or SKU matches, for the form's product choice. */
export const useProductChoices = (q: string) => useMatchingProducts(documentKeys.products(q), q);

export function useUploadDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (form: FormData) => apiRequest<ShopDocument>("/api/admin/documents", { method: "POST", body: form }),
    onSettled: () => refresh(queryClient),
  });
}

export function useUpdateDocument(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (fields: DocumentFieldsInput) =>
      apiRequest<ShopDocument>(`/api/admin/documents/${encodeURIComponent(id)}`, { method: "PUT", body: fields }),
    onSettled: () => refresh(queryClient),
  });
}

export function useDeleteDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest<null>(`/api/admin/documents/${encodeURIComponent(id)}`, { method: "DELETE" }),
    // Reloaded after a failure too: a document someone else deleted meanwhile leaves the list.
    onSettled: () => refresh(queryClient),
  });
}
