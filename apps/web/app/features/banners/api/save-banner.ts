import type { Banner } from "@shop/shared";
import { apiRequest } from "../../../lib/api.ts";
import { useRefreshingMutation, useSaveMutation } from "../../../lib/mutation.ts";
import { bannerKeys } from "../query-keys.ts";

/** What the banner form sends; `image` is only sent when one was chosen (on edit, none keeps the picture). */
export interface BannerDraft {
  tittle: string;
  description: string;
  linkUrl: string;
  isActive: boolean;
  /** Empty: last (new banner) or unchanged (edit). */
  position: string;
  image: File | null;
}

/** The multipart form of POST and PUT /api/banner, with the banner JSON's field names. */
export function bannerFormData(draft: BannerDraft): FormData {
  const form = new FormData();
  form.set("tittle", draft.tittle);
  form.set("description", draft.description);
  form.set("linkUrl", draft.linkUrl);
  form.set("isActive", draft.isActive ? "true" : "false");
  form.set("position", draft.position);
  if (draft.image) form.set("image", draft.image);
  return form;
}

/** The banner as it is, with one change: what the list's Activate and Deactivate buttons send. */
export function draftOf(banner: Banner, changes: Partial<BannerDraft> = {}): BannerDraft {
  return {
    tittle: banner.tittle,
    description: banner.description,
    linkUrl: banner.linkUrl ?? "",
    isActive: banner.isActive,
    position: String(banner.position),
    image: null,
    ...changes,
  };
}

export function createBanner(draft: BannerDraft): Promise<Banner> {
  return apiRequest<Banner>("/api/banner", { method: "POST", body: bannerFormData(draft) });
}

export function updateBanner({ id, draft }: { id: string; draft: BannerDraft }): Promise<Banner> {
  return apiRequest<Banner>(`/api/banner/${encodeURIComponent(id)}`, { method: "PUT", body: bannerFormData(draft) });
}

export const useCreateBanner = () => useRefreshingMutation(createBanner, bannerKeys.all);

export const useUpdateBanner = () =>
  useSaveMutation(updateBanner, { key: (banner) => bannerKeys.detail(banner.id), lists: bannerKeys.list });
