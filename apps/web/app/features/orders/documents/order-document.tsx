import type { AdminOrder } from "@shop/shared";
import { SearchX } from "lucide-react";
import type { ReactNode } from "react";
import { href } from "react-router";
import { AdminDetail } from "../../../components/layout/admin-detail.tsx";
import { PrintDocument } from "../../../components/layout/print-document.tsx";
import { orderPath } from "../../../lib/admin-paths.ts";
import type { useOrder } from "../api/get-order.ts";

interface Props {
  /** "Packing slip", "Invoice". */
  label: string;
  number: string;
  query: ReturnType<typeof useOrder>;
  children: (order: AdminOrder) => ReactNode;
}

/** One of an order's printable documents, in each state of loading the order. */
export function OrderDocument({ label, number, query, children }: Props) {
  return (
    <PrintDocument label={label} backTo={orderPath(number)} backLabel={`Back to order ${number}`}>
      <AdminDetail
        query={query}
        what="this order"
        skeleton={<div aria-hidden="true" className="h-96 animate-pulse rounded-lg bg-gray-100" />}
        missing={{
          icon: SearchX,
          noun: "order",
          back: { to: href("/dashboard/orders"), label: "Back to orders" },
          why: "The order number may be mistyped.",
          level: 1,
        }}
      >
        {children}
      </AdminDetail>
    </PrintDocument>
  );
}
