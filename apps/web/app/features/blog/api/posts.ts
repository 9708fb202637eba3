import type { BlogAdminList, BlogAdminPost, BlogAdminQuery, BlogImage, BlogPostInput, BlogPreview } from "@shop/shared";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useDebounced } from "../../../hooks/use-debounced.ts";
import { apiRequest } from "../../../lib/api.ts";
import { searchOf, usePageQuery, withSearch } from "../../../lib/list-query.ts";
import { useSaveMutation } from "../../../lib/mutation.ts";

/** TanStack Query keys of the blog admin; a change to one post refreshes the lists. */
export const blogAdminKeys = {
  all: ["blog-admin"] as const,
  lists: ["blog-admin", "list"] as const,
  list: (query: BlogAdminQuery) => ["blog-admin", "list", query] as const,
  one: (id: string) => ["blog-admin", "one", id] as const,
  preview: (body: string) => ["blog-admin", "preview", body] as const,
};

const POSTS = "/api/admin/blog/posts";
const postPath = (id: string) => `${POSTS}/${encodeURIComponent(id)}`;

/** One page of the posts; the previous page stays on screen while the next one loads. */
export const useBlogPosts = (query: BlogAdminQuery) =>
  usePageQuery(blogAdminKeys.list(query), () =>
    apiRequest<BlogAdminList>(
      withSearch(
        POSTS,
        searchOf(query, (name, value) => name === "page" && value === 1),
      ),
    ),
  );

export function useBlogPost(id: string) {
  return useQuery({ queryKey: blogAdminKeys.one(id), queryFn: () => apiRequest<BlogAdminPost>(postPath(id)) });
}

export const useCreatePost = () =>
  useSaveMutation((input: BlogPostInput) => apiRequest<BlogAdminPost>(POSTS, { method: "POST", body: input }), {
    key: (post) => blogAdminKeys.one(post.id),
    lists: blogAdminKeys.lists,
  });

export const useUpdatePost = () =>
  useSaveMutation(
    ({ id, input }: { id: string; input: BlogPostInput }) =>
      apiRequest<BlogAdminPost>(postPath(id), { method: "PUT", body: input }),
    { key: (post) => blogAdminKeys.one(post.id), lists: blogAdminKeys.lists },
  );

/** Deletes a post; the lists load again afterwards, after a failure too (someone may have deleted it). */
export function useDeletePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<null>(postPath(id), { method: "DELETE" }),
    onSuccess: (_, id) => queryClient.removeQueries({ queryKey: blogAdminKeys.one(id) }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: blogAdminKeys.lists }),
  });
}

/** Stores a picture for a post (its cover or its body) through the shop's image pipeline. */
export function uploadBlogImage(file: File): Promise<BlogImage> {
  const form = new FormData();
  form.set("image", file);
  return apiRequest<BlogImage>("/api/admin/blog/images", { method: "POST", body: form });
}

/**
 * The body as the storefront shows it, rendered by the server's one renderer (decision 058)
 * shortly after the typing stops; the last preview stays while the next one loads.
 */
export function useBodyPreview(body: string) {
  const typed = useDebounced(body, 300);
  const query = useQuery({
    queryKey: blogAdminKeys.preview(typed),
    queryFn: () => apiRequest<BlogPreview>("/api/admin/blog/preview", { method: "POST", body: { body: typed } }),
    placeholderData: keepPreviousData,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
  return { ...query, settled: typed === body };
}
