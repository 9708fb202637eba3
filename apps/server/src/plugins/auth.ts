import { isStaffRole, type User } from "@shop/shared";
import { Forbidden, Unauthenticated } from "@shop/shared/errors";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { NewSession } from "../modules/accounts/service.ts";
import { isUnder } from "./paths.ts";

/**
 * Who may call a route. Every API route declares one in `config.access`; an API route that
 * declares nothing is refused (deny by default, security.md 8).
 * - public: anyone; customer: any signed-in account; staff: staff and super admins;
 *   super_admin: super admins only.
 */
export type Access = "public" | "customer" | "staff" | "super_admin";

export interface RouteAccess {
  method: string;
  url: string;
  access: Access | undefined;
}

declare module "fastify" {
  interface FastifyInstance {
    /** Every route with the access it declares, for the authorization tests (security.md 8). */
    routeAccess: RouteAccess[];
    /** An onRequest hook for routes a plugin makes, where `config.access` cannot be declared. */
    requireAccess(access: Access): (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    /** The signed-in user, for routes that declare an access level (and pages); null otherwise. */
    user: User | null;
    /** Hash of the live session's id, when there is one. */
    sessionHash: string | null;
  }
}

export const SESSION_COOKIE = "session";
const sessionCookiePattern = new RegExp(`(?:^|;\\s*)${SESSION_COOKIE}=`);

/**
 * Whether a Cookie header carries a session cookie, live or not: such a visitor gets an answer of
 * their own, never a shared one (the page cache, the shared answers).
 */
export function hasSessionCookie(cookies: string | undefined): boolean {
  return sessionCookiePattern.test(cookies ?? "");
}

export function allows(access: Access, user: User | null): boolean {
  if (access === "public") return true;
  if (!user) return false;
  if (access === "customer") return true;
  if (access === "staff") return isStaffRole(user.role);
  return user.role === "super_admin";
}

export function registerAuth(app: FastifyInstance, options: { secureCookie: boolean }): void {
  app.decorateRequest("user", null);
  app.decorateRequest("sessionHash", null);
  const routeAccess: RouteAccess[] = [];
  app.decorate("routeAccess", routeAccess);
  app.addHook("onRoute", (route) => {
    for (const method of [route.method].flat()) {
      if (method !== "HEAD") routeAccess.push({ method, url: route.url, access: route.config?.access });
    }
  });

  /** Reads the session cookie into request.user, then lets the request through or refuses it. */
  async function enforce(access: Access, request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const sessionId = request.cookies[SESSION_COOKIE];
    if (sessionId) {
      const session = await app.services.accounts.resolveSession(sessionId);
      if (session) {
        request.user = session.user;
        request.sessionHash = session.idHash;
      } else {
        clearSessionCookie(reply, options.secureCookie);
      }
    }
    if (allows(access, request.user)) return;
    if (!request.user) throw new Unauthenticated("Please log in first.", { code: "login_required" });
    throw new Forbidden("Your account may not do this.");
  }
  app.decorate(
    "requireAccess",
    (access: Access) => (request: FastifyRequest, reply: FastifyReply) => enforce(access, request, reply),
  );

  app.addHook("onRequest", async (request, reply) => {
    const access = request.routeOptions.config.access;
    if (access === undefined) {
      // Static files, pictures and the API documentation (whose routes a plugin makes; app.ts
      // closes them to all but staff in production) need no declaration; API routes must say.
      // An address that no route takes ("/api/") has nothing to declare: it gets its 404.
      if (request.is404) return;
      if (isUnder(request.url, "api") && !isUnder(request.url, "api-docs")) {
        throw new Forbidden("This API route does not say who may call it, so it is closed to everyone.");
      }
      return;
    }
    await enforce(access, request, reply);
  });

  // What a signed-in user is sent (their name in the header, their account) is never kept by a
  // shared cache or the browser's back-forward store of another person.
  app.addHook("onSend", async (request, reply) => {
    if (request.user && !reply.hasHeader("cache-control")) reply.header("cache-control", "private, no-store");
  });
}

/** HttpOnly, SameSite=Lax, Secure in production, Path=/ (security.md 16); it ends with the session. */
export function setSessionCookie(reply: FastifyReply, session: NewSession, secure: boolean): void {
  reply.setCookie(SESSION_COOKIE, session.sessionId, {
    httpOnly: true,
    sameSite: "lax",
    secure,
    path: "/",
    expires: session.expiresAt,
  });
}

export function clearSessionCookie(reply: FastifyReply, secure: boolean): void {
  reply.clearCookie(SESSION_COOKIE, { httpOnly: true, sameSite: "lax", secure, path: "/" });
}

/** The signed-in user of a route that requires one. */
export function signedIn(request: FastifyRequest): User {
  if (!request.user) throw new Unauthenticated("Please log in first.", { code: "login_required" });
  return request.user;
}
