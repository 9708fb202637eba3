import { describe, expect, it } from "vitest";
import { accountDateOfBirthSchema, dateOfBirthSchema } from "./accounts.ts";

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
