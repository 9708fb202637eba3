import type { Banner } from "@shop/shared";
import { Link } from "react-router";
import { AdminTable, cell, hiddenBelow, RowImage } from "../../../components/admin-list/admin-table.tsx";
import { ActiveRowAction, DeleteRowAction, EditRowAction } from "../../../components/ui/row-action.tsx";
import { bannerPath } from "../../../lib/admin-paths.ts";

interface Props {
  banners: Banner[];
  /** The banner whose Activate or Deactivate is on its way. */
  busyId: string | null;
  onToggle: (banner: Banner) => void;
  onDelete: (banner: Banner) => void;
}

/** The spec's banner list: ID, Title, Description, Is Active (Yes/No) and Actions. */
export function BannersTable({ banners, busyId, onToggle, onDelete }: Props) {
  const { td } = cell;
  const wide = hiddenBelow.md;
  return (
    <AdminTable
      caption="Banners, in the order the home page shows them"
      columns={[
        { label: "ID", className: `${wide} w-28` },
        { label: "Title" },
        { label: "Description", className: wide },
        { label: "Is Active", className: "whitespace-nowrap" },
        { label: "Actions", className: "text-right" },
      ]}
    >
      {banners.map((banner) => {
        const busy = busyId === banner.id;
        return (
          <tr key={banner.id} className="hover:bg-brand-50/40">
            <td className={`${td} ${wide}`}>
              <span title={banner.id} className="block w-24 truncate font-mono text-muted text-xs">
                {banner.id}
              </span>
            </td>
            <td className={td}>
              <span className="flex items-center gap-3">
                <RowImage image={banner.image} width={80} height={30} className="hidden h-10 w-24 sm:block" />
                <span className="min-w-0">
                  <Link to={bannerPath(banner.id)} className="font-semibold hover:text-brand-700 hover:underline">
                    {banner.tittle}
                  </Link>
                  <span className="mt-0.5 block text-muted text-xs">Position {banner.position}</span>
                  {banner.description && (
                    <span className="mt-0.5 line-clamp-2 text-muted md:hidden">{banner.description}</span>
                  )}
                </span>
              </span>
            </td>
            <td className={`${td} ${wide} max-w-xs text-muted`}>
              <span className="line-clamp-2">{banner.description || "—"}</span>
            </td>
            <td className={td}>
              <span
                className={`inline-flex rounded-full px-2.5 py-0.5 font-semibold text-xs ${
                  banner.isActive ? "bg-brand-50 text-brand-900" : "bg-gray-100 text-gray-700"
                }`}
              >
                {banner.isActive ? "Yes" : "No"}
              </span>
            </td>
            <td className={td}>
              <span className="flex flex-wrap justify-end gap-2 xl:flex-nowrap">
                <ActiveRowAction
                  thing={banner.tittle}
                  active={banner.isActive}
                  onClick={() => onToggle(banner)}
                  busy={busy}
                />
                <EditRowAction thing={banner.tittle} to={bannerPath(banner.id)} />
                <DeleteRowAction thing={banner.tittle} onClick={() => onDelete(banner)} />
              </span>
            </td>
          </tr>
        );
      })}
    </AdminTable>
  );
}
