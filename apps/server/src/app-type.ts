import type { IncomingMessage, ServerResponse } from "node:http";
import type { FastifyBaseLogger, FastifyInstance, RawServerDefault } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { Config } from "./config/config.ts";
import type { Db } from "./db/database.ts";
import type { Services } from "./services.ts";

// Apart from app.ts, which imports every module's routes: a module's routes name the app's type
// from here, so no module imports the file that imports it.

declare module "fastify" {
  interface FastifyInstance {
    config: Config;
    db: Db;
    services: Services;
  }
}

/** The shop's Fastify instance, with zod schemas typing each route's request and answers. */
export type App = FastifyInstance<
  RawServerDefault,
  IncomingMessage,
  ServerResponse,
  FastifyBaseLogger,
  ZodTypeProvider
>;
