import type { Banner } from "@shop/shared";
import { Eye, EyeOff, Pencil, Trash } from "lucide-react";
import { Link } from "react-router";
import { RowAction } from "../../../components/ui/row-action.tsx";

const th = "px-4 py-3 text-left font-semibold text-muted text-xs uppercase tracking-wider";
const td = "px-4 py-3.5 align-middle";
/** Columns a phone has no room for; the description moves under the title there. */
const wide = "hidden md:table-cell";

interface Props {
  banners: Banner[];
  /** The banner whose Activate or Deactivate is on its way. */
  busyId: string | null;
  onToggle: (banner: Banner) => void;
  onDelete: (banner: Banner) => void;
}

/** The spec's banner list: ID, Title, Description, Is Active (Yes/No) and Actions. */
export function BannersTable({ banners, busyId, onToggle, onDelete }: Props) {
  return (
    <div className="overflow-hidden rounded-2xl border border-line bg-white">
      <table className="w-full text-sm">
        <caption className="sr-only">Banners, in the order the home page shows them</caption>
        <thead className="border-line border-b bg-gray-50/80">
          <tr>
            <th scope="col" className={`${th} ${wide} w-28`}>
              ID
            </th>
            <th scope="col" className={th}>
              Title
            </th>
            <th scope="col" className={`${th} ${wide}`}>
              Description
            </th>
            <th scope="col" className={`${th} whitespace-nowrap`}>
              Is Active
            </th>
            <th scope="col" className={`${th} text-right`}>
              Actions
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-line">
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
                    {banner.image ? (
                      <img
                        src={banner.image.srcSet.split(" ")[0] ?? banner.image.src}
                        alt=""
                        width={80}
                        height={30}
                        loading="lazy"
                        className="hidden h-10 w-24 shrink-0 rounded-lg object-cover sm:block"
                      />
                    ) : (
                      <span aria-hidden="true" className="hidden h-10 w-24 shrink-0 rounded-lg bg-gray-100 sm:block" />
                    )}
                    <span className="min-w-0">
                      <Link
                        to={`/dashboard/banner-list/${encodeURIComponent(banner.id)}`}
                        className="font-semibold hover:text-brand-700 hover:underline"
                      >
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
                    <RowAction
                      icon={banner.isActive ? EyeOff : Eye}
                      label={banner.isActive ? "Deactivate" : "Activate"}
                      name={`${banner.isActive ? "Deactivate" : "Activate"} “${banner.tittle}”`}
                      onClick={() => onToggle(banner)}
                      busy={busy}
                    />
                    <RowAction
                      icon={Pencil}
                      label="Edit"
                      name={`Edit “${banner.tittle}”`}
                      to={`/dashboard/banner-list/${encodeURIComponent(banner.id)}`}
                    />
                    <RowAction
                      icon={Trash}
                      label="Delete"
                      name={`Delete “${banner.tittle}”`}
                      onClick={() => onDelete(banner)}
                      destructive
                    />
                  </span>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

export function BannersTableSkeleton() {
  return (
    <div aria-hidden="true" className="overflow-hidden rounded-2xl border border-line bg-white">
      <div className="h-11 border-line border-b bg-gray-50/80" />
      {Array.from({ length: 3 }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have no identity
        <div key={index} className="flex items-center gap-4 border-line border-b px-4 py-4 last:border-b-0">
          <span className="hidden h-3 w-20 animate-pulse rounded bg-gray-200 md:block" />
          <span className="h-10 w-24 animate-pulse rounded-lg bg-gray-200" />
          <span className="h-3.5 w-40 animate-pulse rounded bg-gray-200" />
          <span className="ml-auto h-8 w-28 animate-pulse rounded-full bg-gray-200" />
        </div>
      ))}
    </div>
  );
}
