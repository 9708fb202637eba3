import type { User } from "@shop/shared";
import { useRouteLoaderData } from "react-router";
import type { loader } from "../../routes/account/layout.tsx";

/** The signed-in user, as the account layout loaded it (fresh after every revalidation). */
export function useAccountUser(): User {
  const data = useRouteLoaderData<typeof loader>("routes/account/layout");
  if (!data) throw new Error("useAccountUser is for pages inside the account layout.");
  return data.user;
}
