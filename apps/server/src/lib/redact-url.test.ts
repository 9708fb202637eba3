import { describe, expect, it } from "vitest";
import { redactUrl } from "./redact-url.ts";

describe("redactUrl", () => {
  it.each([
    ["/reset-password?token=abc123", "/reset-password?token=[redacted]"],
    ["/verify-email.data?token=abc&_routes=x", "/verify-email.data?token=[redacted]&_routes=x"],
    ["/api/x?page=2&api_key=k&Password=p&sig=s", "/api/x?page=2&api_key=[redacted]&Password=[redacted]&sig=[redacted]"],
    ["/api/x?%74oken=abc", "/api/x?%74oken=[redacted]"],
    ["/products?q=hemp&page=2", "/products?q=hemp&page=2"],
    ["/products", "/products"],
    ["/x?token", "/x?token"],
    ["/x?%E0%A4%A=1&token=t", "/x?%E0%A4%A=1&token=[redacted]"],
  ])("%s", (url, logged) => {
    expect(redactUrl(url)).toBe(logged);
  });
});
