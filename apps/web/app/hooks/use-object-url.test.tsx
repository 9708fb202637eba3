// @vitest-environment happy-dom
import { renderHook } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { useObjectUrl } from "./use-object-url.ts";

afterEach(() => vi.restoreAllMocks());

describe("useObjectUrl", () => {
  it("gives a file an address, releases it when the file changes or the form goes away", () => {
    let made = 0;
    vi.spyOn(URL, "createObjectURL").mockImplementation(() => `blob:preview-${++made}`);
    const revoke = vi.spyOn(URL, "revokeObjectURL").mockImplementation(() => {});
    const first = new File(["a"], "a.png", { type: "image/png" });
    const { result, rerender, unmount } = renderHook(({ file }) => useObjectUrl(file), {
      initialProps: { file: first as File | null },
    });
    expect(result.current).toBe("blob:preview-1");

    rerender({ file: new File(["b"], "b.png", { type: "image/png" }) });
    expect(revoke).toHaveBeenCalledWith("blob:preview-1");
    expect(result.current).toBe("blob:preview-2");

    rerender({ file: null });
    expect(revoke).toHaveBeenCalledWith("blob:preview-2");
    expect(result.current).toBeNull();

    unmount();
    expect(revoke).toHaveBeenCalledTimes(2);
  });
});
