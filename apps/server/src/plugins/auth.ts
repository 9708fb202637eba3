import { type Access, accountsFor, allows, roleLabels, type User } from "@shop/shared";
import { Forbidden, Unauthenticated } from "@shop/shared/errors";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { NewSession } from "../modules/accounts/service.ts";
import { isUnder } from "./paths.ts";

// Who may call a route: every API route declares its area in `config.access` as the lowest role
// that may call it (public, customer, staff, manager, owner; `allows` in @shop/shared); an API
// route that declares nothing is refused (deny by default; docs/decisions/011 and 077).

/** A route with the area it declares, as `app.routeAccess` lists them. */
export interface RouteAccess {
  method: string;
  url: string;
  access: Access | undefined;
}

declare module "fastify" {
  interface FastifyInstance {
    /** Every route with the access it declares, for the authorization tests. */
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
    if (allows(access, request.user?.role ?? null)) return;
    if (!request.user) throw new Unauthenticated("Please log in first.", { code: "login_required" });
    throw refusal(access, request.user);
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

/**
 * The guard's 403, in words: a customer at a staff route is simply refused; a staff member is told
 * which accounts may do it and what they are signed in as.
 */
export function refusal(access: Access, user: User): Forbidden {
  const message =
    user.role === "customer"
      ? "Your account may not do this."
      : `This needs ${accountsFor[access]}; you are signed in as ${roleLabels[user.role]}.`;
  return new Forbidden(message, { code: "role_required" });
}

/** HttpOnly, SameSite=Lax, Secure in production, Path=/ (docs/decisions/011); it ends with the session. */
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
