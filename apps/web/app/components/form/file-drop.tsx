import { ImagePlus, type LucideIcon } from "lucide-react";
import { type Ref, useState } from "react";

interface Props {
  id: string;
  /** What the picker does, e.g. "Choose main image"; it names the file input. */
  label: string;
  accept: string;
  multiple?: boolean;
  disabled?: boolean;
  invalid?: boolean;
  /** Ids of the hint and error that describe the input. */
  describedBy?: string;
  inputRef?: Ref<HTMLInputElement>;
  onFiles: (files: FileList | null) => void;
  icon?: LucideIcon;
}

/**
 * The dashboard's one file picker: a drop zone that opens the file dialog on click, Enter or
 * Space, and takes files dragged onto it. The native input stays in place (visually hidden) so
 * that keyboards, screen readers and the form's checks all use it.
 */
export function FileDrop({
  id,
  label,
  accept,
  multiple,
  disabled,
  invalid,
  describedBy,
  inputRef,
  onFiles,
  icon: Icon = ImagePlus,
}: Props) {
  const [dragging, setDragging] = useState(false);
  const look = disabled
    ? "cursor-not-allowed border-line bg-gray-50 text-muted"
    : dragging
      ? "cursor-copy border-brand-600 bg-brand-50"
      : invalid
        ? "cursor-pointer border-red-600 bg-white hover:bg-brand-50"
        : "cursor-pointer border-line bg-white hover:border-brand-600 hover:bg-brand-50";
  return (
    <label
      htmlFor={id}
      onDragOver={(event) => {
        if (disabled) return;
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={(event) => {
        event.preventDefault();
        setDragging(false);
        if (!disabled) onFiles(event.dataTransfer.files);
      }}
      className={`mt-1.5 flex items-center gap-3 rounded-xl border-2 border-dashed px-4 py-3 text-sm transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600 has-[:focus-visible]:outline-offset-2 ${look}`}
    >
      <Icon aria-hidden="true" className="size-5 shrink-0 text-brand-700" />
      <span>
        <span className="font-semibold">{label}</span>{" "}
        <span className="text-muted">{multiple ? "or drag them here" : "or drag it here"}</span>
      </span>
      <input
        ref={inputRef}
        id={id}
        type="file"
        accept={accept}
        multiple={multiple}
        disabled={disabled}
        aria-invalid={invalid ? true : undefined}
        aria-describedby={describedBy}
        onChange={(event) => onFiles(event.target.files)}
        className="sr-only"
      />
    </label>
  );
}
