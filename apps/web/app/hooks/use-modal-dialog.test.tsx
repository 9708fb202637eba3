// @vitest-environment happy-dom
import { act, renderHook } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { useEscapeWhileOpening } from "./use-modal-dialog.ts";

const press = (key: string) => window.dispatchEvent(new KeyboardEvent("keydown", { key }));

describe("useEscapeWhileOpening", () => {
  it("closes on Escape while asked for, and listens no more once closed", () => {
    const close = vi.fn();
    const { rerender, unmount } = renderHook(({ open }) => useEscapeWhileOpening(open, close), {
      initialProps: { open: true },
    });
    act(() => press("Enter"));
    expect(close).not.toHaveBeenCalled();
    act(() => press("Escape"));
    expect(close).toHaveBeenCalledTimes(1);
    rerender({ open: false });
    act(() => press("Escape"));
    expect(close).toHaveBeenCalledTimes(1);
    unmount();
  });
});
