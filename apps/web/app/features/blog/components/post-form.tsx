import { zodResolver } from "@hookform/resolvers/zod";
import { BLOG_EXCERPT_MAX, BLOG_SLUG_MAX, type BlogAdminPost, blogPostInputSchema } from "@shop/shared";
import { BLOG_SECTIONS, type BlogSection, IMAGE_UPLOAD, megabytes } from "@shop/shared/constants";
import { slugify } from "@shop/shared/rules";
import { ImagePlus } from "lucide-react";
import { useId, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { z } from "zod";
import { fieldProps, SelectField, TextAreaField, TextField } from "../../../components/form/field.tsx";
import { FileField, fileProblem, useFileChoice } from "../../../components/form/file-field.tsx";
import { FormActions } from "../../../components/form/form-actions.tsx";
import { FormSection, SectionTitle } from "../../../components/form/form-section.tsx";
import { useUnsavedChanges } from "../../../components/form/unsaved-changes.tsx";
import { proseClass } from "../../../components/prose.ts";
import { Button } from "../../../components/ui/button.tsx";
import { StatusMessage } from "../../../components/ui/status-message.tsx";
import { useObjectUrl } from "../../../hooks/use-object-url.ts";
import { ApiRequestError, errorMessage } from "../../../lib/api-error.ts";
import { problemInWords, showServerErrors } from "../../../lib/form-errors.ts";
import { IMAGE_ACCEPT } from "../../../lib/image-file.ts";
import { insertText } from "../../../lib/insert-text.ts";
import { uploadBlogImage, useBodyPreview, useCreatePost, useUpdatePost } from "../api/posts.ts";
import { sectionLabels } from "../section-labels.ts";

/** The form's fields: the API's, with the publish date as the date-and-time input has it (local time). */
const formSchema = blogPostInputSchema
  .omit({ coverImageKey: true, publishedAt: true })
  .extend({ publishedAt: z.string() });
type FormValues = z.input<typeof formSchema>;
type FormOutput = z.output<typeof formSchema>;

const fieldNames = ["title", "slug", "section", "excerpt", "body", "status", "publishedAt"] as const;
const labels = {
  title: "Title",
  slug: "Slug",
  section: "Section",
  excerpt: "Excerpt",
  body: "Body",
  status: "Status",
  publishedAt: "Publish date",
  coverImageKey: "Cover picture",
  image: "Cover picture",
};
const PICTURE_WORDS = "Describe the picture";

/** An ISO moment as a date-and-time input shows it: the viewer's local time, to the minute. */
function localInput(iso: string | null): string {
  if (!iso) return "";
  const date = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

function valuesOf(post: BlogAdminPost | undefined): FormValues {
  return {
    title: post?.title ?? "",
    slug: post?.slug ?? "",
    section: post?.section ?? "latest",
    excerpt: post?.excerpt ?? "",
    body: post?.body ?? "",
    status: post?.status ?? "draft",
    publishedAt: localInput(post?.publishedAt ?? null),
  };
}

interface Props {
  /** The post being edited; none for a new one. */
  post?: BlogAdminPost;
  onSaved: (post: BlogAdminPost) => void;
  cancelTo: string;
}

/**
 * Writes or edits a blog post: its words and address, its section, a cover picture, a Markdown
 * body with pictures and a live preview rendered by the server, and whether and when it shows.
 */
export function PostForm({ post, onSaved, cancelTo }: Props) {
  const createPost = useCreatePost();
  const updatePost = useUpdatePost();
  const cover = useFileChoice();
  const [coverRemoved, setCoverRemoved] = useState(false);
  const form = useForm<FormValues, unknown, FormOutput>({
    resolver: zodResolver(formSchema),
    defaultValues: valuesOf(post),
  });
  const { errors, isSubmitting } = form.formState;
  useUnsavedChanges(form, post ? `“${post.title}”` : "the new post", cover.file !== null || coverRemoved);
  const field = fieldProps(form, "post");

  // A new post's slug follows its title until staff type their own; a saved post keeps its address.
  const [slugTyped, setSlugTyped] = useState(Boolean(post));
  const titleField = form.register("title", {
    onChange: (event: { target: { value: string } }) => {
      if (!slugTyped) form.setValue("slug", slugify(event.target.value).slice(0, BLOG_SLUG_MAX).replace(/-+$/, ""));
    },
  });
  const slugField = form.register("slug", { onChange: () => setSlugTyped(true) });

  const body = form.watch("body");
  const title = form.watch("title");
  const excerpt = form.watch("excerpt");
  const section = form.watch("section") as BlogSection;
  const status = form.watch("status");
  const preview = useBodyPreview(body);
  const coverUrl = useObjectUrl(cover.file);
  const shownCover = coverUrl ?? (coverRemoved ? null : (post?.cover?.src ?? null));

  // Pictures in the body: stored at once, then written where the cursor is as ![words](address).
  const bodyRef = useRef<HTMLTextAreaElement | null>(null);
  const pictureInput = useRef<HTMLInputElement>(null);
  const [picture, setPicture] = useState<{ busy: boolean; error: string | null }>({ busy: false, error: null });
  const { ref: bodyFieldRef, ...bodyField } = field("body");
  const pictureHintId = useId();

  async function insertPicture(file: File | undefined) {
    if (!file) return;
    const problem = await fileProblem(file, "image");
    if (problem) {
      setPicture({ busy: false, error: problem });
      return;
    }
    setPicture({ busy: true, error: null });
    try {
      const stored = await uploadBlogImage(file);
      const element = bodyRef.current;
      const current = form.getValues("body");
      const start = element?.selectionStart ?? current.length;
      const end = element?.selectionEnd ?? current.length;
      const { value, cursor } = insertText(current, start, end, `![${PICTURE_WORDS}](${stored.url})`, true);
      form.setValue("body", value, { shouldDirty: true });
      setPicture({ busy: false, error: null });
      toast.success("Picture added to the post. Describe it in words where the text is selected.");
      requestAnimationFrame(() => {
        element?.focus();
        const wordsAt = value.lastIndexOf(`![${PICTURE_WORDS}]`, cursor) + 2;
        element?.setSelectionRange(wordsAt, wordsAt + PICTURE_WORDS.length);
      });
    } catch (error) {
      setPicture({
        busy: false,
        error: error instanceof ApiRequestError ? (error.fields.image ?? error.message) : errorMessage(error),
      });
    } finally {
      if (pictureInput.current) pictureInput.current.value = "";
    }
  }

  async function save(values: FormOutput) {
    let coverImageKey = coverRemoved ? null : (post?.cover?.key ?? null);
    try {
      if (cover.file) coverImageKey = (await uploadBlogImage(cover.file)).key;
      const input = {
        ...values,
        coverImageKey,
        publishedAt: values.publishedAt ? new Date(values.publishedAt).toISOString() : null,
      };
      const saved = post ? await updatePost.mutateAsync({ id: post.id, input }) : await createPost.mutateAsync(input);
      form.reset(valuesOf(saved));
      cover.setFile(null);
      setCoverRemoved(false);
      toast.success(post ? `Post “${saved.title}” saved` : `Post “${saved.title}” created`);
      onSaved(saved);
    } catch (error) {
      const problem = showServerErrors(form.setError, error, fieldNames, labels, {
        files: { image: cover.setError, coverImageKey: cover.setError },
        setFocus: form.setFocus,
      });
      toast.error(`${post ? "Failed to save post" : "Failed to create post"}: ${problemInWords(problem, labels)}`);
    }
  }

  return (
    <form noValidate onSubmit={form.handleSubmit(save)} className="grid gap-6">
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <FormSection id="post-details-title" title="Post" className="self-start">
          <TextField label="Title" autoComplete="off" {...field("title")} {...titleField} />
          <TextField
            label="Slug"
            hint={
              post
                ? "The post's address, /blog/… Changing it breaks links to the old one."
                : "The post's address, /blog/… Made from the title until you change it."
            }
            autoComplete="off"
            spellCheck={false}
            {...field("slug")}
            {...slugField}
          />
          <SelectField label="Section" {...field("section")}>
            {BLOG_SECTIONS.map((slug) => (
              <option key={slug} value={slug}>
                {sectionLabels[slug]}
              </option>
            ))}
          </SelectField>
          <TextAreaField
            label="Excerpt"
            hint={`One or two sentences for the post's card and search results (up to ${BLOG_EXCERPT_MAX} characters).`}
            rows={3}
            {...field("excerpt")}
          />
        </FormSection>

        <div className="grid content-start gap-6">
          <FormSection id="post-publishing-title" title="Publishing">
            <fieldset>
              <legend className="font-medium text-sm">Status</legend>
              <div className="mt-1.5 grid grid-cols-2 gap-2">
                {(["draft", "published"] as const).map((value) => (
                  <label
                    key={value}
                    className="flex cursor-pointer items-center gap-2 rounded-xl border border-line px-3.5 py-2.5 has-checked:border-brand-600 has-checked:bg-brand-50"
                  >
                    <input
                      type="radio"
                      value={value}
                      className="size-4 accent-brand-700"
                      {...form.register("status")}
                    />
                    <span className="font-medium text-sm">{value === "draft" ? "Draft" : "Published"}</span>
                  </label>
                ))}
              </div>
            </fieldset>
            <TextField
              label="Publish date"
              hint={
                status === "draft"
                  ? "A draft never shows on the shop, whatever its date."
                  : "Empty: now. A later date schedules the post: it shows from then on."
              }
              type="datetime-local"
              {...field("publishedAt")}
            />
          </FormSection>

          <FormSection id="post-cover-title" title="Cover picture">
            <p id="post-cover-hint" className="-mt-3 text-muted text-sm">
              JPEG, PNG or WebP up to {megabytes(IMAGE_UPLOAD.maxBytes)} MB; a wide picture (16:9) fits the cards best.
            </p>
            <FileField
              id="post-cover"
              kind="image"
              label={post?.cover ? "Replace the cover" : "Choose a cover"}
              {...cover.field}
              describedBy="post-cover-hint"
              preview={{ look: "wide", alt: "Preview of the chosen cover", empty: "No cover chosen" }}
              current={
                shownCover && !cover.file ? { src: shownCover, alt: `Cover of “${post?.title ?? title}”` } : null
              }
              removeLabel="Remove the cover"
              onRemoveCurrent={post?.cover ? () => setCoverRemoved(true) : undefined}
            />
          </FormSection>
        </div>
      </div>

      <div className="grid gap-6 lg:grid-cols-2">
        <section aria-labelledby="post-body-title" className="rounded-2xl border border-line bg-white p-5 sm:p-6">
          <SectionTitle id="post-body-title" title="Body" note="Markdown" />
          <div className="mt-4 flex flex-wrap items-center gap-3">
            <Button
              type="button"
              variant="secondary"
              onClick={() => pictureInput.current?.click()}
              disabled={picture.busy}
              aria-describedby={pictureHintId}
            >
              <ImagePlus aria-hidden="true" className="size-4" />
              {picture.busy ? "Adding picture..." : "Insert picture"}
            </Button>
            <span id={pictureHintId} className="text-muted text-xs">
              Goes where the cursor is.
            </span>
            <input
              ref={pictureInput}
              type="file"
              accept={IMAGE_ACCEPT}
              className="sr-only"
              tabIndex={-1}
              aria-hidden="true"
              onChange={(event) => void insertPicture(event.target.files?.[0])}
            />
          </div>
          {picture.error && (
            <p role="alert" className="mt-2 font-medium text-red-700 text-sm">
              {picture.error}
            </p>
          )}
          <div className="mt-4">
            <TextAreaField
              label="Post text"
              hint="## Heading, **bold**, *italic*, [link](https://…), - list, 1. list, > quote, | table | rows |. HTML shows as text."
              rows={20}
              spellCheck
              {...bodyField}
              ref={(element: HTMLTextAreaElement | null) => {
                bodyFieldRef(element);
                bodyRef.current = element;
              }}
            />
          </div>
        </section>

        <section
          aria-labelledby="post-preview-title"
          className="rounded-2xl border border-line bg-white p-5 sm:p-6 lg:sticky lg:top-4 lg:max-h-[calc(100vh-2rem)] lg:self-start lg:overflow-y-auto"
        >
          <SectionTitle
            id="post-preview-title"
            title="Preview"
            note={preview.isFetching || !preview.settled ? "Updating…" : "As the shop shows it"}
          />
          {preview.error && (
            <div className="mt-4">
              <StatusMessage
                status={{ kind: "error", text: `The preview could not load: ${errorMessage(preview.error)}` }}
              />
            </div>
          )}
          <article className="mt-5" aria-label="Post preview" data-testid="post-preview">
            <p className="inline-block rounded-full bg-brand-50 px-3 py-1 font-medium text-brand-700 text-sm">
              {sectionLabels[section]}
            </p>
            <p className="mt-3 text-balance font-bold text-2xl tracking-tight sm:text-3xl">
              {title || "Untitled post"}
            </p>
            {excerpt && <p className="mt-2 text-muted">{excerpt}</p>}
            {shownCover && (
              <img
                src={shownCover}
                alt=""
                className="mt-5 aspect-video w-full rounded-2xl border border-line object-cover"
              />
            )}
            {preview.data?.html ? (
              <div
                className={`mt-6 ${proseClass}`}
                // biome-ignore lint/security/noDangerouslySetInnerHtml: rendered by the server's one renderer with raw HTML off, links and pictures checked (decision 058)
                dangerouslySetInnerHTML={{ __html: preview.data.html }}
              />
            ) : (
              <p className="mt-6 text-muted">
                {body.trim() ? "Loading the preview…" : "The post's text shows here as you write."}
              </p>
            )}
          </article>
        </section>
      </div>

      <FormActions error={errors.root?.message} cancelTo={cancelTo} submitting={isSubmitting}>
        {post ? (isSubmitting ? "Saving..." : "Save post") : isSubmitting ? "Creating..." : "Create post"}
      </FormActions>
    </form>
  );
}
