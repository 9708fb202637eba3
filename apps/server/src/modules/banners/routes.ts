import { allows, bannerFieldsSchema, bannerListQuerySchema, bannerSchema, idSchema } from "@shop/shared";
import { Unauthenticated } from "@shop/shared/errors";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { App } from "../../app-type.ts";
import { refusal } from "../../plugins/auth.ts";
import { errorAnswers } from "../../plugins/errors.ts";
import { acceptUploads, fileSchema, matchFieldNames } from "../../plugins/uploads.ts";

const errors = errorAnswers(400, 401, 403, 404, 413);
const params = z.strictObject({ id: idSchema });

const chooseImage = "Please choose an image (JPEG, PNG or WebP).";
const createBody = bannerFieldsSchema.extend({
  image: z
    .custom<Buffer>((value) => Buffer.isBuffer(value), { error: chooseImage })
    .meta({ type: "string", format: "binary" }),
});
const updateBody = bannerFieldsSchema.extend({ image: fileSchema.optional() });

/**
 * Form field names are matched case-insensitively, and the plain words a form would use
 * (title, active, link) are read as the banner JSON's own (tittle, isActive, linkUrl).
 */
const aliases = { title: "tittle", active: "isActive", link: "linkUrl" };

/** The banners of the storefront's carousel, and their management by staff. */
export async function bannerRoutes(app: App): Promise<void> {
  const { banners, images } = app.services;

  /** Stores an uploaded picture; what is wrong with it is shown beside the image field. */
  const storeImage = async (file: Buffer) => (await images.ingestField(file, "image")).key;

  app.get(
    "/api/banner",
    {
      config: { access: "public" },
      schema: {
        tags: ["Banners"],
        summary: "The active banners in display order; Managers and Owners may ask for all of them with ?all=true",
        querystring: bannerListQuerySchema,
        response: { 200: z.array(bannerSchema), ...errorAnswers(400, 401, 403) },
      },
    },
    (request) => {
      if (!request.query.all) return banners.listActive();
      if (!request.user) throw new Unauthenticated("Please log in first.", { code: "login_required" });
      if (!allows("manager", request.user.role)) throw refusal("manager", request.user);
      return banners.listAll();
    },
  );

  app.get(
    "/api/banner/:id",
    {
      config: { access: "manager" },
      schema: {
        tags: ["Banners"],
        summary: "One banner, active or not",
        params,
        response: { 200: bannerSchema, ...errors },
      },
    },
    (request) => banners.get(request.params.id),
  );

  // Multipart (with the picture) is parsed for these routes only.
  await app.register(async (plain: FastifyInstance) => {
    await acceptUploads(plain);
    const scope = plain.withTypeProvider<ZodTypeProvider>();
    const preValidation = matchFieldNames(createBody, aliases);

    scope.post(
      "/api/banner",
      {
        config: { access: "manager" },
        preValidation,
        schema: {
          tags: ["Banners"],
          summary: "Create a banner (multipart: tittle, description, image, linkUrl, isActive, position)",
          consumes: ["multipart/form-data"],
          body: createBody,
          response: { 201: bannerSchema, ...errors },
        },
      },
      async (request, reply) => {
        const { image, ...fields } = request.body;
        const imageKey = await storeImage(image);
        return reply.code(201).send(await banners.create(fields, imageKey));
      },
    );

    scope.put(
      "/api/banner/:id",
      {
        config: { access: "manager" },
        preValidation,
        schema: {
          tags: ["Banners"],
          summary: "Change a banner (multipart, like create); without an image the current picture stays",
          consumes: ["multipart/form-data"],
          params,
          body: updateBody,
          response: { 200: bannerSchema, ...errors },
        },
      },
      async (request) => {
        const { image, ...fields } = request.body;
        await banners.get(request.params.id);
        // An empty file part (a form sent without choosing a picture) keeps the current one.
        const imageKey = image && image.length > 0 ? await storeImage(image) : undefined;
        return banners.update(request.params.id, fields, imageKey);
      },
    );
  });

  app.delete(
    "/api/banner/:id",
    {
      config: { access: "manager" },
      schema: { tags: ["Banners"], summary: "Delete a banner", params, response: { 204: z.null(), ...errors } },
    },
    async (request, reply) => {
      await banners.delete(request.params.id);
      return reply.code(204).send(null);
    },
  );
}
