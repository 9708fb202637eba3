import type { User } from "@shop/shared";

/** How records name the user who did something: their full name, or their e-mail when they gave none. */
export function recordedName(user: Pick<User, "firstName" | "lastName" | "email">): string {
  return `${user.firstName} ${user.lastName}`.trim() || user.email;
}

/** The user who did something as records keep them (stock history, rule versions, documents): id and name. */
export function recordedActor(user: Pick<User, "id" | "firstName" | "lastName" | "email">): {
  id: string;
  name: string;
} {
  return { id: user.id, name: recordedName(user) };
}
