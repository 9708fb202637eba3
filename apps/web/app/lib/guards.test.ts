import type { User } from "@shop/shared";
import { describe, expect, it } from "vitest";
import { requireStaff, requireUser, STAFF_ONLY_NOTICE, signInUrl } from "./guards.ts";

const request = new Request("http://shop.test/dashboard/products?page=2&q=a b");
const person = (role: User["role"]) => ({ id: "u1", role }) as User;

function thrownRedirect(action: () => unknown): string | null {
  try {
    action();
  } catch (thrown) {
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(302);
    return (thrown as Response).headers.get("Location");
  }
  return null;
}

describe("guards", () => {
  it("sends a visitor to sign in with the page's path and query as next=", () => {
    const url = signInUrl(request);
    expect(url).toBe("/registration?next=%2Fdashboard%2Fproducts%3Fpage%3D2%26q%3Da%2520b");
    expect(new URL(url, "http://shop.test").searchParams.get("next")).toBe("/dashboard/products?page=2&q=a%20b");
  });

  it("requireUser: the user, or a redirect to sign in", () => {
    const buyer = person("customer");
    expect(requireUser(request, buyer)).toBe(buyer);
    expect(thrownRedirect(() => requireUser(request, null))).toBe(signInUrl(request));
  });

  it("requireStaff: staff pass, a customer goes to the account page that says why, a visitor signs in", () => {
    for (const role of ["staff", "manager", "owner"] as const) {
      const staff = person(role);
      expect(requireStaff(request, staff)).toBe(staff);
    }
    expect(thrownRedirect(() => requireStaff(request, person("customer")))).toBe(`/account?${STAFF_ONLY_NOTICE}`);
    expect(thrownRedirect(() => requireStaff(request, null))).toBe(signInUrl(request));
  });
});
