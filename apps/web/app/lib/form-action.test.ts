import { contactMessageSchema } from "@shop/shared";
import { describe, expect, it } from "vitest";
import { pick, postedFields, refusalErrors, schemaMessages } from "./form-action.ts";

const post = (body: string, type = "application/x-www-form-urlencoded") =>
  new Request("http://shop.test/contact-us", { method: "POST", headers: { "content-type": type }, body });

describe("postedFields and pick", () => {
  it("read each name's first value, and only the form's names", async () => {
    const fields = await postedFields(post("name=Dana&name=Other&email=d%40example.com&isAdmin=true"));
    expect(fields).toEqual({ name: "Dana", email: "d@example.com", isAdmin: "true" });
    expect(pick(fields, ["name", "email", "message"])).toEqual({ name: "Dana", email: "d@example.com" });
  });

  it("give nothing for a body that is not a form", async () => {
    expect(await postedFields(post("{}", "application/json"))).toEqual({});
  });
});

describe("schemaMessages", () => {
  it("gives each field its first message, as the browser's check shows it", () => {
    const checked = contactMessageSchema.safeParse({ name: " ", email: "nope", message: "hi" });
    expect(checked.success).toBe(false);
    expect(checked.error && schemaMessages(checked.error)).toEqual({
      name: "Please enter your name.",
      email: "Please enter a valid e-mail address.",
      message: "Please write at least 10 characters.",
    });
  });
});

describe("refusalErrors", () => {
  const names = ["name", "email", "message"] as const;

  it("puts the schema's messages beside their fields and nothing on the form", () => {
    expect(refusalErrors({ invalid: { name: "Please enter your name.", other: "x" } }, names)).toEqual({
      name: { type: "server", message: "Please enter your name." },
    });
  });

  it("words the API's refusal as showServerErrors does", () => {
    const fields = { error: "Bad Request", message: "Check it.", fields: { email: "must be an e-mail" } };
    expect(refusalErrors({ problem: fields }, names)).toEqual({
      email: { type: "server", message: "Must be an e-mail." },
      root: { type: "server", message: "Please check the fields marked above." },
    });
    const limit = { error: "Too Many Requests", message: "Too many requests from your address." };
    expect(refusalErrors({ problem: limit }, names)).toEqual({
      root: { type: "server", message: "Too many requests from your address." },
    });
  });
});
