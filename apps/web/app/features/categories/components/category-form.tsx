import {
  CATEGORY_DESCRIPTION_MAX_LENGTH,
  CATEGORY_FALLBACK_SLUG,
  CATEGORY_NAME_MAX_LENGTH,
  CATEGORY_NAME_REQUIRED,
  categorySlug,
  type MasterCategory,
  slugify,
} from "@shop/shared";
import { Trash2 } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { Field, inputClass } from "../../../components/form/field.tsx";
import { FileDrop } from "../../../components/form/file-drop.tsx";
import { useObjectUrl } from "../../../hooks/use-object-url.ts";
import { problemInWords, showServerErrors } from "../../../lib/form-errors.ts";
import { IMAGE_ACCEPT, imageFileProblem } from "../../../lib/image-file.ts";
import { useCategories } from "../api/get-categories.ts";
import { useSaveCategory } from "../api/save-category.ts";

/** The labels the form shows, by the API's field names. */
const categoryFieldLabels = { name: "Name", description: "Description", image: "Image" };

interface Values {
  name: string;
  description: string;
}

interface Props {
  /** The category being edited; null: the form creates a new one. */
  editing: MasterCategory | null;
  /** Editing ended (saved or cancelled). */
  onDone: () => void;
}

/**
 * The spec's Create Master Category form: name, read-only slug derived as you type, description,
 * choose and remove image, preview. The same form edits a category chosen in the list.
 */
