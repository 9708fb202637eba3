import { PASSWORD_MIN } from "@shop/shared/constants";
import type { ComponentProps } from "react";
import { TextField } from "./field.tsx";

type Props = Omit<ComponentProps<typeof TextField>, "label" | "hint" | "type" | "autoComplete"> & { label?: string };

/** The password the account has now (password managers fill it in). */
export function CurrentPasswordField({ label = "Current password", ...field }: Props) {
  return <TextField label={label} type="password" autoComplete="current-password" {...field} />;
}

/** A password being chosen, with the shop's rule for it (password managers offer one). */
export function NewPasswordField({ label = "New password", ...field }: Props) {
  return (
    <TextField
      label={label}
      hint={`At least ${PASSWORD_MIN} characters`}
      type="password"
      autoComplete="new-password"
      {...field}
    />
  );
}
