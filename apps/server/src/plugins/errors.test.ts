import {
  Conflict,
  DomainError,
  Forbidden,
  Invalid,
  NotFound,
  TooLarge,
  TooManyAttempts,
  Unauthenticated,
} from "@shop/shared/errors";
import Fastify from "fastify";
import { afterAll, describe, expect, it } from "vitest";
import { registerErrorHandling } from "./errors.ts";

const app = Fastify({ logger: false });
registerErrorHandling(app);
let thrown: unknown;
app.get("/throw", () => {
  throw thrown;
});
afterAll(() => app.close());

async function answerTo(error: unknown) {
  thrown = error;
  const response = await app.inject("/throw");
  return { status: response.statusCode, body: response.json(), retryAfter: response.headers["retry-after"] };
}

describe("the error plugin's one mapping of domain errors", () => {
  it("answers each kind with its status, in the ApiError shape", async () => {
    const cases: [DomainError, number, string][] = [
      [new Invalid("The image file is empty."), 400, "Bad Request"],
      [new Unauthenticated("Please log in first."), 401, "Unauthorized"],
      [new Forbidden("Your account may not do this."), 403, "Forbidden"],
      [new NotFound("There is no banner with the id b1."), 404, "Not Found"],
      [new Conflict("You cannot disable your own account."), 409, "Conflict"],
      [new TooLarge("The PDF is too large: at most 10 MB."), 413, "Payload Too Large"],
      [new TooManyAttempts("Too many attempts. Please wait 15 minutes and try again."), 429, "Too Many Requests"],
      [new DomainError("conflict", "Built from a kind."), 409, "Conflict"],
    ];
    for (const [error, status, name] of cases) {
      expect(await answerTo(error), error.name).toEqual({
        status,
        body: { error: name, message: error.message },
        retryAfter: undefined,
      });
    }
  });

  it("carries the fields and the code", async () => {
    const fields = { Sku: "The SKU A-1 is used by another product." };
    expect((await answerTo(new Conflict(fields.Sku, { fields }))).body).toEqual({
      error: "Conflict",
      message: fields.Sku,
      fields,
    });
    expect((await answerTo(new Unauthenticated("Please log in first.", { code: "login_required" }))).body).toEqual({
      error: "Unauthorized",
      message: "Please log in first.",
      code: "login_required",
    });
  });

  it("says when to try again, when the error knows", async () => {
    const error = new TooManyAttempts("Too many wrong passwords.", {
      retryAfterSeconds: 900,
      code: "too_many_attempts",
    });
    expect(await answerTo(error)).toEqual({
      status: 429,
      body: { error: "Too Many Requests", message: "Too many wrong passwords.", code: "too_many_attempts" },
      retryAfter: "900",
    });
  });

  it("maps a domain error made by another copy of the module (the web's server build) alike", async () => {
    const foreign = Object.assign(new Error("There is no such lot."), { name: "NotFound", kind: "not_found" });
    expect(await answerTo(foreign)).toMatchObject({ status: 404, body: { message: "There is no such lot." } });
  });

  it("still answers anything else with a 500 that says nothing internal", async () => {
    const lookalike = Object.assign(new Error("SELECT * FROM users"), { name: "NotFound", kind: "teapot" });
    for (const error of [new Error("SELECT * FROM users"), lookalike]) {
      const answer = await answerTo(error);
      expect(answer.status).toBe(500);
      expect(answer.body.message).toBe("Something went wrong on our side. Please try again in a moment.");
    }
  });
});
