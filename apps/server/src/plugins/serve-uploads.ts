import fastifyStatic from "@fastify/static";
import { NotFound } from "@shop/shared/errors";
import type { FastifyInstance } from "fastify";
import type { FileStorage } from "../lib/storage/file-storage.ts";

/** A processed picture's file name: its key and its width (modules/images). */
const PICTURE_NAME = /^[a-f0-9]{32}-\d{1,4}\.webp$/;

/** What @fastify/static sends for a year's immutable caching; the bucket's answers send the same. */
const IMMUTABLE = "public, max-age=31536000, immutable";

/**
 * Serves the processed pictures in `root` (a folder, or the bucket's uploads/) at /uploads/, immutable. Only a picture's own name is
 * looked up; any other address under /uploads/ (`..`, `%2e%2e`, `..%2f`, `./`, a folder) gets the
 * same 404 as a picture that does not exist, so a probe learns nothing. This is decided before
 * @fastify/static, which would answer 403 to a dot segment and so tell it apart.
 */
export async function serveUploads(app: FastifyInstance, root: string | FileStorage): Promise<void> {
  await app.register(
    async (scope) => {
      scope.setNotFoundHandler((request) => {
        throw new NotFound(`There is no picture ${request.url.split("?")[0]}.`);
      });
      scope.addHook("onRequest", async (request, reply) => {
        const path = request.url.split("?")[0] ?? "";
        if (!PICTURE_NAME.test(path.slice("/uploads/".length))) return reply.callNotFound();
      });
      if (typeof root !== "string") {
        // From the bucket: streamed through, so the storefront's addresses and headers stay as on disk.
        scope.get("/*", { schema: { hide: true } }, async (request, reply) => {
          const file = await root.get(`uploads${(request.url.split("?")[0] ?? "").slice("/uploads".length)}`);
          if (!file) return reply.callNotFound();
          return reply
            .header("cache-control", IMMUTABLE)
            .header("last-modified", file.modifiedAt.toUTCString())
            .header("content-length", file.size)
            .type(file.contentType)
            .send(file.body);
        });
        return;
      }
      await scope.register(fastifyStatic, {
        root,
        prefix: "/",
        decorateReply: false,
        immutable: true,
        maxAge: "365d",
        index: false,
        list: false,
        allowedPath: (pathName) => PICTURE_NAME.test(pathName.slice(1)),
      });
    },
    { prefix: "/uploads" },
  );
}
