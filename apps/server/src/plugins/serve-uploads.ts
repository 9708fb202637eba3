import fastifyStatic from "@fastify/static";
import { NotFound } from "@shop/shared/errors";
import type { FastifyInstance } from "fastify";

/** A processed picture's file name: its key and its width (modules/images). */
const PICTURE_NAME = /^[a-f0-9]{32}-\d{1,4}\.webp$/;

/**
 * Serves the processed pictures in `root` at /uploads/, immutable. Only a picture's own name is
 * looked up; any other address under /uploads/ (`..`, `%2e%2e`, `..%2f`, `./`, a folder) gets the
 * same 404 as a picture that does not exist (security.md 25). This is decided before
 * @fastify/static, which would answer 403 to a dot segment and so tell it apart.
 */
export async function serveUploads(app: FastifyInstance, root: string): Promise<void> {
  await app.register(
    async (scope) => {
      scope.setNotFoundHandler((request) => {
        throw new NotFound(`There is no picture ${request.url.split("?")[0]}.`);
      });
      scope.addHook("onRequest", async (request, reply) => {
        const path = request.url.split("?")[0] ?? "";
        if (!PICTURE_NAME.test(path.slice("/uploads/".length))) return reply.callNotFound();
      });
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
