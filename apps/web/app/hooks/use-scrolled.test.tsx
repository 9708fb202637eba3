// @vitest-environment happy-dom
import { act, renderHook } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { useScrolled } from "./use-scrolled.ts";

function scrollTo(y: number) {
  Object.defineProperty(window, "scrollY", { value: y, configurable: true });
  window.dispatchEvent(new Event("scroll"));
}

afterEach(() => scrollTo(0));

describe("useScrolled", () => {
  it("says whether the page is scrolled more than the threshold, as it scrolls", () => {
    const { result } = renderHook(() => useScrolled(10));
    expect(result.current).toBe(false);
    act(() => scrollTo(10));
    expect(result.current).toBe(false);
    act(() => scrollTo(11));
    expect(result.current).toBe(true);
    act(() => scrollTo(0));
    expect(result.current).toBe(false);
  });

  it("reads the position at once when mounted on a scrolled page, and stops listening when unmounted", () => {
    scrollTo(500);
    const { result, unmount } = renderHook(() => useScrolled(10));
    expect(result.current).toBe(true);
    unmount();
    act(() => scrollTo(0));
    expect(result.current).toBe(true);
  });
});
