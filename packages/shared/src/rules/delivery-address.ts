/**
 * Kinds of address some goods may not be shipped to (vapes under the PACT Act, docs/decisions/045):
 * a post office box, and the armed forces' APO, FPO and DPO addresses. Read from what the
 * buyer typed, so the words are matched loosely: "P.O. Box 12", "PO Box", "Post Office Box",
 * "POB 12"; a military address has APO, FPO or DPO as its city, or a unit, PSC or CMR box line.
 */

const PO_BOX = /\b(?:p\s*\.?\s*o\s*\.?\s*box|post\s+office\s+box)\b|\bpob\s+\d/i;
const MILITARY_CITY = /^\s*[adf]\s*\.?\s*p\s*\.?\s*o\s*\.?\s*$/i;
const MILITARY_LINE = /\b(?:psc|cmr|unit)\s+\d+\b.*\bbox\b/i;

interface AddressLines {
  line1: string;
  line2?: string | null;
  city: string;
}

const linesOf = (address: AddressLines) => [address.line1, address.line2 ?? ""];

export function isPoBox(address: AddressLines): boolean {
  return linesOf(address).some((line) => PO_BOX.test(line));
}

export function isMilitaryAddress(address: AddressLines): boolean {
  return MILITARY_CITY.test(address.city) || linesOf(address).some((line) => MILITARY_LINE.test(line));
}
