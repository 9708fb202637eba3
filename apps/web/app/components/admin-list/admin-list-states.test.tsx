// @vitest-environment happy-dom
import { cleanup, render, screen } from "@testing-library/react";
import { Tags } from "lucide-react";
import type { ComponentProps } from "react";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { AdminList, type ListQuery, pageOf } from "./admin-list.tsx";

afterEach(cleanup);

type Data = { items: string[]; total: number; page: number; pageSize: number };

function answered(data: Data): ListQuery<Data> {
  return { data, isPending: false, isError: false, error: null, isPlaceholderData: false, refetch: () => {} };
}

const none = answered({ items: [], total: 0, page: 1, pageSize: 25 });

/** The list on its own address, as a dashboard page shows it. */
async function showList(address: string, props: Partial<ComponentProps<typeof AdminList<Data, string>>>) {
  const query = props.query ?? none;
  const Stub = createRoutesStub([
    {
      path: "/dashboard/tags",
      Component: () => (
        <AdminList
          query={query}
          page={query.data && pageOf(query.data)}
          noun={{ one: "tag", many: "tags" }}
          icon={Tags}
          table={(items) => (
            <ul>
              {items.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          )}
          empty={{ title: "No tags yet", children: "Tags you add appear here." }}
          {...props}
        />
      ),
    },
  ]);
  render(<Stub initialEntries={[address]} />);
  await screen.findByText(/^\d+ tags?/);
}

describe("AdminList", () => {
  it("says a list with nothing at all is empty, with no way to clear anything", async () => {
    await showList("/dashboard/tags", {});
    expect(screen.getByRole("heading", { name: "No tags yet" })).toBeTruthy();
    expect(screen.queryByRole("link")).toBeNull();
    expect(screen.getByText("0 tags")).toBeTruthy();
  });

  it("says a narrowed list matched nothing, in its summary and with the way back to the whole list", async () => {
    await showList("/dashboard/tags?q=zz&kind=red", {
      narrowed: { title: "No tags found", children: "Nothing fits." },
    });
    expect(screen.getByRole("heading", { name: "No tags found" })).toBeTruthy();
    expect(screen.getByText("0 tags matching the filters")).toBeTruthy();
    const clear = screen.getByRole("link", { name: "Clear the search and filters" });
    expect(clear.getAttribute("href")).toBe("/dashboard/tags");
  });

  it("takes the list's own words for what it matches and where clearing leads", async () => {
    await showList("/dashboard/tags?q=zz", {
      narrowed: { matching: " matching “zz”", title: "No tags found", children: "Nothing fits.", clearTo: "/x" },
    });
    expect(screen.getByText("0 tags matching “zz”")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Clear the search" }).getAttribute("href")).toBe("/x");
  });

  it("shows the rows and counts them; the empty states stay away", async () => {
    const query = answered({ items: ["red", "blue"], total: 2, page: 1, pageSize: 25 });
    await showList("/dashboard/tags?q=e", { query, narrowed: { title: "No tags found", children: "Nothing fits." } });
    expect(screen.getAllByRole("listitem").map((item) => item.textContent)).toEqual(["red", "blue"]);
    expect(screen.getByText("2 tags matching the filters")).toBeTruthy();
    expect(screen.queryByText("No tags found")).toBeNull();
  });
});
