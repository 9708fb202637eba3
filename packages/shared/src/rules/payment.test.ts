import { describe, expect, it } from "vitest";
import { NO_PAYEE } from "../constants/orders.ts";
import {
  abaChecksumHolds,
  daysOverdue,
  isPayable,
  payByDay,
  payByWords,
  payeeLines,
  payeeProblems,
  termsDueDay,
  termsDueWords,
} from "./payment.ts";

const bank = {
  ...NO_PAYEE,
  name: "Leaf & Cloud LLC",
  bankName: "Example Bank",
  routingNumber: "555555550",
  accountNumber: "000123456789",
};

describe("payee details", () => {
  it("check a routing number by the ABA check digit", () => {
    // 021000021 and 011000015 are published routing numbers; one digit changed breaks them.
    expect(["021000021", "011000015", "555555550"].map(abaChecksumHolds)).toEqual([true, true, true]);
    expect(["021000022", "011000016", "12345678", "0210000211", "02100002a"].map(abaChecksumHolds)).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
  });

  it("need every detail of the kind for a method that is offered, each missing one said in words", () => {
    expect(payeeProblems("bank_transfer", bank, true)).toEqual({});
    expect(payeeProblems("bank_transfer", NO_PAYEE, true)).toEqual({
      name: "Please enter the name on the bank account.",
      bankName: "Please enter the bank's name.",
      routingNumber: "Please enter the bank's 9-digit routing number.",
      accountNumber: "Please enter the account number.",
    });
    expect(Object.keys(payeeProblems("zelle", NO_PAYEE, true))).toEqual(["zelle", "name"]);
    expect(Object.keys(payeeProblems("money_order", NO_PAYEE, true))).toEqual(["name", "mailingAddress"]);
  });

  it("let a method that is off be saved half filled in, but never with a wrong detail", () => {
    expect(payeeProblems("bank_transfer", NO_PAYEE, false)).toEqual({});
    expect(payeeProblems("bank_transfer", { ...NO_PAYEE, routingNumber: "021000022" }, false)).toEqual({
      routingNumber: "This is not a valid routing number: its check digit does not match. Please check each digit.",
    });
    expect(
      payeeProblems("bank_transfer", { ...bank, routingNumber: "0210 0002", accountNumber: "12-34" }, true),
    ).toEqual({
      routingNumber: "A routing number has 9 digits, without spaces.",
      accountNumber: "An account number has 4 to 17 digits, without spaces or dashes.",
    });
  });

  it("take an e-mail address or a U.S. mobile number for Zelle", () => {
    for (const zelle of ["pay@shop.example", "(512) 555-0147", "+1 512 555 0147"]) {
      expect(payeeProblems("zelle", { ...NO_PAYEE, zelle, name: "Shop" }, true)).toEqual({});
    }
    for (const zelle of ["pay@shop", "555-0147", "call us"]) {
      expect(payeeProblems("zelle", { ...NO_PAYEE, zelle, name: "Shop" }, true).zelle).toMatch(/e-mail address/);
    }
  });

  it("offer a method only when it is on and its details are complete", () => {
    expect(isPayable({ kind: "bank_transfer", payee: bank, enabled: true })).toBe(true);
    expect(isPayable({ kind: "bank_transfer", payee: bank, enabled: false })).toBe(false);
    expect(isPayable({ kind: "bank_transfer", payee: { ...bank, accountNumber: "" }, enabled: true })).toBe(false);
  });

  it("show the details with the kind's labels, in its order", () => {
    expect(payeeLines("bank_transfer", bank)).toEqual([
      ["Account name", "Leaf & Cloud LLC"],
      ["Bank", "Example Bank"],
      ["Routing number", "555555550"],
      ["Account number", "000123456789"],
    ]);
    expect(payeeLines("money_order", { ...bank, mailingAddress: "1 Main St\nDallas, TX 75202" })).toEqual([
      ["Pay to the order of", "Leaf & Cloud LLC"],
      ["Mail it to", "1 Main St\nDallas, TX 75202"],
    ]);
  });

  it("give the pay-by day: the day the unpaid-order job cancels the order", () => {
    expect(payByDay("2026-11-28T10:00:00.000Z", 7)).toBe("2026-12-05");
    expect(payByDay("2026-11-28T23:59:00.000Z", 1)).toBe("2026-11-29");
    expect(payByWords("2026-12-05")).toBe("Pay by December 5, 2026 or the order is cancelled.");
  });
});

describe("payment on terms (docs/decisions/102)", () => {
  it("is due the terms' days after the day placed, and says so as invoices print it", () => {
    expect(termsDueDay("2026-11-30T23:59:00.000Z", 30)).toBe("2026-12-30");
    expect(termsDueDay("2026-12-20T08:00:00.000Z", 15)).toBe("2027-01-04");
    expect(termsDueWords("2026-11-30T23:59:00.000Z", "2026-12-30")).toBe("Due 2026-12-30, net 30");
  });

  it("counts whole days overdue from the day after the due day", () => {
    expect(daysOverdue("2026-12-30", "2026-12-30")).toBe(0);
    expect(daysOverdue("2026-12-30", "2026-12-29")).toBe(0);
    expect(daysOverdue("2026-12-30", "2026-12-31")).toBe(1);
    expect(daysOverdue("2026-12-30", "2027-01-30")).toBe(31);
  });
});
