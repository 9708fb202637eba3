import { zodResolver } from "@hookform/resolvers/zod";
import {
  BANNER_DESCRIPTION_MAX,
  BANNER_POSITION_MAX,
  BANNER_TITLE_MAX,
  type Banner,
  type BannerFields,
  type BannerFieldsInput,
  bannerFieldsSchema,
} from "@shop/shared";
import { ImagePlus, X } from "lucide-react";
import { useId, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { Field, inputClass } from "../../../components/form/field.tsx";
import { FileDrop } from "../../../components/form/file-drop.tsx";
import { FormActions } from "../../../components/form/form-actions.tsx";
import { useObjectUrl } from "../../../hooks/use-object-url.ts";
import { problemInWords, showServerErrors } from "../../../lib/form-errors.ts";
import { IMAGE_ACCEPT, imageFileProblem } from "../../../lib/image-file.ts";
import { type BannerDraft, useCreateBanner, useUpdateBanner } from "../api/save-banner.ts";

const chooseImage = "Please choose an image (JPEG, PNG or WebP).";
const fieldNames = ["tittle", "description", "linkUrl", "isActive", "position"] as const;
/** The labels the form shows, by the API's field names. */
const bannerFieldLabels = {
  tittle: "Title",
  description: "Description",
  linkUrl: "Link",
  position: "Position",
  image: "Image",
};

interface Props {
  /** The banner being edited; none for a new one. */
  banner?: Banner;
  onSaved: (banner: Banner) => void;
  cancelTo: string;
}

/** Creates or edits a banner: its words, its picture (with a preview), where it leads, and whether it shows. */
export function BannerForm({ banner, onSaved, cancelTo }: Props) {
  const editing = Boolean(banner);
  const createBanner = useCreateBanner();
  const updateBanner = useUpdateBanner();
  const [image, setImage] = useState<File | null>(null);
  const [imageError, setImageError] = useState<string | null>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const preview = useObjectUrl(image);
  const imageHintId = useId();
  const form = useForm<BannerFieldsInput, unknown, BannerFields>({
    resolver: zodResolver(bannerFieldsSchema),
    defaultValues: {
      tittle: banner?.tittle ?? "",
      description: banner?.description ?? "",
      linkUrl: banner?.linkUrl ?? "",
      isActive: banner?.isActive ?? true,
      position: banner ? String(banner.position) : "",
    },
  });
  const { errors, isSubmitting } = form.formState;

  async function choose(file: File | undefined) {
    if (!file) return;
    const problem = await imageFileProblem(file);
    setImageError(problem);
    if (problem) {
      if (fileRef.current) fileRef.current.value = "";
      return;
    }
    setImage(file);
  }

  function clearImage() {
    setImage(null);
    if (fileRef.current) fileRef.current.value = "";
    fileRef.current?.focus();
  }

  async function save(values: BannerFields) {
    if (!editing && !image) {
      setImageError(chooseImage);
      fileRef.current?.focus();
      return;
    }
    const draft: BannerDraft = {
      tittle: values.tittle,
      description: values.description,
      linkUrl: values.linkUrl ?? "",
      isActive: values.isActive,
      position: values.position === null ? "" : String(values.position),
      image,
    };
    try {
      const saved = banner
        ? await updateBanner.mutateAsync({ id: banner.id, draft })
        : await createBanner.mutateAsync(draft);
      toast.success(editing ? `Banner “${saved.tittle}” saved` : `Banner “${saved.tittle}” created`);
      onSaved(saved);
    } catch (error) {
      const problem = showServerErrors(form.setError, error, fieldNames, bannerFieldLabels, {
        files: { image: setImageError },
        setFocus: form.setFocus,
      });
      toast.error(
        `${editing ? "Failed to save banner" : "Failed to create banner"}: ${problemInWords(problem, bannerFieldLabels)}`,
      );
    }
  }

  const shown = preview ?? banner?.image?.src ?? null;
  return (
    <form
      noValidate
      onSubmit={form.handleSubmit(save, () => {
        if (!editing && !image) setImageError(chooseImage);
      })}
      className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_24rem]"
    >
      <section aria-labelledby="banner-details-title" className="rounded-2xl border border-line bg-white p-5 sm:p-6">
        <h2 id="banner-details-title" className="font-semibold text-lg">
          Details
        </h2>
        <div className="mt-5 grid gap-5">
          <Field
            id="banner-title"
            label="Title"
            hint={`The headline over the picture, up to ${BANNER_TITLE_MAX} characters.`}
            error={errors.tittle?.message}
          >
            {(describedBy) => (
              <input
                id="banner-title"
                autoComplete="off"
                aria-invalid={errors.tittle ? true : undefined}
                aria-describedby={describedBy}
                className={inputClass}
                {...form.register("tittle")}
              />
            )}
          </Field>
          <Field
            id="banner-description"
            label="Description"
            hint={`A sentence under the headline (optional, up to ${BANNER_DESCRIPTION_MAX} characters).`}
            error={errors.description?.message}
          >
            {(describedBy) => (
              <textarea
                id="banner-description"
                rows={3}
                aria-invalid={errors.description ? true : undefined}
                aria-describedby={describedBy}
                className={inputClass}
                {...form.register("description")}
              />
            )}
          </Field>
          <Field
            id="banner-link"
            label="Link"
            hint="Where “Shop now” leads: a shop page like /products?category=kratom, or https://… Empty: all products."
            error={errors.linkUrl?.message}
          >
            {(describedBy) => (
              <input
                id="banner-link"
                inputMode="url"
                autoComplete="off"
                spellCheck={false}
                placeholder="/products"
                aria-invalid={errors.linkUrl ? true : undefined}
                aria-describedby={describedBy}
                className={inputClass}
                {...form.register("linkUrl")}
              />
            )}
          </Field>
          <div className="grid gap-5 sm:grid-cols-2 sm:items-end">
            <Field
              id="banner-position"
              label="Position"
              hint={editing ? "Lower numbers show first." : "Lower numbers show first. Empty: after the others."}
              error={errors.position?.message}
            >
              {(describedBy) => (
                <input
                  id="banner-position"
                  type="number"
                  inputMode="numeric"
                  min={0}
                  max={BANNER_POSITION_MAX}
                  step={1}
                  aria-invalid={errors.position ? true : undefined}
                  aria-describedby={describedBy}
                  className={inputClass}
                  {...form.register("position")}
                />
              )}
            </Field>
            <div className="flex">
              <label className="flex w-full cursor-pointer items-start gap-3 rounded-xl border border-line px-3.5 py-2.5 has-checked:border-brand-600 has-checked:bg-brand-50">
                <input
                  type="checkbox"
                  className="mt-0.5 size-5 shrink-0 accent-brand-700"
                  aria-describedby="banner-active-hint"
                  {...form.register("isActive")}
                />
                <span>
                  <span className="block font-medium text-sm">Active</span>
                  <span id="banner-active-hint" className="block text-muted text-xs">
                    Shown on the home page.
                  </span>
                </span>
              </label>
            </div>
          </div>
        </div>
      </section>

      <section
        aria-labelledby="banner-image-title"
        className="self-start rounded-2xl border border-line bg-white p-5 sm:p-6"
      >
        <h2 id="banner-image-title" className="font-semibold text-lg">
          Image
        </h2>
        <p id={imageHintId} className="mt-1 text-muted text-sm">
          JPEG, PNG or WebP up to 10 MB. A wide picture (about 1600×600) fills the home page best.
          {editing && " Choose a new one only to replace the current picture."}
        </p>
        <div className="mt-4 overflow-hidden rounded-xl border border-line bg-gray-50">
          {shown ? (
            <img
              src={shown}
              alt={preview ? "Preview of the chosen image" : `Current image of “${banner?.tittle ?? ""}”`}
              className="aspect-[8/3] w-full object-cover"
            />
          ) : (
            <div className="flex aspect-[8/3] flex-col items-center justify-center gap-2 text-muted text-sm">
              <ImagePlus aria-hidden="true" className="size-8" />
              No image chosen
            </div>
          )}
        </div>
        <div className="mt-4">
          <FileDrop
            id="banner-image"
            label={editing ? "Replace the picture" : "Choose a picture"}
            accept={IMAGE_ACCEPT}
            invalid={Boolean(imageError)}
            describedBy={[imageHintId, imageError ? "banner-image-error" : ""].filter(Boolean).join(" ")}
            inputRef={fileRef}
            onFiles={(files) => choose(files?.[0])}
          />
          {imageError && (
            <p id="banner-image-error" className="mt-1.5 font-medium text-red-700 text-sm">
              {imageError}
            </p>
          )}
          {image && (
            <button
              type="button"
              onClick={clearImage}
              className="mt-3 inline-flex items-center gap-1.5 rounded-full border border-line px-3.5 py-1.5 font-medium text-sm hover:border-ink"
            >
              <X aria-hidden="true" className="size-4" />
              {editing ? "Keep the current image" : "Remove image"}
            </button>
          )}
        </div>
      </section>

      <FormActions error={errors.root?.message} cancelTo={cancelTo} submitting={isSubmitting} className="lg:col-span-2">
        {editing ? (isSubmitting ? "Saving..." : "Save changes") : isSubmitting ? "Creating..." : "Create banner"}
      </FormActions>
    </form>
  );
}
