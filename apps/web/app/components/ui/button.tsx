import type { ComponentProps } from "react";

/**
 * What each look is for; the looks themselves are classes in button.css, so that the storefront's
 * JavaScript carries their names only.
 * - primary: the one thing to do on a page or in a form
 * - secondary: everything beside it (Cancel, Back, Download)
 * - danger: a step that removes something, asked before it runs
 * - destructive: the confirming click of such a step
 * - ink: dark on a light header, where brand green would be lost
 * - ghost: no frame until hovered, for the icon buttons of bars and panels
 */
export type ButtonVariant = "primary" | "secondary" | "danger" | "destructive" | "ink" | "ghost";
/** sm, md and lg grow in padding (lg also in type); icon is a round 36 px button. */
export type ButtonSize = "sm" | "md" | "lg" | "icon";

export interface ButtonStyle {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Placement and width only (mt-6, w-full): the look comes from the variant and size. */
  className?: string | undefined;
}

/**
 * The shop's button look, for a <button> and for a link that reads as one (`<Link className=
 * {buttonClass()}>`). A busy button is `disabled` or, when it must keep focus, `aria-disabled`.
 */
export function buttonClass({ variant = "primary", size = "md", className }: ButtonStyle = {}): string {
  return `btn btn-${variant} btn-${size}${className ? ` ${className}` : ""}`;
}

type ButtonProps = ComponentProps<"button"> & ButtonStyle;

/** A <button> in the shop's look; `type` is "button" unless it says "submit". */
export function Button({ variant, size, className, type = "button", ...props }: ButtonProps) {
  return <button type={type} className={buttonClass({ variant, size, className })} {...props} />;
}
