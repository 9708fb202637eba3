import type { RuleRequirement } from "@shop/shared/constants";
import { isMilitaryAddress, isPoBox } from "@shop/shared/rules";

interface TypedAddress {
  line1?: string | undefined;
  line2?: string | null | undefined;
  city?: string | undefined;
}

/**
 * What the rules' shipping requirements for this order (the quote's, for the state chosen) refuse
 * of the address being typed, said beside its street field as soon as it is typed, as the state's
 * bans are shown beside the lines. The server refuses the same address when the order is placed,
 * naming the product.
 */
export function addressRequirementProblem(
  requirements: readonly RuleRequirement[] | undefined,
  address: TypedAddress,
): string | undefined {
  if (!requirements) return undefined;
  const lines = { line1: address.line1 ?? "", line2: address.line2 ?? null, city: address.city ?? "" };
  const refused =
    requirements.includes("no_po_box") && isPoBox(lines)
      ? "Is a PO box"
      : requirements.includes("no_military_address") && isMilitaryAddress(lines)
        ? "Is an APO, FPO or DPO address"
        : null;
  return refused
    ? `${refused}: the law asks for a street address where an adult signs for this order. Please enter a street address.`
    : undefined;
}