export function CategoryForm({ editing, onDone }: Props) {
  const save = useSaveCategory();
  const form = useForm<Values>({ defaultValues: { name: "", description: "" } });
  const fileInput = useRef<HTMLInputElement>(null);
  const [image, setImage] = useState<File | null>(null);
  const [removed, setRemoved] = useState(false);
  const [imageError, setImageError] = useState<string | null>(null);
  const preview = useObjectUrl(image);
  const titleId = useId();
  const name = form.watch("name");
  // The slug the server will save: the shared rule, against the slugs the other categories hold.
  const otherSlugs = (useCategories().data ?? [])
    .filter((other) => other.id !== editing?.id)
    .map((other) => other.slug);
  const slug = name.trim() === "" ? "" : categorySlug(name, otherSlugs, editing?.slug);
  const base = slugify(name) || CATEGORY_FALLBACK_SLUG;
  const slugHint =
    slug !== "" && slug !== base && slug !== editing?.slug
      ? `“${base}” belongs to another category, so this one gets “${slug}”.`
      : "Made from the name; it is the category's web address.";
  const { isSubmitting } = form.formState;

  function clearImage() {
    setImage(null);
    setRemoved(false);
    setImageError(null);
    if (fileInput.current) fileInput.current.value = "";
  }

  // Choosing another category to edit (or leaving edit mode) refills the form.
  const editingId = editing?.id;
  // biome-ignore lint/correctness/useExhaustiveDependencies: refill only when another category is chosen
  useEffect(() => {
    form.reset({ name: editing?.name ?? "", description: editing?.description ?? "" });
    clearImage();
  }, [editingId]);

  async function choose(file: File | undefined) {
    if (!file) return;
    const problem = await imageFileProblem(file);
    setImageError(problem);
    if (problem) {
      if (fileInput.current) fileInput.current.value = "";
      return;
    }
    setImage(file);
  }

  function removeImage() {
    if (image) setImage(null);
    else setRemoved(true);
    setImageError(null);
    if (fileInput.current) fileInput.current.value = "";
  }

  async function submit(values: Values) {
    const name = values.name.trim();
    if (name === "") {
      window.alert(CATEGORY_NAME_REQUIRED);
      form.setFocus("name");
      return;
    }
    try {
      const saved = await save.mutateAsync({
        id: editing?.id,
        name,
        slug: slugify(name),
        description: values.description,
        image,
        removeImage: removed,
      });
      if (editing) {
        toast.success(`Category ${saved.name} saved`);
        onDone();
      } else {
        toast.success(`Category ${saved.name} created successfully`);
        form.reset({ name: "", description: "" });
        clearImage();
      }
    } catch (error) {
      const problem = showServerErrors(form.setError, error, ["name", "description"], categoryFieldLabels, {
        files: { image: setImageError },
      });
      const message = problemInWords(problem, categoryFieldLabels);
      toast.error(editing ? `Failed to save category: ${message}` : `Failed to create category: ${message}`);
    }
  }

  const current = editing && !removed && !editing.imageIsPlaceholder ? editing.image : null;
  const shown = preview ?? current?.src ?? null;
  const hasOwnImage = image !== null || current !== null;

  return (
    <section
      id="category-form"
      aria-labelledby={titleId}
      className="scroll-mt-24 rounded-2xl border border-line bg-white p-5 sm:p-6"
    >
      <h2 id={titleId} className="font-semibold text-lg">
        {editing ? `Edit ${editing.name}` : "Create Master Category"}
      </h2>
      <p className="mt-1 text-muted text-sm">
        {editing
          ? "Changes show in the shop's menus at once."
          : "New categories appear last in the shop's menus and on the home page."}
      </p>
      <form noValidate onSubmit={form.handleSubmit(submit)} className="mt-5 grid gap-4">
        <Field id="category-name" label="Name" error={form.formState.errors.name?.message}>
          {(describedBy) => (
            <input
              id="category-name"
              autoComplete="off"
              maxLength={CATEGORY_NAME_MAX_LENGTH}
              aria-describedby={describedBy}
              className={inputClass}
              {...form.register("name")}
            />
          )}
        </Field>
        <Field id="category-slug" label="Slug" hint={slugHint}>
          {(describedBy) => (
            <input
              id="category-slug"
              readOnly
              value={slug}
              aria-describedby={describedBy}
              className={`${inputClass} bg-gray-50 font-mono text-muted text-sm`}
            />
          )}
        </Field>
        <Field id="category-description" label="Description" error={form.formState.errors.description?.message}>
          {(describedBy) => (
            <textarea
              id="category-description"
              rows={4}
              maxLength={CATEGORY_DESCRIPTION_MAX_LENGTH}
              aria-describedby={describedBy}
              className={inputClass}
              {...form.register("description")}
            />
          )}
        </Field>
        <fieldset>
          <legend className="font-medium text-sm">Image</legend>
          <p id="category-image-hint" className="mt-0.5 text-muted text-xs">
            JPEG, PNG or WebP, up to 10 MB. Without one, the shop's placeholder is shown.
          </p>
          <div className="mt-2 flex items-center gap-4">
            <div className="flex size-24 shrink-0 items-center justify-center overflow-hidden rounded-xl border border-line bg-gray-50">
              {shown ? (
                <img src={shown} alt="Preview" className="size-full object-cover" />
              ) : (
                <span className="px-2 text-center text-muted text-xs">No image</span>
              )}
            </div>
            <div className="flex min-w-0 flex-1 flex-col items-start gap-2">
              <div className="w-full">
                <FileDrop
                  id="category-image"
                  label={hasOwnImage ? "Change image" : "Choose image"}
                  accept={IMAGE_ACCEPT}
                  invalid={Boolean(imageError)}
                  describedBy="category-image-hint"
                  inputRef={fileInput}
                  onFiles={(files) => choose(files?.[0])}
                />
              </div>
              {hasOwnImage && (
                <button
                  type="button"
                  onClick={removeImage}
                  className="inline-flex h-9 items-center gap-1.5 rounded-full border border-red-300 bg-white px-3.5 font-medium text-red-800 text-sm hover:border-red-700 hover:bg-red-50"
                >
                  <Trash2 aria-hidden="true" className="size-4" />
                  Remove image
                </button>
              )}
            </div>
          </div>
          {image && <p className="mt-2 break-all text-muted text-xs">{image.name}</p>}
          {imageError && (
            <p role="alert" className="mt-2 font-medium text-red-700 text-sm">
              {imageError}
            </p>
          )}
        </fieldset>
        <div className="flex flex-wrap gap-2">
          <button
            type="submit"
            disabled={isSubmitting}
            className="rounded-full bg-brand-700 px-6 py-3 font-semibold text-white hover:bg-brand-900 disabled:cursor-wait disabled:opacity-70"
          >
            {editing ? (isSubmitting ? "Saving..." : "Save changes") : isSubmitting ? "Creating..." : "Create category"}
          </button>
          {editing && (
            <button
              type="button"
              onClick={onDone}
              className="rounded-full border border-line bg-white px-6 py-3 font-medium hover:border-ink"
            >
              Cancel
            </button>
          )}
        </div>
      </form>
    </section>
  );
}
