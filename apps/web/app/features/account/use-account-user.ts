import type { User } from "@shop/shared";
import { useRouteLoaderData } from "react-router";

/** What this hook reads of the account layout's data (routes/account/layout.tsx's loader returns it). */
export interface AccountUserData {
  user: User;
}

/** The signed-in user, as the account layout loaded it (fresh after every revalidation). */
export function useAccountUser(): User {
  const data = useRouteLoaderData<AccountUserData>("routes/account/layout");
  if (!data) throw new Error("useAccountUser is for pages inside the account layout.");
  return data.user;
}
