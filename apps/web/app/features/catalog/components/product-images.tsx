import { IMAGE_UPLOAD, megabytes, PRODUCT_GALLERY_MAX } from "@shop/shared/constants";
import { ArrowDown, ArrowUp, X } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { FileDrop } from "../../../components/form/file-drop.tsx";
import { FileField } from "../../../components/form/file-field.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { IMAGE_ACCEPT, imageFileProblem } from "../../../lib/image-file.ts";

/** A picture in the form: one the product has (by its key) or a file chosen now. */
export type PictureItem =
  | { kind: "saved"; id: string; key: string; src: string; alt: string }
  | { kind: "new"; id: string; file: File };

export interface PicturesState {
  /** A new main image; on edit it goes before the saved pictures. */
  main: PictureItem | null;
  /** Saved pictures (edit) then new gallery pictures, in the order they will show. */
  gallery: PictureItem[];
}

let counter = 0;
export const newPicture = (file: File): PictureItem => ({ kind: "new", id: `new-${++counter}`, file });

/** Preview addresses for chosen files, each released when its file leaves the form. */
function usePreviews(items: PictureItem[]): Map<string, string> {
  const [urls, setUrls] = useState(() => new Map<string, string>());
  const made = useRef(new Map<string, string>());
  const ids = items.map((item) => item.id).join(",");
  // biome-ignore lint/correctness/useExhaustiveDependencies: the ids stand for the items
  useEffect(() => {
    const wanted = new Set<string>();
    for (const item of items) {
      if (item.kind !== "new") continue;
      wanted.add(item.id);
      if (!made.current.has(item.id)) made.current.set(item.id, URL.createObjectURL(item.file));
    }
    for (const [id, url] of made.current) {
      if (!wanted.has(id)) {
        URL.revokeObjectURL(url);
        made.current.delete(id);
      }
    }
    setUrls(new Map(made.current));
  }, [ids]);
  useEffect(
    () => () => {
      for (const url of made.current.values()) URL.revokeObjectURL(url);
      made.current.clear();
    },
    [],
  );
  return urls;
}

/** Up and down are disabled where a picture cannot move: that is not a wait. */
const directions = {
  [-1]: { word: "up", Icon: ArrowUp },
  1: { word: "down", Icon: ArrowDown },
} as const;

/** Moves a gallery picture one place up or down; disabled where it cannot go (the focus follows a move by its id). */
function MoveButton({
  id,
  by,
  position,
  disabled,
  onClick,
}: {
  id: string;
  by: -1 | 1;
  position: number;
  disabled: boolean;
  onClick: () => void;
}) {
  const { word, Icon } = directions[by];
  return (
    <Button
      id={`${id}-${word}`}
      onClick={onClick}
      disabled={disabled}
      aria-label={`Move gallery image ${position} ${word}`}
      variant="secondary"
      size="icon"
      className="disabled:cursor-not-allowed disabled:opacity-40"
    >
      <Icon aria-hidden="true" className="size-4" />
    </Button>
  );
}

interface Props {
  value: PicturesState;
  onChange: (next: PicturesState) => void;
  editing: boolean;
  /** The server's word on the pictures, if any. */
  serverError?: string | undefined;
}

