// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { useForm } from "react-hook-form";
import { afterEach, describe, expect, it, vi } from "vitest";
import { CheckboxChoices, CheckboxGroup, fieldProps, SelectField, TextAreaField, TextField } from "./field.tsx";

afterEach(cleanup);

interface Values {
  name: string;
  notes: string;
  kind: string;
}

/** A react-hook-form form with one of each field, bound by fieldProps; `problem` marks all three wrong. */
function Form({ problem }: { problem?: string }) {
  const form = useForm<Values>({ defaultValues: { name: "Ada", notes: "Some notes", kind: "a" } });
  const wrong = { type: "x", message: problem };
  const field = fieldProps(form, "test", problem ? { name: wrong, notes: wrong, kind: wrong } : undefined);
  return (
    <form>
      <TextField label="Name" hint="As on your ID" autoComplete="name" {...field("name")} />
      <TextAreaField label="Notes" rows={4} {...field("notes", "the-notes")} />
      <SelectField label="Kind" {...field("kind")}>
        <option value="a">A</option>
        <option value="b">B</option>
      </SelectField>
    </form>
  );
}

describe("TextField, TextAreaField and SelectField", () => {
  it("name their control by the label, take register's value and props, and describe it by the hint", () => {
    render(<Form />);
    const name = screen.getByRole("textbox", { name: "Name" });
    expect(name).toHaveProperty("id", "test-name");
    expect(name).toHaveProperty("value", "Ada");
    expect(name.getAttribute("autocomplete")).toBe("name");
    expect(name.getAttribute("aria-describedby")).toBe("test-name-hint");
    expect(name.getAttribute("aria-invalid")).toBeNull();

    const notes = screen.getByRole("textbox", { name: "Notes" });
    expect(notes.tagName).toBe("TEXTAREA");
    expect(notes).toHaveProperty("id", "the-notes");
    expect(notes).toHaveProperty("value", "Some notes");
    expect(notes.getAttribute("rows")).toBe("4");
    expect(notes.getAttribute("aria-describedby")).toBeNull();

    const kind = screen.getByRole("combobox", { name: "Kind" });
    expect(kind).toHaveProperty("id", "test-kind");
    expect(screen.getAllByRole("option")).toHaveLength(2);
  });

  it("mark a wrong control invalid and read its error out with it", () => {
    render(<Form problem="Please fill this in." />);
    for (const [control, id] of [
      [screen.getByRole("textbox", { name: "Name" }), "test-name"],
      [screen.getByRole("textbox", { name: "Notes" }), "the-notes"],
      [screen.getByRole("combobox", { name: "Kind" }), "test-kind"],
    ] as const) {
      expect(control.getAttribute("aria-invalid")).toBe("true");
      expect(control.getAttribute("aria-describedby")).toContain(`${id}-error`);
      expect(document.getElementById(`${id}-error`)?.textContent).toBe("Please fill this in.");
    }
  });
});

describe("CheckboxChoices", () => {
  function Choices({ onChosen }: { onChosen: (values: string[]) => void }) {
    const form = useForm<{ kinds: string[] }>({ defaultValues: { kinds: ["b"] } });
    return (
      <form onSubmit={form.handleSubmit((values) => onChosen(values.kinds))}>
        <CheckboxGroup id="kinds" legend="Kinds" error="Choose one or more.">
          <CheckboxChoices
            idPrefix="kind"
            options={[
              ["a", "Apples"],
              ["b", "Pears"],
              ["c", "Plums"],
            ]}
            input={form.register("kinds")}
          />
        </CheckboxGroup>
        <button type="submit">Send</button>
      </form>
    );
  }

  it("gives a box per option, all bound to one field, inside the group that reads out its error", async () => {
    let chosen: string[] = [];
    render(<Choices onChosen={(values) => (chosen = values)} />);
    const group = screen.getByRole("group", { name: "Kinds" });
    expect(group.getAttribute("aria-describedby")).toBe("kinds-error");
    const apples = screen.getByRole("checkbox", { name: "Apples" });
    expect(apples).toHaveProperty("id", "kind-a");
    expect(screen.getByRole("checkbox", { name: "Pears" })).toHaveProperty("checked", true);
    expect(screen.getByRole("checkbox", { name: "Plums" })).toHaveProperty("checked", false);

    fireEvent.click(apples);
    fireEvent.click(screen.getByRole("button", { name: "Send" }));
    await vi.waitFor(() => expect(chosen).toEqual(["a", "b"]));
  });
});
