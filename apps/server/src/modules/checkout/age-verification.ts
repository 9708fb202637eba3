import type { ShippingAddress } from "@shop/shared";

/**
 * A third-party age and identity check at checkout (docs/decisions/045). The shop
 * wires no vendor: an operator who signs up with one writes a provider to this interface and passes
 * it to buildApp; the setting `ageVerificationAtCheckout` then turns the check on. Tests use a fake.
 */
export interface AgeVerificationRequest {
  firstName: string;
  lastName: string;
  email: string;
  /** The date of birth on the buyer's account (YYYY-MM-DD). */
  dateOfBirth: string;
  /** Where the order goes: for a shipped order the buyer's address, for a pickup the store's. */
  address: ShippingAddress;
}

export type AgeVerificationResult =
  | { verified: true; reference: string }
  /** `reason`: words for the buyer, such as "the name and address do not match a record". */
  | { verified: false; reference: string; reason: string };

export interface AgeVerificationProvider {
  /** Shown to staff with the order's evidence, such as "Example Verify". */
  readonly name: string;
  /** Throws when the provider cannot be reached; the order is then not placed. */
  verify(request: AgeVerificationRequest): Promise<AgeVerificationResult>;
}
