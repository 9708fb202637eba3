import { type Role, roleLabels } from "@shop/shared/constants";
import { ShoppingBasket } from "lucide-react";
import { href, Link } from "react-router";
import { Drawer, DrawerHeader } from "../ui/drawer.tsx";
import { AdminNav } from "./admin-nav.tsx";

interface Props {
  open: boolean;
  onClose: () => void;
  name: string;
  role: Role;
}

/** The dashboard menu on phones and tablets: a modal panel from the left, opened by the header's toggle. */
export function AdminMobileNav({ open, onClose, name, role }: Props) {
  return (
    <Drawer open={open} side="left" aria-label="Dashboard menu" onClose={onClose}>
      <DrawerHeader closeLabel="Close menu" onClose={onClose}>
        <div className="min-w-0">
          <p className="truncate font-semibold text-sm">{name}</p>
          <p className="text-muted text-xs">{roleLabels[role]}</p>
        </div>
      </DrawerHeader>
      <nav aria-label="Dashboard" className="flex-1 overflow-y-auto p-4">
        <AdminNav role={role} onNavigate={onClose} tone="light" shown={open} />
      </nav>
      <div className="border-line border-t p-4">
        <Link
          to={href("/")}
          onClick={onClose}
          className="flex h-11 items-center gap-3 rounded-xl px-3 font-medium text-sm hover:bg-gray-100"
        >
          <ShoppingBasket aria-hidden="true" className="size-5" />
          Back to the shop
        </Link>
      </div>
    </Drawer>
  );
}
