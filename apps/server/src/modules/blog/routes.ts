import {
  apiErrorSchema,
  blogAdminListSchema,
  blogAdminPostSchema,
  blogAdminQuerySchema,
  blogImageSchema,
  blogListQuerySchema,
  blogPostInputSchema,
  blogPostListSchema,
  blogPostSchema,
  blogPreviewInputSchema,
  blogPreviewSchema,
  blogSlugParamsSchema,
  idSchema,
} from "@shop/shared";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { App } from "../../app-type.ts";
import { recordedName } from "../../lib/recorded-actor.ts";
import { errorAnswers } from "../../plugins/errors.ts";
import { acceptUploads, matchFieldNames } from "../../plugins/uploads.ts";
import { toImage } from "../images/service.ts";

const params = z.strictObject({ id: idSchema });
const imageBody = z.strictObject({
  image: z
    .custom<Buffer>((value) => Buffer.isBuffer(value) && value.length > 0, {
      error: "Please choose an image (JPEG, PNG or WebP).",
    })
    .meta({ type: "string", format: "binary" }),
});

function staffOf(request: FastifyRequest) {
  if (!request.user) throw new Error("A staff route ran without a signed-in user");
  return request.user;
}

export async function blogRoutes(app: App): Promise<void> {
  const { blog, images } = app.services;

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

  // The blog admin (decision 058): staff write, schedule, preview and delete posts.
  const config = { access: "staff" } as const;
  const tags = ["Blog admin (staff)"];

  app.get(
    "/api/admin/blog/posts",
    {
      config,
      schema: {
        tags,
        summary: "Every post (drafts and scheduled too), last changed first, searched and filtered, one page",
        querystring: blogAdminQuerySchema,
        response: { 200: blogAdminListSchema, ...errorAnswers(400, 401, 403) },
      },
    },
    (request) => blog.listAll(request.query),
  );

  app.post(
    "/api/admin/blog/posts",
    {
      config,
      schema: {
        tags,
        summary: "Write a post; an empty slug is made from the title, a slug another post has is refused",
        body: blogPostInputSchema,
        response: { 201: blogAdminPostSchema, ...errorAnswers(400, 401, 403, 409) },
      },
    },
    async (request, reply) => reply.code(201).send(await blog.create(request.body, recordedName(staffOf(request)))),
  );

  app.get(
    "/api/admin/blog/posts/:id",
    {
      config,
      schema: {
        tags,
        summary: "One post with its Markdown source",
        params,
        response: { 200: blogAdminPostSchema, ...errorAnswers(400, 401, 403, 404) },
      },
    },
    (request) => blog.get(request.params.id),
  );

  app.put(
    "/api/admin/blog/posts/:id",
    {
      config,
      schema: {
        tags,
        summary: "Change a post (all its fields, as on create)",
        params,
        body: blogPostInputSchema,
        response: { 200: blogAdminPostSchema, ...errorAnswers(400, 401, 403, 404, 409) },
      },
    },
    (request) => blog.update(request.params.id, request.body),
  );

  app.delete(
    "/api/admin/blog/posts/:id",
    {
      config,
      schema: {
        tags,
        summary: "Delete a post",
        params,
        response: { 204: z.null(), ...errorAnswers(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await blog.delete(request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    "/api/admin/blog/preview",
    {
      config,
      schema: {
        tags,
        summary: "A body rendered as the storefront would show it (the editor's live preview; nothing is saved)",
        body: blogPreviewInputSchema,
        response: { 200: blogPreviewSchema, ...errorAnswers(400, 401, 403) },
      },
    },
    async (request) => ({ html: await blog.preview(request.body.body) }),
  );

  // Multipart (the picture) is parsed for this route only.
  await app.register(async (plain: FastifyInstance) => {
    await acceptUploads(plain);
    plain.withTypeProvider<ZodTypeProvider>().post(
      "/api/admin/blog/images",
      {
        config,
        preValidation: matchFieldNames(imageBody),
        schema: {
          tags,
          summary: "Store a picture for a post (multipart: image), for its cover or its body",
          consumes: ["multipart/form-data"],
          body: imageBody,
          response: { 201: blogImageSchema, ...errorAnswers(400, 401, 403, 413) },
        },
      },
      async (request, reply) => {
        const stored = await images.ingestField(request.body.image, "image");
        const row = { ...stored, widths: stored.widths.join(",") };
        const widest = stored.widths.at(-1) ?? stored.width;
        return reply.code(201).send({
          key: stored.key,
          url: `/uploads/${stored.key}-${widest}.webp`,
          image: toImage(row, ""),
        });
      },
    );
  });
}
