import {
  apiErrorSchema,
  staffWholesaleAccountSchema,
  WHOLESALE_APPLICATION_FIELDS,
  wholesaleAccountSchema,
  wholesaleApproveSchema,
  wholesaleDocumentParamsSchema,
  wholesaleListQuerySchema,
  wholesaleListSchema,
  wholesaleParamsSchema,
  wholesaleRefuseSchema,
} from "@shop/shared";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { App } from "../../app-type.ts";
import { signedIn } from "../../plugins/auth.ts";
import { errorAnswers } from "../../plugins/errors.ts";
import { acceptUploads, fileSchema, matchFieldNames } from "../../plugins/uploads.ts";

const buyerErrors = errorAnswers(400, 401, 403, 404, 409);
const staffErrors = errorAnswers(400, 401, 403, 404);
const BUYER_TAGS = ["Wholesale"];
const STAFF_TAGS = ["Wholesale accounts (staff)"];
const EXTENSIONS: Record<string, string> = {
  "application/pdf": "pdf",
  "image/jpeg": "jpg",
  "image/png": "png",
  "image/webp": "webp",
};

const text = z.string().optional();
/** A certificate's field, sent once per certificate (a list when there are several). */
const perCertificate = z.union([z.string(), z.array(z.string())]).optional();
const files = z.union([fileSchema, z.array(fileSchema)]).optional();

/** The application form (multipart): the details, the licence's file, and each certificate's fields and file in the same order. */
const applicationSchema = z.strictObject({
  ...Object.fromEntries(WHOLESALE_APPLICATION_FIELDS.map((name) => [name, text])),
  licenceFile: fileSchema.optional().describe("The licence: a PDF, JPEG, PNG or WebP file of at most 10 MB"),
  certificateState: perCertificate.describe("Each certificate's state (two letters), in order"),
  certificateNumber: perCertificate.describe("Each certificate's number, in order"),
  certificateExpiresOn: perCertificate.describe("Each certificate's last valid day (YYYY-MM-DD), in order"),
  certificateFile: files.describe("Each certificate's file (PDF, JPEG, PNG or WebP), in order"),
}) as z.ZodObject<
  Record<(typeof WHOLESALE_APPLICATION_FIELDS)[number], typeof text> & {
    licenceFile: z.ZodOptional<typeof fileSchema>;
    certificateState: typeof perCertificate;
    certificateNumber: typeof perCertificate;
    certificateExpiresOn: typeof perCertificate;
    certificateFile: typeof files;
  }
>;

const documentFormSchema = z.strictObject({
  kind: text.describe("licence or resale_certificate"),
  state: text.describe("The state that issued the licence, or that the certificate is for"),
  number: text,
  expiresOn: text.describe("The last day it is valid: YYYY-MM-DD"),
  file: fileSchema.optional().describe("The document: a PDF, JPEG, PNG or WebP file of at most 10 MB"),
});

const listOf = <T>(value: T | T[] | undefined): T[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];

