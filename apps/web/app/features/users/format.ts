import type { User } from "@shop/shared";

export const fullName = (user: Pick<User, "firstName" | "lastName">): string =>
  `${user.firstName} ${user.lastName}`.trim();
