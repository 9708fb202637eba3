import {
  apiErrorSchema,
  blogListQuerySchema,
  blogPostListSchema,
  blogPostSchema,
  blogSlugParamsSchema,
} from "@shop/shared";
import type { App } from "../../app.ts";

export async function blogRoutes(app: App): Promise<void> {
  const { blog } = app.services;

  app.get(
    "/api/blog",
    {
      config: { access: "public" },
      schema: {
        tags: ["Blog"],
        summary: "List published blog posts, newest first, a page at a time; optionally one section",
        querystring: blogListQuerySchema,
        response: { 200: blogPostListSchema, 400: apiErrorSchema },
      },
    },
    (request) => blog.listPosts(request.query),
  );

  app.get(
    "/api/blog/:slug",
    {
      config: { access: "public" },
      schema: {
        tags: ["Blog"],
        summary: "One published post, its body rendered to sanitised HTML",
        params: blogSlugParamsSchema,
        response: { 200: blogPostSchema, 400: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    (request) => blog.getPost(request.params.slug),
  );
}
