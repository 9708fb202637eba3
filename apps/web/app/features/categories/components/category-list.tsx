import type { MasterCategory } from "@shop/shared";
import { Pencil, Trash2 } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog.tsx";
import { StatusMessage } from "../../../components/ui/status-message.tsx";
import { errorMessage } from "../../../lib/api-error.ts";
import { countOf } from "../../../lib/format.ts";
import { useDeleteCategory } from "../api/delete-category.ts";

interface Props {
  categories: MasterCategory[];
  /** The category in the form, marked in the list. */
  editingId: string | null;
  onEdit: (category: MasterCategory) => void;
}

const button =
  "inline-flex h-9 items-center justify-center gap-1.5 rounded-full border px-3.5 font-medium text-sm aria-disabled:cursor-wait aria-disabled:opacity-60";

/** The categories in menu order: picture, name, slug, active products; edit, and delete after confirmation. */
export function CategoryList({ categories, editingId, onEdit }: Props) {
  const remove = useDeleteCategory();
  const [confirming, setConfirming] = useState<MasterCategory | null>(null);
  /** The server's refusal (e.g. the category still has products), shown in the dialog. */
  const [refusal, setRefusal] = useState<string | null>(null);

  function close() {
    setConfirming(null);
    setRefusal(null);
  }

  function confirmDelete(category: MasterCategory) {
    setRefusal(null);
    remove.mutate(category.id, {
      onSuccess: () => {
        toast.success(`Category ${category.name} deleted`);
        close();
      },
      onError: (error) => setRefusal(errorMessage(error, "The category could not be deleted.")),
    });
  }

  return (
    <>
      <ul aria-label="Categories" className="divide-y divide-line rounded-2xl border border-line bg-white">
        {categories.map((category) => (
          <li
            key={category.id}
            className={`flex flex-wrap items-center gap-x-4 gap-y-3 p-4 sm:px-5 ${
              category.id === editingId ? "bg-brand-50" : ""
            }`}
          >
            <div className="size-14 shrink-0 overflow-hidden rounded-xl border border-line bg-gray-50">
              {category.image && (
                <img
                  src={category.image.src}
                  srcSet={category.image.srcSet}
                  sizes="56px"
                  width={category.image.width}
                  height={category.image.height}
                  alt=""
                  loading="lazy"
                  className="size-full object-cover"
                />
              )}
            </div>
            <div className="min-w-0 flex-1 basis-40">
              <p className="break-words font-semibold">{category.name}</p>
              <p className="break-all font-mono text-muted text-xs">{category.slug}</p>
              <p className="mt-1 text-muted text-sm">{countOf(category.productCount, "product", "products")}</p>
            </div>
            <div className="flex gap-2 pl-[4.5rem] sm:pl-0">
              <button
                type="button"
                onClick={() => onEdit(category)}
                aria-label={`Edit ${category.name}`}
                className={`${button} border-line bg-white hover:border-ink`}
              >
                <Pencil aria-hidden="true" className="size-4" />
                Edit
              </button>
              <button
                type="button"
                onClick={() => setConfirming(category)}
                aria-label={`Delete ${category.name}`}
                className={`${button} border-red-300 bg-white text-red-800 hover:border-red-700 hover:bg-red-50`}
              >
                <Trash2 aria-hidden="true" className="size-4" />
                Delete
              </button>
            </div>
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={confirming !== null}
        title={`Delete ${confirming?.name ?? "this category"}?`}
        confirmLabel="Delete category"
        busyLabel="Deleting..."
        busy={remove.isPending}
        destructive
        onConfirm={() => confirming && confirmDelete(confirming)}
        onCancel={close}
      >
        <p>
          Are you sure you want to delete this category? It disappears from the shop's menus. A category that still has
          products cannot be deleted.
        </p>
        {refusal && <StatusMessage status={{ kind: "error", text: refusal }} className="mt-3" />}
      </ConfirmDialog>
    </>
  );
}

export function CategoryListSkeleton() {
  return (
    <ul aria-hidden="true" className="divide-y divide-line rounded-2xl border border-line bg-white">
      {Array.from({ length: 7 }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have no identity
        <li key={index} className="flex items-center gap-4 p-4 sm:px-5">
          <span className="block size-14 animate-pulse rounded-xl bg-gray-200" />
          <span className="flex-1 space-y-2">
            <span className="block h-3.5 w-40 animate-pulse rounded bg-gray-200" />
            <span className="block h-3 w-24 animate-pulse rounded bg-gray-200" />
          </span>
        </li>
      ))}
    </ul>
  );
}
