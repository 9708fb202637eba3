import type { ShippingAddress } from "@shop/shared";

/**
 * A third-party age and identity check at checkout (docs/decisions/045, 099). An operator passes a
 * provider to buildApp, or sets the Veratad variables (identity/veratad.ts); the setting
 * `ageVerificationAtCheckout` then turns the check on for every order, and lines whose rules ask
 * for it (vapes, verify_identity) are checked when the provider can also read an ID.
 */
export interface AgeVerificationRequest {
  firstName: string;
  lastName: string;
  email: string;
  /** The date of birth on the buyer's account (YYYY-MM-DD). */
  dateOfBirth: string;
  /** Where the order goes: for a shipped order the buyer's address, for a pickup the store's. */
  address: ShippingAddress;
  /** The age the order needs (the shop's, or a rule's if higher); 21 when not given. */
  minAge?: number;
}

export type AgeVerificationResult =
  | { verified: true; reference: string; detail?: string }
  /**
   * `reason`: words for the buyer, such as "the name and address do not match a record".
   * `documentNeeded`: no record matched, and a photo of an ID may still prove who the buyer is.
   */
  | { verified: false; reference: string; reason: string; documentNeeded?: boolean; detail?: string };

/** The record check's request with the photos of the ID's front and, for most cards, its back. */
export interface DocumentVerificationRequest extends AgeVerificationRequest {
  front: Buffer;
  back: Buffer | null;
}

export type DocumentVerificationResult =
  | { verified: true; reference: string; detail?: string }
  | { verified: false; reference: string; reason: string; detail?: string };

export interface AgeVerificationProvider {
  /** Shown to staff with the order's evidence, such as "Example Verify". */
  readonly name: string;
  /** Throws when the provider cannot be reached; the order is then not placed. */
  verify(request: AgeVerificationRequest): Promise<AgeVerificationResult>;
  /**
   * The next step after no match: the ID's photos read and compared with the buyer's name and date
   * of birth. Throws when the provider cannot be reached. A provider without it checks ages only.
   */
  verifyDocument?(request: DocumentVerificationRequest): Promise<DocumentVerificationResult>;
}
