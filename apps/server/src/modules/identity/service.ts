import type { AgeEvidence, IdentityCheck, IdentityStep, ShippingAddress, User } from "@shop/shared";
import { Conflict, Forbidden, Invalid } from "@shop/shared/errors";
import type { Executor } from "../../db/database.ts";
import { newId } from "../../lib/ids.ts";
import type { AgeVerificationProvider, AgeVerificationRequest } from "../checkout/age-verification.ts";
import { checkDocumentFile } from "../documents/file-check.ts";
import type { DocumentFileStore } from "../documents/file-store.ts";
import type { OrdersService } from "../fulfilment/service.ts";
import type { SettingsService } from "../settings/service.ts";
import type { IdentityCheckRow, IdentityRepository } from "./repository.ts";

/** Photos one order may send: each is a paid check, and a buyer past this talks to the shop. */
export const DOCUMENT_ATTEMPTS = 5;

const DAY_MS = 24 * 60 * 60 * 1000;
const UNAVAILABLE = "We cannot check ages right now, so orders cannot be placed. Please try again later.";
const DOCUMENT_UNAVAILABLE =
  "We cannot check IDs right now. Your order is kept for you: please try again in a few minutes.";
const DOCUMENT_REFUSED = "the photo could not be read, or the ID does not match your name and date of birth";

/** What checkout asks before an order's transaction. */
export interface IdentityQuestion {
  user: User;
  address: ShippingAddress;
  /** The age the order needs. */
  minAge: number;
  /** The setting ageVerificationAtCheckout: every order is checked. */
  everyOrder: boolean;
  /** A line's rules ask for the identity check (verify_identity, or a vape under the PACT Act). */
  lineAsks: boolean;
}

/** The answer: the evidence to keep with the order, whether it waits for an ID, and the check to write with it. */
export interface IdentityAnswer {
  provider: AgeEvidence["provider"];
  identity: AgeEvidence["identity"];
  pending: boolean;
  /** The provider's answer, written with the order in its transaction (none when nothing was asked). */
  check: Omit<IdentityCheckRow, "id" | "order_id"> | null;
}

const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();
const day = (iso: string) => iso.slice(0, 10);

function requestOf(user: User, address: ShippingAddress, minAge: number): AgeVerificationRequest {
  return {
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    dateOfBirth: user.dateOfBirth as string,
    address,
    minAge,
  };
}

function toCheck(row: IdentityCheckRow): IdentityCheck {
  return {
    step: row.step,
    outcome: row.outcome,
    provider: row.provider,
    reference: row.reference,
    detail: row.detail,
    at: row.created_at,
  };
}

/** An image, never a PDF: the provider reads a photo of the card. Refused in words beside its field. */
async function idPhoto(bytes: Buffer, field: "front" | "back"): Promise<Buffer> {
  const checked = await checkDocumentFile(bytes).catch((error: unknown) => {
    if (error instanceof Invalid) throw new Invalid(error.message, { fields: { [field]: error.message } });
    throw error;
  });
  if (!checked.contentType.startsWith("image/")) {
    const message = "Please send a photo of the ID (JPEG, PNG or WebP), not a PDF.";
    throw new Invalid(message, { fields: { [field]: message } });
  }
  return checked.bytes;
}

/**
 * The identity check (docs/decisions/099): asked before an order when the shop or a line's rules
 * want it, remembered on the account for the setting's days, and, when no record matches, the
 * order waits for a photo of the buyer's ID, kept private, which the provider then reads.
 */
