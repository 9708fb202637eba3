// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { useState } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { FileField, type FileKind, fileProblem, fileSizeInWords } from "./file-field.tsx";

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const bytes = (head: number[], size = 64) => {
  const all = new Uint8Array(Math.max(size, head.length));
  all.set(head);
  return all;
};
const png = (name: string, size?: number) => new File([bytes(PNG, size)], name, { type: "image/png" });
const pdf = (name: string) =>
  new File([new TextEncoder().encode("%PDF-1.7\n%%EOF")], name, { type: "application/pdf" });

beforeEach(() => {
  vi.spyOn(URL, "createObjectURL").mockImplementation(() => "blob:preview");
  vi.spyOn(URL, "revokeObjectURL").mockImplementation(() => {});
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

/** A form's use of the field: its own state for the file and the problem. */
function Form({
  kind,
  current,
  onRemoveCurrent,
}: {
  kind: FileKind;
  current?: { src: string; alt: string };
  onRemoveCurrent?: () => void;
}) {
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  return (
    <FileField
      id="field"
      label="Choose a file"
      kind={kind}
      file={file}
      onChange={setFile}
      error={error}
      onError={setError}
      describedBy="hint"
      preview={kind === "image" ? { look: "square", alt: "Preview", empty: "No image" } : undefined}
      current={current ?? null}
      removeLabel="Remove file"
      {...(onRemoveCurrent ? { onRemoveCurrent } : {})}
    />
  );
}

const choose = (file: File) => fireEvent.change(screen.getByLabelText(/^Choose a file/), { target: { files: [file] } });

describe("fileProblem", () => {
  it("checks a picture and a PDF against the shared upload limits", async () => {
    expect(await fileProblem(png("a.png"), "image")).toBeNull();
    expect(await fileProblem(png("big.png", 10 * 1024 * 1024 + 1), "image")).toBe(
      "“big.png” is too large: at most 10 MB.",
    );
    expect(await fileProblem(pdf("a.pdf"), "pdf")).toBeNull();
    expect(await fileProblem(png("a.pdf"), "pdf")).toBe("“a.pdf” is not a PDF.");
  });

  it("says a size in KB or MB", () => {
    expect(fileSizeInWords(10)).toBe("1 KB");
    expect(fileSizeInWords(200 * 1024)).toBe("200 KB");
    expect(fileSizeInWords(2.5 * 1024 * 1024)).toBe("2.5 MB");
  });
});

describe("FileField", () => {
  it("takes a good picture, shows it and its name, and removes it", async () => {
    render(<Form kind="image" />);
    const input = screen.getByLabelText(/^Choose a file/);
    expect(input.getAttribute("accept")).toBe("image/jpeg,image/png,image/webp");
    choose(png("dot.png"));
    expect(await screen.findByRole("img", { name: "Preview" })).toBeTruthy();
    expect(screen.getByText("dot.png")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Remove file" }));
    await waitFor(() => expect(screen.queryByRole("img", { name: "Preview" })).toBeNull());
    expect(screen.getByText("No image")).toBeTruthy();
    expect(document.activeElement).toBe(input);
  });

  it("refuses a file that is not what it says, beside the picker, and drops the earlier choice", async () => {
    render(<Form kind="image" />);
    choose(png("dot.png"));
    await screen.findByRole("img", { name: "Preview" });
    choose(new File([bytes([0x47, 0x49, 0x46, 0x38])], "fake.png", { type: "image/png" }));
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toBe("“fake.png” is not a JPEG, PNG or WebP image.");
    const input = screen.getByLabelText(/^Choose a file/);
    expect(input.getAttribute("aria-invalid")).toBe("true");
    expect(input.getAttribute("aria-describedby")).toBe("hint field-error");
    expect(screen.queryByRole("img", { name: "Preview" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Remove file" })).toBeNull();
  });

  it("shows the saved picture until one is chosen, and removes it only when the form can", async () => {
    const removeCurrent = vi.fn();
    const { unmount } = render(<Form kind="image" current={{ src: "/saved.webp", alt: "Saved" }} />);
    expect(screen.getByRole("img", { name: "Saved" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Remove file" })).toBeNull();
    unmount();
    render(<Form kind="image" current={{ src: "/saved.webp", alt: "Saved" }} onRemoveCurrent={removeCurrent} />);
    fireEvent.click(screen.getByRole("button", { name: "Remove file" }));
    expect(removeCurrent).toHaveBeenCalledOnce();
  });

  it("names a chosen PDF with its size and takes only PDFs", async () => {
    render(<Form kind="pdf" />);
    expect(screen.getByLabelText(/^Choose a file/).getAttribute("accept")).toBe("application/pdf,.pdf");
    choose(pdf("report.pdf"));
    expect(await screen.findByText("report.pdf · 1 KB")).toBeTruthy();
    choose(new File(["<html>"], "page.pdf", { type: "application/pdf" }));
    expect((await screen.findByRole("alert")).textContent).toBe("“page.pdf” is not a PDF.");
    expect(screen.queryByText("report.pdf · 1 KB")).toBeNull();
  });
});
