import { categoryFormSchema, type MasterCategory } from "@shop/shared";
import {
  CATEGORY_DESCRIPTION_MAX_LENGTH,
  CATEGORY_NAME_MAX_LENGTH,
  CATEGORY_NAME_REQUIRED,
  IMAGE_UPLOAD,
  megabytes,
} from "@shop/shared/constants";
import { CATEGORY_FALLBACK_SLUG, categorySlug, slugify } from "@shop/shared/rules";
import { useEffect, useId, useState } from "react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { Field, inputClass } from "../../../components/form/field.tsx";
import { FileField, useFileChoice } from "../../../components/form/file-field.tsx";
import { SubmitButton } from "../../../components/form/submit-button.tsx";
import { useUnsavedChanges } from "../../../components/form/unsaved-changes.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { ApiRequestError } from "../../../lib/api-error.ts";
import { schemaMessages } from "../../../lib/form-action.ts";
import { problemInWords, showServerErrors } from "../../../lib/form-errors.ts";
import { useCategories } from "../api/get-categories.ts";
import { useSaveCategory } from "../api/save-category.ts";

/** The API's own check of the form's two text fields. */
const categoryTextSchema = categoryFormSchema.pick({ Name: true, Description: true });

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
  const {
    file: image,
    setFile: setImage,
    setError: setImageError,
    inputRef: fileInput,
    field: imageField,
  } = useFileChoice();
  const [removed, setRemoved] = useState(false);
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
  useUnsavedChanges(form, editing ? `the category ${editing.name}` : "the new category", image !== null || removed);

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

  async function submit(values: Values) {
    // The shared schema the API checks with: a blank name is the spec's alert, anything else is
    // shown beside its field as the API's refusal would be.
    const checked = categoryTextSchema.safeParse({ Name: values.name, Description: values.description });
    if (!checked.success) {
      const messages = schemaMessages(checked.error);
      if (messages.Name === CATEGORY_NAME_REQUIRED) {
        window.alert(CATEGORY_NAME_REQUIRED);
        form.setFocus("name");
      } else {
        showRefusal(
          new ApiRequestError(400, "Please check the fields marked above.", {
            ...(messages.Name ? { name: messages.Name } : {}),
            ...(messages.Description ? { description: messages.Description } : {}),
          }),
        );
      }
      return;
    }
    const name = checked.data.Name;
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
      showRefusal(error);
    }
  }

  function showRefusal(error: unknown) {
    const problem = showServerErrors(form.setError, error, ["name", "description"], categoryFieldLabels, {
      files: { image: setImageError },
      setFocus: form.setFocus,
    });
    const message = problemInWords(problem, categoryFieldLabels);
    toast.error(editing ? `Failed to save category: ${message}` : `Failed to create category: ${message}`);
  }

  const current = editing && !removed && !editing.imageIsPlaceholder ? editing.image : null;
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
            JPEG, PNG or WebP, up to {megabytes(IMAGE_UPLOAD.maxBytes)} MB. Without one, the shop's placeholder is
            shown.
          </p>
          <div className="mt-2">
            <FileField
              id="category-image"
              kind="image"
              label={hasOwnImage ? "Change image" : "Choose image"}
              {...imageField}
              describedBy="category-image-hint"
              preview={{ look: "square", alt: "Preview", empty: "No image" }}
              current={current ? { src: current.src, alt: "Preview" } : null}
              removeLabel="Remove image"
              onRemoveCurrent={() => setRemoved(true)}
            />
          </div>
        </fieldset>
        <div className="flex flex-wrap gap-2">
          <SubmitButton busy={isSubmitting} busyLabel={editing ? "Saving..." : "Creating..."}>
            {editing ? "Save changes" : "Create category"}
          </SubmitButton>
          {editing && (
            <Button onClick={onDone} variant="secondary" size="lg">
              Cancel
            </Button>
          )}
        </div>
      </form>
    </section>
  );
}
