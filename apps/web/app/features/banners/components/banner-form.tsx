import { zodResolver } from "@hookform/resolvers/zod";
import { type Banner, type BannerFields, type BannerFieldsInput, bannerFieldsSchema } from "@shop/shared";
import {
  BANNER_DESCRIPTION_MAX,
  BANNER_POSITION_MAX,
  BANNER_TITLE_MAX,
  IMAGE_UPLOAD,
  megabytes,
} from "@shop/shared/constants";
import { useId } from "react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { fieldProps, TextAreaField, TextField } from "../../../components/form/field.tsx";
import { FileField, useFileChoice } from "../../../components/form/file-field.tsx";
import { FormActions } from "../../../components/form/form-actions.tsx";
import { FormSection } from "../../../components/form/form-section.tsx";
import { useUnsavedChanges } from "../../../components/form/unsaved-changes.tsx";
import { problemInWords, showServerErrors } from "../../../lib/form-errors.ts";
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
  const { file: image, setError: setImageError, inputRef: fileRef, field: imageField } = useFileChoice();
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
  useUnsavedChanges(form, banner ? "this banner" : "the new banner", image !== null);
  const field = fieldProps(form, "banner");

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

  return (
    <form
      noValidate
      onSubmit={form.handleSubmit(save, () => {
        if (!editing && !image) setImageError(chooseImage);
      })}
      className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_24rem]"
    >
      <FormSection id="banner-details-title" title="Details">
        <TextField
          label="Title"
          hint={`The headline over the picture, up to ${BANNER_TITLE_MAX} characters.`}
          autoComplete="off"
          {...field("tittle", "banner-title")}
        />
        <TextAreaField
          label="Description"
          hint={`A sentence under the headline (optional, up to ${BANNER_DESCRIPTION_MAX} characters).`}
          rows={3}
          {...field("description")}
        />
        <TextField
          label="Link"
          hint="Where “Shop now” leads: a shop page like /products?category=kratom, or https://… Empty: all products."
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          placeholder="/products"
          {...field("linkUrl", "banner-link")}
        />
        <div className="grid gap-5 sm:grid-cols-2 sm:items-end">
          <TextField
            label="Position"
            hint={editing ? "Lower numbers show first." : "Lower numbers show first. Empty: after the others."}
            type="number"
            inputMode="numeric"
            min={0}
            max={BANNER_POSITION_MAX}
            step={1}
            {...field("position")}
          />
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
      </FormSection>

      <section
        aria-labelledby="banner-image-title"
        className="self-start rounded-2xl border border-line bg-white p-5 sm:p-6"
      >
        <h2 id="banner-image-title" className="font-semibold text-lg">
          Image
        </h2>
        <p id={imageHintId} className="mt-1 text-muted text-sm">
          JPEG, PNG or WebP up to {megabytes(IMAGE_UPLOAD.maxBytes)} MB. A wide picture (about 1600×600) fills the home
          page best.
          {editing && " Choose a new one only to replace the current picture."}
        </p>
        <div className="mt-4">
          <FileField
            id="banner-image"
            kind="image"
            label={editing ? "Replace the picture" : "Choose a picture"}
            {...imageField}
            describedBy={imageHintId}
            preview={{ look: "wide", alt: "Preview of the chosen image", empty: "No image chosen" }}
            current={banner?.image ? { src: banner.image.src, alt: `Current image of “${banner.tittle}”` } : null}
            removeLabel={editing ? "Keep the current image" : "Remove image"}
          />
        </div>
      </section>

      <FormActions error={errors.root?.message} cancelTo={cancelTo} submitting={isSubmitting} className="lg:col-span-2">
        {editing ? (isSubmitting ? "Saving..." : "Save changes") : isSubmitting ? "Creating..." : "Create banner"}
      </FormActions>
    </form>
  );
}