export function createIdentityService(
  repository: IdentityRepository,
  {
    provider,
    files,
    orders,
    settings,
    now = () => new Date(),
  }: {
    provider: AgeVerificationProvider | null;
    files: DocumentFileStore;
    orders: Pick<OrdersService, "own" | "identityVerified">;
    settings: Pick<SettingsService, "get">;
    now?: () => Date;
  },
) {
  const readsIds = Boolean(provider?.verifyDocument);

  /** The buyer's match within the setting's days, for the same name and date of birth, if any. */
  async function remembered(user: User, days: number): Promise<IdentityCheckRow | null> {
    if (days === 0) return null;
    const found = await repository.latestVerified(user.id, new Date(now().getTime() - days * DAY_MS).toISOString());
    if (!found) return null;
    const same =
      sameName(found.first_name, user.firstName) &&
      sameName(found.last_name, user.lastName) &&
      found.date_of_birth === user.dateOfBirth;
    return same ? found : null;
  }

  async function step(user: User, number: string): Promise<IdentityStep> {
    const order = await orders.own(user, number);
    const checks = await repository.forOrder(order.id);
    const documents = checks.filter((check) => check.step === "document");
    const last = documents.at(-1);
    return {
      status: order.status,
      verified: checks.some((check) => check.outcome === "verified"),
      reason: last && last.outcome !== "verified" ? DOCUMENT_REFUSED : null,
      attemptsLeft: Math.max(0, DOCUMENT_ATTEMPTS - documents.length),
    };
  }

  return {
    /** Whether the provider can read a photo of an ID, which the rules' identity check needs. */
    readsIds,

    /**
     * Asks the provider when the shop or a line wants it. Refused in words (403) when the provider
     * says no for good, 409 when it cannot answer; nothing is written in either case.
     */
    async check(question: IdentityQuestion): Promise<IdentityAnswer> {
      const { user, address, minAge, everyOrder, lineAsks } = question;
      if (!everyOrder && !(lineAsks && readsIds))
        return { provider: null, identity: null, pending: false, check: null };
      if (!provider) throw new Conflict(UNAVAILABLE, { code: "age_check_unavailable" });
      const { identityVerifiedDays } = await settings.get();
      const earlier = await remembered(user, identityVerifiedDays);
      if (earlier) {
        return {
          provider: { name: earlier.provider, reference: earlier.reference },
          identity: {
            outcome: "remembered",
            words: `Verified by ${earlier.provider} on ${day(earlier.created_at)} (reference ${earlier.reference}) for the same name and date of birth; not asked again within ${identityVerifiedDays} days.`,
            verifiedAt: earlier.created_at,
          },
          pending: false,
          check: null,
        };
      }
      let result: Awaited<ReturnType<AgeVerificationProvider["verify"]>>;
      try {
        result = await provider.verify(requestOf(user, address, minAge));
      } catch {
        throw new Conflict(UNAVAILABLE, { code: "age_check_unavailable" });
      }
      const at = now().toISOString();
      const detail = result.detail ?? (result.verified ? "verified" : result.reason);
      const check = {
        user_id: user.id,
        provider: provider.name,
        step: "record" as const,
        reference: result.reference,
        detail,
        first_name: user.firstName,
        last_name: user.lastName,
        date_of_birth: user.dateOfBirth as string,
        address: JSON.stringify({
          line1: address.line1,
          line2: address.line2,
          city: address.city,
          state: address.state,
          zip: address.zip,
        }),
        front_file: null,
        back_file: null,
        created_at: at,
      };
      if (result.verified) {
        return {
          provider: { name: provider.name, reference: result.reference },
          identity: {
            outcome: "verified",
            words: `${provider.name} matched the name, date of birth and address (${detail}, reference ${result.reference}).`,
            verifiedAt: at,
          },
          pending: false,
          check: { ...check, outcome: "verified" },
        };
      }
      if (result.documentNeeded && readsIds) {
        return {
          provider: { name: provider.name, reference: result.reference },
          identity: {
            outcome: "document_needed",
            words: `${provider.name} found no record for the name, date of birth and address (${detail}, reference ${result.reference}): the order waits for a photo of the buyer's ID.`,
            verifiedAt: null,
          },
          pending: true,
          check: { ...check, outcome: "no_match" },
        };
      }
      throw new Forbidden(
        `We could not verify your age and identity: ${result.reason}. Please check that your name, date of birth and address match your ID.`,
        { code: "age_not_verified" },
      );
    },

    /** Writes the provider's answer with the order, in its transaction. */
    async keep(trx: Executor, answer: IdentityAnswer, orderId: string): Promise<void> {
      if (answer.check) await repository.insert(trx, { id: newId(), order_id: orderId, ...answer.check });
    },

    /** An order's answers for staff, oldest first. */
    async forOrder(orderId: string): Promise<IdentityCheck[]> {
      return (await repository.forOrder(orderId)).map(toCheck);
    },

    /** Where the buyer's order stands with the identity check. */
    step,

    /**
     * The buyer's photos of their ID for an order waiting for them: checked as any document (by
     * their bytes, re-encoded, metadata stripped), read by the provider, then kept privately with
     * its answer. A pass moves the order on to awaiting payment; a failure keeps it waiting with
     * the reason, for another try. Nothing is kept when the provider cannot answer (409).
     */
    async submitDocument(
      user: User,
      number: string,
      photos: { front: Buffer; back: Buffer | null },
    ): Promise<IdentityStep> {
      const order = await orders.own(user, number);
      if (order.status !== "verification_pending") {
        throw new Conflict(`Order ${order.number} is not waiting for an identity check.`, { code: "order_status" });
      }
      const checks = await repository.forOrder(order.id);
      if (checks.filter((check) => check.step === "document").length >= DOCUMENT_ATTEMPTS) {
        throw new Forbidden(
          `We could not verify your ID from ${DOCUMENT_ATTEMPTS} photos. Please contact us about order ${order.number}.`,
          { code: "age_not_verified" },
        );
      }
      const verifyDocument = provider?.verifyDocument?.bind(provider);
      if (!provider || !verifyDocument) throw new Conflict(DOCUMENT_UNAVAILABLE, { code: "age_check_unavailable" });
      const front = await idPhoto(photos.front, "front");
      const back = photos.back ? await idPhoto(photos.back, "back") : null;
      const placed = checks.find((check) => check.step === "record");
      const address = placed ? (JSON.parse(placed.address) as ShippingAddress) : null;
      if (!address) throw new Conflict(DOCUMENT_UNAVAILABLE, { code: "age_check_unavailable" });
      const { purchaseMinAge } = await settings.get();
      let result: Awaited<ReturnType<NonNullable<AgeVerificationProvider["verifyDocument"]>>>;
      try {
        result = await verifyDocument({
          ...requestOf(
            user,
            { ...address, fullName: `${user.firstName} ${user.lastName}`, phone: null },
            purchaseMinAge,
          ),
          front,
          back,
        });
      } catch {
        throw new Conflict(DOCUMENT_UNAVAILABLE, { code: "age_check_unavailable" });
      }
      const frontId = newId();
      const backId = back ? newId() : null;
      await files.write(frontId, front);
      if (back && backId) await files.write(backId, back);
      const at = now().toISOString();
      const detail = result.detail ?? (result.verified ? "verified" : result.reason);
      const moveOn = result.verified ? await orders.identityVerified(order.id) : null;
      await repository.db.transaction().execute(async (trx) => {
        await repository.insert(trx, {
          id: newId(),
          user_id: user.id,
          order_id: order.id,
          provider: provider.name,
          step: "document",
          outcome: result.verified ? "verified" : "no_match",
          reference: result.reference,
          detail,
          first_name: user.firstName,
          last_name: user.lastName,
          date_of_birth: user.dateOfBirth as string,
          address: placed?.address ?? "{}",
          front_file: frontId,
          back_file: backId,
          created_at: at,
        });
        await moveOn?.move(
          trx,
          at,
          `Identity verified by ${provider.name} from a photo of an ID (reference ${result.reference})`,
        );
      });
      moveOn?.sent();
      return step(user, number);
    },
  };
}

export type IdentityService = ReturnType<typeof createIdentityService>;
