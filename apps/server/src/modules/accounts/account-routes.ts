import {
  addressInputSchema,
  addressSchema,
  apiErrorSchema,
  changeEmailSchema,
  changePasswordSchema,
  dateOfBirthInputSchema,
  idSchema,
  messageSchema,
  profileSchema,
  sessionUserSchema,
} from "@shop/shared";
import { PASSWORD_CHANGED } from "@shop/shared/constants";
import { z } from "zod";
import type { App } from "../../app-type.ts";
import { setSessionCookie, signedIn } from "../../plugins/auth.ts";
import { errorAnswers } from "../../plugins/errors.ts";

const errors = errorAnswers(400, 401, 403, 404, 409);
const addressParams = z.strictObject({ id: idSchema });

/** The signed-in buyer's own account. Every query is scoped to that account, so no one reads another's. */
export async function accountRoutes(app: App): Promise<void> {
  const { accounts } = app.services;
  const config = { access: "customer" } as const;
  const tags = ["My account"];

  app.get(
    "/api/account",
    { config, schema: { tags, summary: "My account", response: { 200: sessionUserSchema, ...errors } } },
    async (request) => ({ user: await accounts.getUser(signedIn(request).id) }),
  );

  app.put(
    "/api/account/profile",
    {
      config,
      schema: {
        tags,
        summary:
          "Change my name and phone; the date of birth may be added while the account has none, and is refused (409) if it differs from one already set",
        body: profileSchema,
        response: { 200: sessionUserSchema, ...errors },
      },
    },
    async (request) => ({ user: await accounts.updateProfile(signedIn(request).id, request.body) }),
  );

  app.put(
    "/api/account/date-of-birth",
    {
      config,
      schema: {
        tags,
        summary:
          "Give my date of birth, once: while the account has none (the same date again is accepted); after that only staff correct it (409)",
        body: dateOfBirthInputSchema,
        response: { 200: sessionUserSchema, ...errors },
      },
    },
    async (request) => ({ user: await accounts.setDateOfBirth(signedIn(request).id, request.body.dateOfBirth) }),
  );

  app.put(
    "/api/account/email",
    {
      config,
      schema: {
        tags,
        summary:
          "Change my e-mail address (asks for the current password). A link goes to the new address; the address changes when it is opened. The answer is the same whether or not the address has an account",
        body: changeEmailSchema,
        response: { 202: messageSchema, ...errors, 429: apiErrorSchema },
      },
    },
    async (request, reply) =>
      reply
        .code(202)
        .send(
          await accounts.changeEmail(
            signedIn(request).id,
            request.body.email,
            request.body.currentPassword,
            request.ip,
          ),
        ),
  );

  app.put(
    "/api/account/password",
    {
      config,
      schema: {
        tags,
        summary: "Change my password (asks for the current one); every other session ends",
        body: changePasswordSchema,
        response: { 200: messageSchema, ...errors, 429: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const session = await accounts.changePassword(
        signedIn(request).id,
        request.body.currentPassword,
        request.body.newPassword,
        request.headers["user-agent"] ?? null,
        request.ip,
      );
      setSessionCookie(reply, session, app.config.env === "production");
      return { message: PASSWORD_CHANGED };
    },
  );

  app.get(
    "/api/account/addresses",
    { config, schema: { tags, summary: "My address book", response: { 200: z.array(addressSchema), ...errors } } },
    async (request) => accounts.listAddresses(signedIn(request).id),
  );

  app.post(
    "/api/account/addresses",
    {
      config,
      schema: {
        tags,
        summary: "Add an address (US only, at most 20)",
        body: addressInputSchema,
        response: { 201: addressSchema, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await accounts.addAddress(signedIn(request).id, request.body)),
  );

  app.put(
    "/api/account/addresses/:id",
    {
      config,
      schema: {
        tags,
        summary: "Change an address",
        params: addressParams,
        body: addressInputSchema,
        response: { 200: addressSchema, ...errors },
      },
    },
    async (request) => accounts.updateAddress(signedIn(request).id, request.params.id, request.body),
  );

  app.delete(
    "/api/account/addresses/:id",
    {
      config,
      schema: { tags, summary: "Remove an address", params: addressParams, response: { 204: z.null(), ...errors } },
    },
    async (request, reply) => {
      await accounts.deleteAddress(signedIn(request).id, request.params.id);
      return reply.code(204).send(null);
    },
  );
}
