import { createAccountCore } from "./account-core.ts";
import { createProfileService } from "./profile-service.ts";
import type { AccountsRepository } from "./repository.ts";
import { createSessionService } from "./session-service.ts";
import { createUserAdminService } from "./user-admin-service.ts";

export type { AccountsOptions, ActiveSession, NewSession } from "./account-core.ts";
export { LOGIN_FAILED, SESSION_POLICY } from "./account-core.ts";

/**
 * The accounts module's services, one per route file: sessions (auth-routes.ts), the buyer's
 * own account (account-routes.ts) and user administration (users-routes.ts), over one core.
 */
export function createAccountsService(repo: AccountsRepository, options: import("./account-core.ts").AccountsOptions) {
  const core = createAccountCore(repo, options);
  return { ...createSessionService(core), ...createProfileService(core), ...createUserAdminService(core) };
}

export type AccountsService = ReturnType<typeof createAccountsService>;
