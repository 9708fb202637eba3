import { describe, expect, it } from "vitest";
import { accountDateOfBirthSchema, dateOfBirthSchema } from "./accounts.ts";
import { addressInputSchema } from "./addresses.ts";
import { storeProfileSchema } from "./settings.ts";

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe("dates of birth", () => {
  it("speak of the date a person picks, never of the wire format", () => {
    expect(firstMessage(dateOfBirthSchema.safeParse(""))).toBe("Please enter a date.");
    expect(firstMessage(dateOfBirthSchema.safeParse("04/09/1992"))).toBe(
      "Please enter the whole date: month, day and year.",
    );
    expect(firstMessage(dateOfBirthSchema.safeParse("1992-02-30"))).toBe("Please enter a real date.");
    for (const value of ["", "04/09/1992", "1992-02-30", "1800-01-01"]) {
      expect(
        dateOfBirthSchema
          .safeParse(value)
          .error?.issues.map((issue) => issue.message)
          .join(" "),
      ).not.toMatch(/YYYY/);
    }
  });

  it("are refused below the gate's age before anything is sent", () => {
    const today = new Date();
    const seventeen = `${today.getUTCFullYear() - 17}-01-01`;
    const thirty = `${today.getUTCFullYear() - 30}-06-15`;
    expect(firstMessage(accountDateOfBirthSchema(18).safeParse(seventeen))).toBe(
      "You must be 18 or older to have an account.",
    );
    expect(accountDateOfBirthSchema(18).safeParse(thirty).success).toBe(true);
  });
});

// The address book once answered "Invalid input" for a phone longer than 30 characters (docs/decisions/081).
describe("phone numbers", () => {
  const address = { fullName: "Robin Hale", line1: "12 Elm St", city: "Austin", state: "TX", zip: "78701" };
  const phoneMessages = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
    result.error?.issues.filter((issue) => issue.path[0] === "phone").map((issue) => issue.message);

  it("are refused in words however they are wrong, in the address book and the store profile", () => {
    for (const phone of ["512 555 0100 extension 12, ask for Robin", "call me", "12", 5125550100]) {
      expect(phoneMessages(addressInputSchema.safeParse({ ...address, phone })), String(phone)).toEqual([
        "Please enter a US phone number with 10 digits.",
      ]);
    }
    const profile = { ...address, name: "Leaf & Cloud", email: "shop@example.com" };
    expect(phoneMessages(storeProfileSchema.safeParse({ ...profile, phone: "5".repeat(40) }))).toEqual([
      "Please enter a US phone number with 10 digits.",
    ]);
  });

  it("are taken written any common way, and an empty field is none", () => {
    for (const phone of ["(512) 555-0100", "+1 512 555 0100", "  512.555.0100  "]) {
      expect(addressInputSchema.parse({ ...address, phone }).phone).toBe("5125550100");
    }
    expect(addressInputSchema.parse({ ...address, phone: "" }).phone).toBeNull();
  });
});
