import type { WholesaleTermsDays } from "@shop/shared/constants";
import type { WholesaleRepository } from "./repository.ts";

/** An approved licence as checkout and the order keep it. */
export interface StandingLicence {
  number: string;
  state: string;
  expiresOn: string;
}

/**
 * What an approved wholesale account may do on a day (docs/decisions/102): buy at DistroPrice by
 * the box; ship to a state only under an approved licence for it that has not expired; be spared
 * sales tax in a state where an approved resale certificate is valid; pay on its terms.
 */
export interface WholesaleStanding {
  accountId: string;
  businessName: string;
  termsDays: WholesaleTermsDays | null;
  /** The approved licence valid on the day, by state (the one that lasts longest). */
  licences: Map<string, StandingLicence>;
  /** Each state's approved licence, valid or not: an expired one is named in the refusal. */
  lastLicences: Map<string, StandingLicence>;
  /** The states with an approved resale certificate valid on the day. */
  certificateStates: Set<string>;
  /**
   * Each state's approved resale certificate that lasts longest, valid or not: one that expired
   * stops wholesale orders for its state until a renewal is approved.
   */
  lastCertificates: Map<string, { number: string; expiresOn: string }>;
}

export function createWholesaleService(repository: WholesaleRepository) {
  return {
    /** The business names of these buyers' accounts, by user id (Billing's overdue list names them). */
    businessNamesOf: (userIds: readonly string[]) => repository.businessNamesOf(userIds),

    /** The buyer's standing on `today` (YYYY-MM-DD); null unless their account is approved. */
    async standing(userId: string, today: string): Promise<WholesaleStanding | null> {
      const account = await repository.accountOf(userId);
      if (account?.status !== "approved") return null;
      const documents = (await repository.documentsOf(account.id)).filter((row) => row.status === "approved");
      const licences = new Map<string, StandingLicence>();
      const lastLicences = new Map<string, StandingLicence>();
      const certificateStates = new Set<string>();
      const lastCertificates = new Map<string, { number: string; expiresOn: string }>();
      // Newest expiry first, so the first one per state is the one that lasts longest.
      for (const row of [...documents].sort((a, b) => b.expires_on.localeCompare(a.expires_on))) {
        const valid = row.expires_on >= today;
        if (row.kind === "resale_certificate") {
          if (valid) certificateStates.add(row.state);
          if (!lastCertificates.has(row.state)) {
            lastCertificates.set(row.state, { number: row.number, expiresOn: row.expires_on });
          }
          continue;
        }
        const licence = { number: row.number, state: row.state, expiresOn: row.expires_on };
        if (!lastLicences.has(row.state)) lastLicences.set(row.state, licence);
        if (valid && !licences.has(row.state)) licences.set(row.state, licence);
      }
      return {
        accountId: account.id,
        businessName: account.business_name,
        termsDays: account.terms_days,
        licences,
        lastLicences,
        certificateStates,
        lastCertificates,
      };
    },
  };
}

export type WholesaleService = ReturnType<typeof createWholesaleService>;