/** Buyers apply for a wholesale account and send later papers; staff list and review them (docs/decisions/102). */
export async function wholesaleRoutes(app: App): Promise<void> {
  const { wholesaleAccounts } = app.services;
  const buyer = { access: "customer" } as const;

  app.get(
    "/api/account/wholesale",
    {
      config: buyer,
      schema: {
        tags: BUYER_TAGS,
        summary: "My wholesale account, its review and its licences and certificates; null when I never applied",
        response: { 200: wholesaleAccountSchema.nullable(), ...buyerErrors },
      },
    },
    (request) => wholesaleAccounts.mine(signedIn(request).id),
  );

  app.get(
    "/api/admin/wholesale-accounts",
    {
      config: { access: "staff" },
      schema: {
        tags: STAFF_TAGS,
        summary:
          "Wholesale accounts, those waiting first: status, terms, licence and certificate expiries, orders and balance due; by status or words of the business or e-mail",
        querystring: wholesaleListQuerySchema,
        response: { 200: wholesaleListSchema, ...staffErrors },
      },
    },
    (request) => wholesaleAccounts.list(request.query),
  );

  app.get(
    "/api/admin/wholesale-accounts/:id",
    {
      config: { access: "staff" },
      schema: {
        tags: STAFF_TAGS,
        summary: "One wholesale account with its licences and certificates",
        params: wholesaleParamsSchema,
        response: { 200: staffWholesaleAccountSchema, ...staffErrors },
      },
    },
    (request) => wholesaleAccounts.get(request.params.id),
  );

  app.get(
    "/api/admin/wholesale-accounts/:id/documents/:documentId/file",
    {
      config: { access: "staff" },
      schema: {
        tags: STAFF_TAGS,
        summary: "A licence's or certificate's file, as a download (its checked type: PDF, JPEG, PNG or WebP)",
        params: wholesaleDocumentParamsSchema,
        response: {
          200: {
            description: "The file",
            content: Object.fromEntries(Object.keys(EXTENSIONS).map((type) => [type, { schema: fileSchema }])),
          },
          ...staffErrors,
        },
      },
    },
    async (request, reply) => {
      const file = await wholesaleAccounts.file(request.params.id, request.params.documentId);
      const name = `${file.name.replace(/[^A-Za-z0-9._-]+/g, "-").slice(0, 100)}.${EXTENSIONS[file.contentType] ?? "bin"}`;
      reply
        .header("content-type", file.contentType)
        .header("x-content-type-options", "nosniff")
        .header("content-disposition", `attachment; filename="${name}"`)
        .header("cache-control", "private, no-store");
      return reply.send(file.bytes);
    },
  );

  const manager = { access: "manager" } as const;
  const reviewErrors = { ...staffErrors, ...errorAnswers(409) };
  app.post(
    "/api/admin/wholesale-accounts/:id/approve",
    {
      config: manager,
      schema: {
        tags: STAFF_TAGS,
        summary:
          "Approve a waiting application with its terms (net 15, net 30 or none) and its waiting documents; the applicant is e-mailed",
        params: wholesaleParamsSchema,
        body: wholesaleApproveSchema,
        response: { 200: staffWholesaleAccountSchema, ...reviewErrors },
      },
    },
    (request) => wholesaleAccounts.approve(request.params.id, request.body, signedIn(request)),
  );

  app.post(
    "/api/admin/wholesale-accounts/:id/refuse",
    {
      config: manager,
      schema: {
        tags: STAFF_TAGS,
        summary: "Refuse a waiting application with a reason; the applicant is e-mailed it and may apply again",
        params: wholesaleParamsSchema,
        body: wholesaleRefuseSchema,
        response: { 200: staffWholesaleAccountSchema, ...reviewErrors },
      },
    },
    (request) => wholesaleAccounts.refuse(request.params.id, request.body.reason, signedIn(request)),
  );

  app.post(
    "/api/admin/wholesale-accounts/:id/documents/:documentId/approve",
    {
      config: manager,
      schema: {
        tags: STAFF_TAGS,
        summary: "Approve a waiting licence or certificate of an approved account (a renewal); the buyer is e-mailed",
        params: wholesaleDocumentParamsSchema,
        response: { 200: staffWholesaleAccountSchema, ...reviewErrors },
      },
    },
    (request) =>
      wholesaleAccounts.reviewDocument(
        request.params.id,
        request.params.documentId,
        { approve: true },
        signedIn(request),
      ),
  );

  app.post(
    "/api/admin/wholesale-accounts/:id/documents/:documentId/refuse",
    {
      config: manager,
      schema: {
        tags: STAFF_TAGS,
        summary: "Refuse a waiting licence or certificate of an approved account with a reason; the buyer is e-mailed",
        params: wholesaleDocumentParamsSchema,
        body: wholesaleRefuseSchema,
        response: { 200: staffWholesaleAccountSchema, ...reviewErrors },
      },
    },
    (request) =>
      wholesaleAccounts.reviewDocument(
        request.params.id,
        request.params.documentId,
        { approve: false, reason: request.body.reason },
        signedIn(request),
      ),
  );

  // Multipart is parsed for the uploads only.
  await app.register(async (scope) => {
    await acceptUploads(scope);
    const forms = scope.withTypeProvider<ZodTypeProvider>();
    forms.post(
      "/api/account/wholesale",
      {
        config: buyer,
        preValidation: matchFieldNames(applicationSchema),
        schema: {
          tags: BUYER_TAGS,
          summary:
            "Apply for a wholesale account, or again after a refusal (multipart): the business, EIN, store address, licence (number, state, expiry, file) and 1 to 10 resale certificates",
          consumes: ["multipart/form-data"],
          body: applicationSchema,
          response: { 201: wholesaleAccountSchema, ...buyerErrors, 413: apiErrorSchema },
        },
      },
      async (request, reply) => {
        const body = request.body;
        const states = listOf(body.certificateState);
        const numbers = listOf(body.certificateNumber);
        const expiries = listOf(body.certificateExpiresOn);
        const certificateFiles = listOf(body.certificateFile);
        const count = Math.max(states.length, numbers.length, expiries.length, certificateFiles.length);
        const details = {
          ...Object.fromEntries(WHOLESALE_APPLICATION_FIELDS.map((name) => [name, body[name]])),
          certificates: Array.from({ length: count }, (_, index) => ({
            state: states[index],
            number: numbers[index],
            expiresOn: expiries[index],
          })),
        };
        const account = await wholesaleAccounts.apply(signedIn(request), {
          details,
          licenceFile: body.licenceFile ?? null,
          certificateFiles,
        });
        return reply.code(201).send(account);
      },
    );

    forms.post(
      "/api/account/wholesale/documents",
      {
        config: buyer,
        preValidation: matchFieldNames(documentFormSchema),
        schema: {
          tags: BUYER_TAGS,
          summary:
            "Send a renewed or another state's licence or resale certificate (multipart: kind, state, number, expiresOn, file); it waits for staff",
          consumes: ["multipart/form-data"],
          body: documentFormSchema,
          response: { 201: wholesaleAccountSchema, ...buyerErrors, 413: apiErrorSchema },
        },
      },
      async (request, reply) => {
        const { file, ...details } = request.body;
        const account = await wholesaleAccounts.addDocument(signedIn(request), { details, file: file ?? null });
        return reply.code(201).send(account);
      },
    );
  });
}
