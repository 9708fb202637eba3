import {
  createStaffSchema,
  dateOfBirthInputSchema,
  idSchema,
  managedUserPageSchema,
  managedUserSchema,
  messageSchema,
  queryInt,
  staffRoleChangeSchema,
} from "@shop/shared";
import { z } from "zod";
import type { App } from "../../app-type.ts";
import { recordedActor } from "../../lib/recorded-actor.ts";
import { signedIn } from "../../plugins/auth.ts";
import { errorAnswers } from "../../plugins/errors.ts";

const errors = errorAnswers(400, 401, 403, 404, 409);
const params = z.strictObject({ id: idSchema });
const listQuery = z.strictObject({
  q: z.string().trim().max(100, { error: "must be at most 100 characters" }).optional(),
  page: queryInt({ min: 1, max: 10_000, default: 1 }),
});

/** Managers and Owners manage customers; only Owners manage staff accounts (docs/decisions/077). */
export async function usersRoutes(app: App): Promise<void> {
  const { accounts } = app.services;

  for (const kind of ["customers", "staff"] as const) {
    const config = { access: kind === "customers" ? "manager" : "owner" } as const;
    const tags = [kind === "customers" ? "Customers" : "Staff"];
    const who = kind === "customers" ? "customer" : "staff member";

    app.get(
      `/api/${kind}`,
      {
        config,
        schema: {
          tags,
          summary: `List ${kind}, newest first, searched by name or e-mail`,
          querystring: listQuery,
          response: { 200: managedUserPageSchema, ...errors },
        },
      },
      async (request) => accounts.listUsers(kind, request.query.q || undefined, request.query.page),
    );

    app.get(
      `/api/${kind}/:id`,
      { config, schema: { tags, summary: `One ${who}`, params, response: { 200: managedUserSchema, ...errors } } },
      async (request) => accounts.getManaged(kind, request.params.id),
    );

    app.put(
      `/api/${kind}/:id/date-of-birth`,
      {
        config,
        schema: {
          tags,
          summary: `Set or correct a ${who}'s date of birth (they give it once themselves; staff correct it)`,
          params,
          body: dateOfBirthInputSchema,
          response: { 200: managedUserSchema, ...errors },
        },
      },
      async (request) => {
        const actorId = signedIn(request).id;
        const changed = await accounts.correctDateOfBirth(kind, request.params.id, request.body.dateOfBirth);
        // The record of who changed it and when: the audit log does not keep it (docs/decisions/053).
        request.log.info({ userId: changed.id, actorId }, "date of birth set by staff");
        return changed;
      },
    );

    for (const action of ["disable", "enable"] as const) {
      app.post(
        `/api/${kind}/:id/${action}`,
        {
          config,
          schema: {
            tags,
            summary:
              action === "disable"
                ? `Disable a ${who}: they cannot log in and their sessions end`
                : `Enable a ${who} again`,
            params,
            response: { 200: managedUserSchema, ...errors },
          },
        },
        async (request) =>
          accounts.setDisabled(kind, request.params.id, action === "disable", recordedActor(signedIn(request))),
      );
    }
  }

  app.post(
    "/api/staff",
    {
      config: { access: "owner" },
      schema: {
        tags: ["Staff"],
        summary: "Create a staff member; they get an e-mail with a link to choose their password",
        body: createStaffSchema,
        response: { 201: managedUserSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await accounts.createStaff(request.body, recordedActor(signedIn(request)))),
  );

  app.put(
    "/api/staff/:id/role",
    {
      config: { access: "owner" },
      schema: {
        tags: ["Staff"],
        summary: "Give a staff member another role (Owner, Manager or Staff); not one's own, not the last Owner's",
        params,
        body: staffRoleChangeSchema,
        response: { 200: managedUserSchema, ...errors },
      },
    },
    async (request) => accounts.changeStaffRole(request.params.id, request.body.role, recordedActor(signedIn(request))),
  );

  app.post(
    "/api/staff/:id/password-reset",
    {
      config: { access: "owner" },
      schema: {
        tags: ["Staff"],
        summary: "E-mail a staff member a link to choose a new password",
        params,
        response: { 202: messageSchema, ...errors },
      },
    },
    async (request, reply) => reply.code(202).send(await accounts.sendStaffPasswordReset(request.params.id)),
  );
}
