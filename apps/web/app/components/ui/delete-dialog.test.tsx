// @vitest-environment happy-dom
import { act, cleanup, render, screen } from "@testing-library/react";
import { Toaster } from "sonner";
import { afterEach, describe, expect, it } from "vitest";
import { ApiRequestError } from "../../lib/api-error.ts";
import { type Deletion, useMutationDeletion } from "./delete-dialog.tsx";

afterEach(cleanup);

type Post = { id: string; title: string };
type Options = { onSuccess: () => void; onError: (error: Error) => void };

/** A delete mutation whose answer the test gives: what it was asked to delete, and how to answer. */
function deleteMutation() {
  const asked: { id: string; options: Options }[] = [];
  return {
    asked,
    mutation: { isPending: false, mutate: (id: string, options: Options) => asked.push({ id, options }) },
  };
}

function renderDeletion(after?: (post: Post) => void) {
  const { asked, mutation } = deleteMutation();
  const current: { deletion?: Deletion<Post> } = {};
  function Page() {
    current.deletion = useMutationDeletion(
      mutation,
      (post: Post) => post.id,
      { done: (post) => `“${post.title}” deleted`, failed: (post) => `Failed to delete “${post.title}”` },
      after,
    );
    return <Toaster />;
  }
  render(<Page />);
  const deletion = () => current.deletion as Deletion<Post>;
  act(() => deletion().ask({ id: "p1", title: "Fall sale" }));
  act(() => deletion().confirm());
  return { asked, deletion };
}

describe("useMutationDeletion", () => {
  it("deletes the item by its id, says so and closes the dialog", async () => {
    const { asked, deletion } = renderDeletion();
    expect(asked.map((call) => call.id)).toEqual(["p1"]);
    act(() => asked[0]?.options.onSuccess());
    expect(await screen.findByText("“Fall sale” deleted")).toBeTruthy();
    expect(deletion().item).toBeNull();
  });

  it("says why a deletion failed in the server's words and closes the dialog", async () => {
    const { asked, deletion } = renderDeletion();
    act(() => asked[0]?.options.onError(new ApiRequestError(409, "The post is pinned to the home page.")));
    expect(await screen.findByText("Failed to delete “Fall sale”: The post is pinned to the home page.")).toBeTruthy();
    expect(deletion().item).toBeNull();
  });

  it("leaves the dialog open for the page's own next step after a success", async () => {
    const left: string[] = [];
    const { asked, deletion } = renderDeletion((post) => left.push(post.id));
    act(() => asked[0]?.options.onSuccess());
    expect(left).toEqual(["p1"]);
    expect(deletion().item).toEqual({ id: "p1", title: "Fall sale" });
  });
});
