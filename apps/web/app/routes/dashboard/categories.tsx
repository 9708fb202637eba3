import type { MasterCategory } from "@shop/shared";
import { FolderPlus, Tags } from "lucide-react";
import { type ReactNode, useState } from "react";
import { EmptyState } from "../../components/empty-state.tsx";
import { AdminPageHeader } from "../../components/layout/admin-page-header.tsx";
import { JumpToForm, ListBesideForm } from "../../components/layout/list-beside-form.tsx";
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
          <JumpToForm to="#category-form" icon={FolderPlus}>
            New category
          </JumpToForm>
        }
      />
      <ListBesideForm
        title="Master categories"
        titleId="category-list-title"
        summary={data ? `${data.length} ${data.length === 1 ? "category" : "categories"}` : ""}
        form={<CategoryForm editing={editing} onDone={() => setEditing(null)} />}
        formWidth="24rem"
      >
        {list}
      </ListBesideForm>
    </>
  );
}

export { AdminRouteError as ErrorBoundary } from "../../components/layout/admin-route-error.tsx";
