import {
  apiErrorSchema,
  emailOnlySchema,
  loginSchema,
  messageSchema,
  resetPasswordSchema,
  sessionUserSchema,
  signUpSchema,
  tokenSchema,
} from "@shop/shared";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { App } from "../../app-type.ts";
import { clearSessionCookie, setSessionCookie, signedIn } from "../../plugins/auth.ts";
import { errorAnswers } from "../../plugins/errors.ts";
import { acceptForms, matchFieldNames } from "../../plugins/uploads.ts";

const errors = errorAnswers(400, 401, 403, 429);

/** Thin routes: the limits on sign-ups, links, mails and passwords are the accounts service's. */
export async function authRoutes(app: App): Promise<void> {
  const { accounts } = app.services;
  const secure = app.config.env === "production";

  // Multipart is parsed for this route only; a file in the form is refused.
  await app.register(async (scope) => {
    await acceptForms(scope, { files: 0, fields: 20, fieldSize: 10_000, parts: 20 });
    scope.withTypeProvider<ZodTypeProvider>().post(
      "/api/User",
      {
        config: { access: "public" },
        // The spec's original sent "FirstName" and the like: names match whatever their case.
        preValidation: matchFieldNames(signUpSchema),
        schema: {
          tags: ["Accounts"],
          summary: "Sign up (multipart form or JSON). Answers alike whether or not the e-mail has an account",
          consumes: ["multipart/form-data", "application/json"],
          body: signUpSchema,
          response: { 201: messageSchema, ...errors },
        },
      },
      async (request, reply) => {
        return reply.code(201).send(await accounts.signUp(request.body, request.ip));
      },
    );
  });

  app.post(
    "/api/Auth/login",
    {
      config: { access: "public" },
      schema: {
        tags: ["Accounts"],
        summary: "Log in with e-mail and password; sets the session cookie",
        body: loginSchema,
        response: { 200: sessionUserSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { email, password } = request.body;
      // Wrong passwords are counted by the accounts service (password-guard.ts), not here.
      const session = await accounts.login(email, password, request.headers["user-agent"] ?? null, request.ip);
      // A session that came with the request ends: the new one gets a new id, so a planted id is worth nothing.
      if (request.sessionHash) await accounts.logout(request.sessionHash);
      setSessionCookie(reply, session, secure);
      return { user: session.user };
    },
  );

  app.post(
    "/api/Auth/logout",
    {
      config: { access: "public" },
      schema: { tags: ["Accounts"], summary: "Log out: ends this session (204)", response: { 204: z.null() } },
    },
    async (request, reply) => {
      if (request.sessionHash) await accounts.logout(request.sessionHash);
      clearSessionCookie(reply, secure);
      return reply.code(204).send(null);
    },
  );

  app.get(
    "/api/Auth/me",
    {
      config: { access: "customer" },
      schema: {
        tags: ["Accounts"],
        summary: "The signed-in user",
        response: { 200: sessionUserSchema, 401: apiErrorSchema },
      },
    },
    async (request) => ({ user: signedIn(request) }),
  );

  app.post(
    "/api/Auth/verify-email",
    {
      config: { access: "public" },
      schema: {
        tags: ["Accounts"],
        summary: "Verify an e-mail address with the token from the link (single use, 24 hours)",
        body: tokenSchema,
        response: { 200: messageSchema, ...errors },
      },
    },
    async (request) => accounts.verifyEmail(request.body.token, request.ip),
  );

  app.post(
    "/api/Auth/resend-verification",
    {
      config: { access: "public" },
      schema: {
        tags: ["Accounts"],
        summary: "Send the verification e-mail again (answers alike for every address)",
        body: emailOnlySchema,
        response: { 202: messageSchema, ...errors },
      },
    },
    async (request, reply) => {
      return reply.code(202).send(await accounts.resendVerification(request.body.email, request.ip));
    },
  );

  app.post(
    "/api/Auth/forgot-password",
    {
      config: { access: "public" },
      schema: {
        tags: ["Accounts"],
        summary: "E-mail a link to choose a new password (answers alike for every address)",
        body: emailOnlySchema,
        response: { 202: messageSchema, ...errors },
      },
    },
    async (request, reply) => {
      return reply.code(202).send(await accounts.forgotPassword(request.body.email, request.ip));
    },
  );

  app.post(
    "/api/Auth/reset-password",
    {
      config: { access: "public" },
      schema: {
        tags: ["Accounts"],
        summary: "Choose a new password with the token from the link (single use, 1 hour); ends every session",
        body: resetPasswordSchema,
        response: { 200: messageSchema, ...errors },
      },
    },
    async (request) => accounts.resetPassword(request.body.token, request.body.password, request.ip),
  );
}
