import type { DateOfBirthInput, User } from "@shop/shared";
import { apiRequest } from "../../../lib/api.ts";

/** PUT /api/account/date-of-birth: the buyer gives it once; afterwards only staff correct it. */
export async function giveDateOfBirth(body: DateOfBirthInput): Promise<User> {
  const { user } = await apiRequest<{ user: User }>("/api/account/date-of-birth", { method: "PUT", body });
  return user;
}
