import type { MasterCategory } from "@shop/shared";
import { FolderPlus, Tags } from "lucide-react";
import { type ReactNode, useState } from "react";
import { EmptyState } from "../../components/empty-state.tsx";
import { AdminPageHeader } from "../../components/layout/admin-page-header.tsx";
import { LoadError } from "../../components/ui/load-error.tsx";
import { useCategories } from "../../features/categories/api/get-categories.ts";
import { CategoryForm } from "../../features/categories/components/category-form.tsx";
import { CategoryList, CategoryListSkeleton } from "../../features/categories/components/category-list.tsx";
import { adminMeta } from "../../lib/admin-meta.ts";

export function meta() {
  return adminMeta("Categories");
}

export default function Categories() {
  const categories = useCategories();
  const [editing, setEditing] = useState<MasterCategory | null>(null);
  const data = categories.data;

  function edit(category: MasterCategory) {
    setEditing(category);
    // On narrow screens the form is below the list.
    requestAnimationFrame(() => {
      const form = document.getElementById("category-form");
      form?.scrollIntoView({ block: "start" });
      document.getElementById("category-name")?.focus({ preventScroll: true });
    });
  }

  let list: ReactNode;
  if (categories.isPending) list = <CategoryListSkeleton />;
  else if (categories.isError && !data)
    list = <LoadError what="the categories" error={categories.error} onRetry={() => categories.refetch()} />;
  else if (data && data.length > 0)
    list = <CategoryList categories={data} editingId={editing?.id ?? null} onEdit={edit} />;
  else
    list = (
      <EmptyState icon={Tags} title="No categories yet">
        Create the first one with the form; products are sorted into categories.
      </EmptyState>
    );

  return (
    <>
      <AdminPageHeader
        title="Categories"
        description="The master categories shown in the shop's header, menus and home page."
        actions={
          <a
            href="#category-form"
            className="inline-flex items-center gap-2 rounded-full bg-brand-700 px-5 py-2.5 font-semibold text-sm text-white hover:bg-brand-900 xl:hidden"
          >
            <FolderPlus aria-hidden="true" className="size-4" />
            New category
          </a>
        }
      />
      <div className="grid items-start gap-6 xl:grid-cols-[minmax(0,1fr)_24rem]">
        <section aria-labelledby="category-list-title">
          <div className="mb-3 flex items-baseline justify-between gap-3">
            <h2 id="category-list-title" className="font-semibold text-lg">
              Master categories
            </h2>
            <p aria-live="polite" className="text-muted text-sm">
              {data ? `${data.length} ${data.length === 1 ? "category" : "categories"}` : ""}
            </p>
          </div>
          {list}
        </section>
        <div className="xl:sticky xl:top-24">
          <CategoryForm editing={editing} onDone={() => setEditing(null)} />
        </div>
      </div>
    </>
  );
}

export { AdminRouteError as ErrorBoundary } from "../../components/layout/admin-route-error.tsx";
