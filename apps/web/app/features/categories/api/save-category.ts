import type { MasterCategory } from "@shop/shared";
import { apiRequest } from "../../../lib/api.ts";
import { useRefreshingMutation } from "../../../lib/mutation.ts";
import { categoryKeys } from "../query-keys.ts";

export interface CategoryDraft {
  /** The category being edited; none creates one. */
  id?: string | undefined;
  name: string;
  /** Shown in the form; the server derives its own from the name. */
  slug: string;
  description: string;
  /** A newly chosen picture. */
  image: File | null;
  /** Editing: drop the current picture (the shop's placeholder shows again). */
  removeImage: boolean;
}

/** The spec's multipart form: Name, Slug, Description, Image (and RemoveImage when editing). */
export function saveCategory(draft: CategoryDraft): Promise<MasterCategory> {
  const form = new FormData();
  form.append("Name", draft.name.trim());
  form.append("Slug", draft.slug);
  form.append("Description", draft.description.trim());
  if (draft.image) form.append("Image", draft.image);
  else if (draft.id && draft.removeImage) form.append("RemoveImage", "true");
  return draft.id
    ? apiRequest<MasterCategory>(`/api/MasterCategory/${draft.id}`, { method: "PUT", body: form })
    : apiRequest<MasterCategory>("/api/MasterCategory", { method: "POST", body: form });
}

export const useSaveCategory = () => useRefreshingMutation(saveCategory, categoryKeys.all);
