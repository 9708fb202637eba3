import { describe, expect, it, vi } from "vitest";
import { createBackgroundWork } from "./background.ts";

const log = () => ({ debug: vi.fn(), info: vi.fn(), warn: vi.fn(), error: vi.fn() });

describe("background work", () => {
  it("starts after the caller has moved on, and settled() waits for it and for what it starts", async () => {
    const logger = log();
    const work = createBackgroundWork(logger);
    const order: string[] = [];
    work.run("first", async () => {
      order.push("first");
      work.run("second", async () => {
        await new Promise((resolve) => setTimeout(resolve, 20));
        order.push("second");
      });
    });
    order.push("caller");
    await work.settled();
    expect(order).toEqual(["caller", "first", "second"]);
  });

  it("logs a failure and goes on", async () => {
    const logger = log();
    const work = createBackgroundWork(logger);
    work.run("mail to x", async () => {
      throw new Error("smtp down");
    });
    await work.settled();
    expect(logger.error).toHaveBeenCalledWith({ err: expect.any(Error) }, "mail to x failed");
  });
});