/** One main image and many gallery images, with previews, remove, and move up / down. */
export function ProductImages({ value, onChange, editing, serverError }: Props) {
  /** What is wrong with the chosen gallery files (the main image's own shows beside its picker). */
  const [error, setError] = useState<string | null>(null);
  const [mainError, setMainError] = useState<string | null>(null);
  const mainRef = useRef<HTMLInputElement>(null);
  const galleryRef = useRef<HTMLInputElement>(null);
  const urls = usePreviews(value.gallery);
  // On edit without a new main image, the first saved picture is the main one.
  const savedMain = !value.main && editing && value.gallery[0]?.kind === "saved" ? value.gallery[0] : null;
  const gallery = savedMain ? value.gallery.slice(1) : value.gallery;
  const mainShown = value.main ?? savedMain;
  const mainFile = value.main?.kind === "new" ? value.main.file : null;
  const room = PRODUCT_GALLERY_MAX - gallery.length;

  const srcOf = (item: PictureItem) => (item.kind === "saved" ? item.src : (urls.get(item.id) ?? ""));
  const nameOf = (item: PictureItem) => (item.kind === "saved" ? "Saved picture" : item.file.name);

  async function addGallery(files: FileList | null) {
    const chosen = [...(files ?? [])];
    if (galleryRef.current) galleryRef.current.value = "";
    const checked = await Promise.all(chosen.map(async (file) => ({ file, problem: await imageFileProblem(file) })));
    const problems = checked.map((check) => check.problem).filter(Boolean);
    const good = checked.filter((check) => !check.problem).map((check) => check.file);
    const taken = good.slice(0, Math.max(0, room));
    setError(
      problems[0] ??
        (taken.length < good.length ? `A product has at most ${PRODUCT_GALLERY_MAX} gallery images.` : null),
    );
    if (taken.length > 0) onChange({ ...value, gallery: [...value.gallery, ...taken.map(newPicture)] });
  }

  /** Saved pictures keep their place before new ones: the server adds new files after those it keeps. */
  function canMove(item: PictureItem, by: -1 | 1): boolean {
    const from = value.gallery.indexOf(item);
    const target = value.gallery[from + by];
    return from + by >= (savedMain ? 1 : 0) && target !== undefined && target.kind === item.kind;
  }

  function move(item: PictureItem, by: -1 | 1) {
    if (!canMove(item, by)) return;
    const list = [...value.gallery];
    const from = list.indexOf(item);
    const to = from + by;
    [list[from], list[to]] = [list[to] as PictureItem, list[from] as PictureItem];
    onChange({ ...value, gallery: list });
    // Keep the keyboard on the same button of the moved picture.
    requestAnimationFrame(() => {
      document.getElementById(`${item.id}-${directions[by].word}`)?.focus();
    });
  }

  function remove(item: PictureItem) {
    onChange({ ...value, gallery: value.gallery.filter((other) => other !== item) });
    galleryRef.current?.focus();
  }

  function makeMain(item: PictureItem) {
    // A saved picture becomes main by moving to the front (the first saved picture is the main one).
    const rest = value.gallery.filter((other) => other !== item);
    onChange({ main: value.main, gallery: [item, ...rest] });
  }

  return (
    <div className="flex flex-col gap-6">
      <div>
        <h3 className="font-medium text-sm">Main image</h3>
        <div className="mt-2">
          <FileField
            id="product-main-image"
            kind="image"
            label={mainShown ? "Replace main image" : "Choose main image"}
            file={mainFile}
            onChange={(file) => onChange({ ...value, main: file ? newPicture(file) : null })}
            error={mainError}
            onError={setMainError}
            describedBy="product-images-hint"
            inputRef={mainRef}
            preview={{ look: "square", alt: `Main: ${mainFile?.name ?? ""}`, empty: "None" }}
            current={savedMain ? { src: savedMain.src, alt: "Main: Saved picture" } : null}
            removeLabel="Remove main image"
            onRemoveCurrent={() => onChange({ ...value, gallery: value.gallery.slice(1) })}
          />
        </div>
      </div>

      <div>
        <h3 className="font-medium text-sm">
          Gallery images{" "}
          <span className="font-normal text-muted">
            ({gallery.length} of {PRODUCT_GALLERY_MAX})
          </span>
        </h3>
        {gallery.length > 0 ? (
          <ol aria-label="Gallery images" className="mt-2 flex flex-col gap-2">
            {gallery.map((item, index) => (
              <li key={item.id} className="flex items-center gap-3 rounded-xl border border-line bg-white p-2">
                <img
                  src={srcOf(item)}
                  alt={`Gallery ${index + 1}: ${nameOf(item)}`}
                  className="size-14 shrink-0 rounded-lg object-cover"
                />
                <span className="min-w-0 flex-1 truncate text-sm">
                  {nameOf(item)}
                  {item.kind === "new" && <span className="ml-1.5 text-brand-700 text-xs">new</span>}
                </span>
                <span className="flex shrink-0 gap-1">
                  {editing && item.kind === "saved" && !value.main && (
                    <Button
                      onClick={() => makeMain(item)}
                      aria-label={`Make main: gallery image ${index + 1}`}
                      variant="secondary"
                      size="sm"
                      className="hidden sm:inline-flex"
                    >
                      Make main
                    </Button>
                  )}
                  {([-1, 1] as const).map((by) => (
                    <MoveButton
                      key={by}
                      id={item.id}
                      by={by}
                      position={index + 1}
                      disabled={!canMove(item, by)}
                      onClick={() => move(item, by)}
                    />
                  ))}
                  <Button
                    onClick={() => remove(item)}
                    aria-label={`Remove gallery image ${index + 1}`}
                    variant="danger"
                    size="icon"
                  >
                    <X aria-hidden="true" className="size-4" />
                  </Button>
                </span>
              </li>
            ))}
          </ol>
        ) : (
          <p className="mt-2 text-muted text-sm">No gallery images.</p>
        )}
        <div className="mt-3">
          <FileDrop
            id="product-gallery-images"
            label="Add gallery images"
            accept={IMAGE_ACCEPT}
            multiple
            disabled={room <= 0}
            describedBy="product-images-hint"
            inputRef={galleryRef}
            onFiles={addGallery}
          />
        </div>
      </div>
      <p id="product-images-hint" className="-mt-3 text-muted text-xs">
        JPEG, PNG or WebP, up to {megabytes(IMAGE_UPLOAD.maxBytes)} MB each. The main image shows first in the shop.
      </p>
      {(error ?? serverError) && (
        <p role="alert" className="font-medium text-red-700 text-sm">
          {error ?? serverError}
        </p>
      )}
    </div>
  );
}

/** What the form sends for the pictures: on edit KeepImages, new main and gallery files. */
export function picturesUpload(value: PicturesState, editing: boolean) {
  const newGallery = value.gallery.filter((item) => item.kind === "new");
  const saved = value.gallery.filter((item) => item.kind === "saved");
  return {
    mainImage: value.main?.kind === "new" ? value.main.file : null,
    gallery: newGallery.map((item) => (item.kind === "new" ? item.file : null)).filter((file) => file !== null),
    ...(editing ? { keepImages: saved.map((item) => (item.kind === "saved" ? item.key : "")) } : {}),
  };
}
