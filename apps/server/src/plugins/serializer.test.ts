import Fastify from "fastify";
import { validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { memoizedSerializerCompiler } from "./serializer.ts";

describe("memoizedSerializerCompiler", () => {
  it("checks and stringifies an answer object once, and new objects afresh", async () => {
    const app = Fastify().withTypeProvider<ZodTypeProvider>();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(memoizedSerializerCompiler);
    const shared = { name: "cached", secret: "never sent" };
    const checked = vi.fn((_value: string) => true);
    const schema = z.object({ name: z.string().refine(checked) });
    let answer: { name: string; secret?: string } = shared;
    app.get("/thing", { schema: { response: { 200: schema } } }, () => answer);

    const first = await app.inject("/thing");
    const second = await app.inject("/thing");
    expect(first.body).toBe('{"name":"cached"}');
    expect(second.body).toBe(first.body);
    expect(checked).toHaveBeenCalledTimes(1);

    answer = { name: "fresh" };
    expect((await app.inject("/thing")).body).toBe('{"name":"fresh"}');
    expect(checked).toHaveBeenCalledTimes(2);
    await app.close();
  });

  it("still refuses an answer that breaks its schema", async () => {
    const app = Fastify().withTypeProvider<ZodTypeProvider>();
    app.setSerializerCompiler(memoizedSerializerCompiler);
    app.get(
      "/bad",
      { schema: { response: { 200: z.object({ count: z.number() }) } } },
      () => ({ count: "x" }) as never,
    );
    expect((await app.inject("/bad")).statusCode).toBe(500);
    await app.close();
  });
});
