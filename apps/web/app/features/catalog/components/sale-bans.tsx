import type { AdminProduct } from "@shop/shared";
import { Ban } from "lucide-react";

/**
 * Why a product cannot be sold anywhere today (a country-wide rule such as the federal hemp limit,
 * docs/decisions/047), each reason with its rule's source; nothing when none applies.
 */
export function SaleBans({ bans }: { bans: AdminProduct["saleBans"] }) {
  if (bans.length === 0) return null;
  return (
    <section aria-labelledby="sale-bans-title" className="mb-6 rounded-xl bg-red-50 px-4 py-3 text-red-900 text-sm">
      <h2 id="sale-bans-title" className="flex items-center gap-2 font-semibold">
        <Ban aria-hidden="true" className="size-4 shrink-0" />
        This product cannot be sold anywhere today
      </h2>
      <ul className="mt-2 space-y-2">
        {bans.map((ban) => (
          <li key={ban.reason}>
            {ban.reason}{" "}
            <a href={ban.sourceUrl} target="_blank" rel="noreferrer" className="font-medium underline">
              Rule source
            </a>
          </li>
        ))}
      </ul>
      <p className="mt-2 text-red-800">
        The shop refuses it in every cart and order. Add a newer lab result (COA) or change the compliance rules to sell
        it again.
      </p>
    </section>
  );
}
