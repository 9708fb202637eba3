import { type Role, roleLabels } from "@shop/shared/constants";
import { Leaf, LogOut, Menu, ShoppingBasket } from "lucide-react";
import { href, Link } from "react-router";
import { LogOutButton } from "../../features/account/components/log-out-button.tsx";
import { Button, buttonClass } from "../ui/button.tsx";

interface Props {
  /** The shop's name (Settings > Store profile). */
  shopName: string;
  firstName: string;
  lastName: string;
  role: Role;
  menuOpen: boolean;
  onOpenMenu: () => void;
}

/** The dashboard's top bar: who is signed in (name and role, from the account), the shop, and Log out. */
export function AdminHeader({ shopName, firstName, lastName, role, menuOpen, onOpenMenu }: Props) {
  const name = `${firstName} ${lastName}`.trim();
  const initials = `${firstName.charAt(0)}${lastName.charAt(0)}`.toUpperCase();

  const barPlacement = "h-10 px-2.5 font-medium sm:px-3.5";
  return (
    <header className="fixed inset-x-0 top-0 z-30 border-line border-b bg-white">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2 focus:text-ink"
      >
        Skip to content
      </a>
      <div className="flex h-16 items-center gap-2 px-3 sm:px-4 lg:px-5">
        <Button
          variant="ghost"
          size="icon"
          onClick={onOpenMenu}
          aria-label="Open menu"
          aria-expanded={menuOpen}
          className="size-10 shrink-0 lg:hidden"
        >
          <Menu aria-hidden="true" className="size-6" />
        </Button>
        <Link to={href("/dashboard")} className="flex shrink-0 items-center gap-2 font-bold tracking-tight">
          <span className="inline-flex size-8 items-center justify-center rounded-full bg-brand-700 text-white">
            <Leaf aria-hidden="true" className="size-4" />
          </span>
          <span className="hidden sm:inline">{shopName}</span>
          <span className="rounded-md bg-brand-50 px-1.5 py-0.5 font-semibold text-brand-900 text-xs">Admin</span>
        </Link>

        <div className="ml-auto flex min-w-0 items-center gap-1 sm:gap-2">
          <Link to={href("/")} className={buttonClass({ variant: "ghost", className: barPlacement })}>
            <ShoppingBasket aria-hidden="true" className="size-5" />
            <span className="sr-only md:not-sr-only">View shop</span>
          </Link>
          <div className="flex min-w-0 items-center gap-2.5 border-line px-1 sm:border-l sm:pl-3">
            <span
              aria-hidden="true"
              className="hidden size-9 shrink-0 items-center justify-center rounded-full bg-brand-900 font-semibold text-sm text-white sm:inline-flex"
            >
              {initials}
            </span>
            <p className="min-w-0 text-right leading-tight sm:text-left">
              <span className="block truncate font-semibold text-sm">{name}</span>
              <span className="block truncate text-muted text-xs">{roleLabels[role]}</span>
            </p>
          </div>
          <LogOutButton className={buttonClass({ variant: "ghost", className: barPlacement })}>
            {(words) => (
              <>
                <LogOut aria-hidden="true" className="size-5" />
                <span className="sr-only md:not-sr-only">{words}</span>
              </>
            )}
          </LogOutButton>
        </div>
      </div>
    </header>
  );
}
